import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Channels } from '@docqa/channels';
import type {
  AdminAccountStore,
  AdminSessionStore,
  AuditLog,
  OidcSignIn,
  TokenCache,
  TokenStore,
} from '@docqa/auth';
import type { QuestionLimits } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import type { DocVersions } from '@docqa/ingest';
import type { Metrics } from '@docqa/metrics';
import type { QuestionService } from '@docqa/questions';
import type { FeedbackStore, QuestionStore, SettingsStore } from '@docqa/records';
import type { Keys } from '@docqa/redis';
import type { InsightsServices } from '@docqa/insights';
import type { EvalService } from '@docqa/evals';
import type { HealthService } from './health-service';
import type { QuestionRateLimiter } from './http/rate-limit';
import type { SessionAuth } from './http/session-auth';
import type { SignInLimiter } from './http/sign-in-limiter';
import type { SearchBoxDeps } from './search-box-deps';

/** The administration portal's services (accounts, sessions, tokens, audit log). */
export interface AdminDeps {
  accounts: AdminAccountStore;
  /** Admin actions, sign-ins and sign-outs. */
  audit: AuditLog;
  sessions: AdminSessionStore;
  sessionAuth: SessionAuth;
  signInLimiter: SignInLimiter;
  tokenStore: TokenStore;
  /** Single sign-on (OIDC_ISSUER_URL): the flow and the name on its button; none when unset. */
  sso?: { signIn: OidcSignIn; name: string };
  /** Whether admins may sign in with email and password (PASSWORD_SIGNIN). */
  passwordSignIn: boolean;
  /** Days an API token created without an expiry lives (TOKEN_EXPIRES_DAYS). */
  tokenExpiresDays: number;
}

/** Everything the HTTP layer uses, built by the composition root. */
export interface ApiDeps {
  version: string;
  logger: Logger;
  redis: Redis;
  keys: Keys;
  /** Verifies bearer tokens. */
  tokens: TokenCache;
  /** Portal accounts, sessions and the token store the admin API manages. */
  admin: AdminDeps;
  store: QuestionStore;
  questions: QuestionService;
  settings: SettingsStore;
  feedback: FeedbackStore;
  rateLimiter: QuestionRateLimiter;
  /** The question log and the admin reports over it (insights, conversations, gaps, export). */
  insights?: InsightsServices;
  /** Evaluation sets and runs (DESIGN §16). */
  evals?: EvalService;
  retrieval: Searcher;
  /** The tenants' docs versions (`GET /versions/`) and the version each request runs in. */
  versions: DocVersions;
  /** The widget's as-you-type search (`POST /search/`) and its rate limits. */
  search: SearchBoxDeps;
  health: HealthService;
  /** `PUBLIC_URL`: its origin is the installation's own, with loopback on the API's port (see `ownOrigin`). */
  publicUrl?: string;
  /** Path prefix of the API (`/api/v2`). */
  basePath: string;
  bodyLimit: string;
  documentsBodyLimit: string;
  /** Sizes of questions, their metadata and batches. */
  questionLimits: QuestionLimits;
  heartbeatMs: number;
  trustProxy: string;
  /** Folder of the built widget, served at `/widget/` (`/widget/assistant-widget.js`), if built. */
  widgetDir?: string;
  /** Folder of Swagger UI's pre-compressed files (`dist/swagger-ui`), if built. */
  swaggerUiDir?: string;
  /** Folder of the built administration portal, served at `/admin/`, if built. */
  adminDir?: string;
  /** Token the demo page at `/` embeds; no demo page without it. */
  demoToken?: string;
  /** Request and stream metrics, filled when given. */
  metrics?: Metrics;
  /** docqa's docs/ folder, served as the demo's docs pages under `/demo/docs/` (with the demo). */
  docsDir?: string;
  /** Slack and Discord: their endpoints and the tenants' integration settings, when built. */
  channels?: Channels;
}
