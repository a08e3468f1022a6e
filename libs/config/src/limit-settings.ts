import { z } from 'zod';
import { folder, int } from './setting-schemas';
import { trustProxy } from './trust-proxy';

/**
 * The settings that bound what one request, upload, sign-in or client may cost (bodies, uploads,
 * sessions, tokens, batches, rate limits), in the order of the README's table; part of
 * {@link SETTINGS}.
 */
export const LIMIT_SETTINGS = {
  bodyLimit: {
    env: 'BODY_LIMIT',
    schema: z.string().regex(/^\d+(b|kb|mb)$/i),
    default: '64kb',
    doc: 'Largest JSON body.',
  },
  documentsBodyLimit: {
    env: 'DOCUMENTS_BODY_LIMIT',
    schema: z.string().regex(/^\d+(b|kb|mb)$/i),
    default: '10mb',
    doc: 'Largest body of POST /documents/.',
  },
  requestTimeoutMs: {
    env: 'REQUEST_TIMEOUT_MS',
    schema: int(500, 3600000),
    default: '30000',
    doc: 'Longest time a client may take to send a whole request (headers and body); a slower one gets 408.',
  },
  questionMaxChars: {
    env: 'QUESTION_MAX_CHARS',
    schema: int(1, 100000),
    default: '4000',
    doc: 'Longest question, in characters.',
  },
  uploadMaxFileMb: {
    env: 'UPLOAD_MAX_FILE_MB',
    schema: int(1, 1024),
    default: '10',
    doc: 'Largest file of POST /documents/upload, in MB.',
  },
  uploadMaxFiles: {
    env: 'UPLOAD_MAX_FILES',
    schema: int(1, 1000),
    default: '20',
    doc: 'Most files in one POST /documents/upload.',
  },
  uploadDir: {
    env: 'UPLOAD_DIR',
    schema: folder.optional(),
    default: undefined,
    doc: 'Folder where uploads wait for a worker (defaults to DATA_DIR/uploads); on several machines, one they all share.',
  },
  uploadTenantInflightMb: {
    env: 'UPLOAD_TENANT_INFLIGHT_MB',
    schema: int(1, 1_000_000),
    default: '500',
    doc: 'MB of one tenant’s uploads waiting for ingestion; an upload past it gets 429 with Retry-After.',
  },
  uploadInflightMb: {
    env: 'UPLOAD_INFLIGHT_MB',
    schema: int(1, 10_000_000),
    default: '2000',
    doc: 'MB of all tenants’ uploads waiting for ingestion; an upload past it gets 429 with Retry-After.',
  },
  adminSessionIdleMinutes: {
    env: 'ADMIN_SESSION_IDLE_MINUTES',
    schema: int(1, 43200),
    default: '720',
    doc: 'Minutes a portal session lives without a request (12 h).',
  },
  adminSignInLimitPerEmail: {
    env: 'ADMIN_SIGNIN_LIMIT_PER_EMAIL',
    schema: int(1, 1000000),
    default: '10',
    doc: 'Failed portal sign-ins for an email from one client IP before that IP waits (15 min, doubling).',
  },
  adminSignInLimitPerIp: {
    env: 'ADMIN_SIGNIN_LIMIT_PER_IP',
    schema: int(1, 1000000),
    default: '30',
    doc: 'Portal sign-in attempts per 15 minutes per client IP, all emails together.',
  },
  tokenExpiresDays: {
    env: 'TOKEN_EXPIRES_DAYS',
    schema: int(1, 3650),
    default: '90',
    doc: 'Days a new API token lives unless told (`--expires never`: none); widget tokens never expire unless told.',
  },
  questionMetadataMaxBytes: {
    env: 'QUESTION_METADATA_MAX_BYTES',
    schema: int(2, 65536),
    default: '4096',
    doc: 'Largest `question_metadata`, in bytes of JSON.',
  },
  batchMaxQuestions: {
    env: 'BATCH_MAX_QUESTIONS',
    schema: int(1, 1000),
    default: '100',
    doc: 'Most questions in one `POST /question/batch/`.',
  },
  mcpAnswerTimeoutSeconds: {
    env: 'MCP_ANSWER_TIMEOUT_SECONDS',
    schema: int(1, 600),
    default: '120',
    doc: 'How long the MCP tools `ask_question` and `get_answer` wait for an answer before they give up.',
  },
  rateLimitPerMinute: {
    env: 'RATE_LIMIT_PER_MINUTE',
    schema: int(1, 1000000),
    default: '600',
    doc: 'Questions per minute per token.',
  },
  widgetRateLimitPerMinute: {
    env: 'WIDGET_RATE_LIMIT_PER_MINUTE',
    schema: int(1, 1000000),
    default: '60',
    doc: 'Questions per minute per widget token.',
  },
  visitorRateLimitPerMinute: {
    env: 'VISITOR_RATE_LIMIT_PER_MINUTE',
    schema: int(1, 1000000),
    default: '20',
    doc: 'Questions per minute per visitor IP on a widget token.',
  },
  searchRateLimitPerMinute: {
    env: 'SEARCH_RATE_LIMIT_PER_MINUTE',
    schema: int(1, 1000000),
    default: '6000',
    doc: 'Search-box searches (`POST /search/`) per minute per token.',
  },
  visitorSearchesPerMinute: {
    env: 'VISITOR_SEARCHES_PER_MINUTE',
    schema: int(1, 1000000),
    default: '120',
    doc: 'Search-box searches per minute per visitor IP on a widget token.',
  },
  searchWordsRefreshSeconds: {
    env: 'SEARCH_WORDS_REFRESH_SECONDS',
    schema: int(1, 86400),
    default: '60',
    doc: "Seconds between checks of a tenant's chunks for changes, which rebuild its search-box index in the background.",
  },
  trustProxy: {
    env: 'TRUST_PROXY',
    schema: trustProxy,
    default: 'loopback',
    doc: 'Express `trust proxy` setting, for visitor IPs behind a proxy: `true`, `false`, a hop count, or addresses and subnets.',
  },
} as const;
