import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { TokenCache, TokenStore } from '@docqa/auth';
import { API_BASE_PATH } from '@docqa/contracts';
import type { Metrics } from '@docqa/metrics';
import { createInsightsServices } from '@docqa/insights';
import { QueueWatch, type DeliveryQueue, type QuestionQueue } from '@docqa/queue';
import { QuestionService } from '@docqa/questions';
import { DocVersions, DocumentStore } from '@docqa/ingest';
import { FeedbackStore, QuestionStore, SettingsStore } from '@docqa/records';
import { ChangeFeed, type Keys } from '@docqa/redis';
import { createAdminServices, type AdminSettings } from './admin-services';
import { createEvalService, type EvalSettings } from './eval-services';
import type { Embedder } from '@docqa/embedders';
import type { Searcher, VectorStore } from '@docqa/retrieval';
import type { ApiDeps } from './api-deps';
import { createApp, type RouteGroup } from './app';
import { createChannels, type ChannelSettings } from './channel-services';
import { HealthService, type Probe } from './health-service';
import { answerClientError } from './http/problem-handler';
import { QuestionRateLimiter } from './http/rate-limit';
import { createSearchBoxDeps, type SearchBoxSettings } from './search-box-deps';

/** What the API needs from the knowledge base and the model, built by the caller. */
export interface ApiServices {
  retrieval: Searcher;
  /** Probes of `basic` health beyond Redis (vector store, embeddings). */
  probes: Record<string, Probe>;
  /** Probe of the language model for `full` health. */
  modelProbe: Probe;
  /** Route groups beyond the built-in ones (documents, jobs). */
  routeGroups?: RouteGroup[];
  /** The knowledge base's embedder and vector store, for the coverage gaps report. */
  knowledge?: { embedder: Embedder; store: VectorStore };
  /** Clock of the question log and its reports (tests move it instead of waiting). @defaultValue Date.now */
  now?: () => number;
}

/** The settings the API reads (named as in `@docqa/config`). */
export interface ApiSettings extends AdminSettings, EvalSettings, ChannelSettings, SearchBoxSettings {
  /** Port to listen on (0: a free port). */
  port: number;
  host: string;
  requestTimeoutMs: number;
  /** Largest JSON body (`64kb`). */
  bodyLimit: string;
  /** Largest body of `POST /documents/`. */
  documentsBodyLimit: string;
  /** Express's `trust proxy`. */
  trustProxy: string;
  recordTtlDays: number;
  analyticsRetentionDays: number;
  rateLimitPerMinute: number;
  widgetRateLimitPerMinute: number;
  visitorRateLimitPerMinute: number;
  questionMaxChars: number;
  questionMetadataMaxBytes: number;
  batchMaxQuestions: number;
}

/** The connections and the queue the API works with, opened (and closed) by its composition root. */
export interface ApiClients {
  /** The command connection (fails fast: a 503 rather than a hung request). */
  redis: Redis;
  /** The pub/sub connection of the change feed and the token cache. */
  subscriber: Redis;
  keys: Keys;
  /** The `questions` queue's producer. */
  queue: QuestionQueue;
  /** The `deliveries` queue's producer: Slack and Discord answers the worker posts. */
  deliveries: DeliveryQueue;
}

/** A running API. */
export interface ApiHandle {
  url: string;
  server: Server;
  /** Every mounted operation, `METHOD /api/v2/path/{param}/` (the OpenAPI document must list each). */
  operations: string[];
  /** Stops accepting connections and ends open streams (the connections are the caller's). */
  close(): Promise<void>;
}

/** Starts the HTTP API on `config.port` (0: a free port). */
export async function startApi(
  config: ApiSettings,
  clients: ApiClients,
  services: ApiServices,
  opts: {
    logger: Logger;
    version: string;
    widgetDir?: string;
    swaggerUiDir?: string;
    adminDir?: string;
    demoToken?: string;
    docsDir?: string;
    metrics?: Metrics;
    /** Record when each token was last used (default true; off only to measure its cost). */
    recordTokenUse?: boolean;
  },
): Promise<ApiHandle> {
  const { redis, subscriber, keys, queue } = clients;
  const ttlSeconds = config.recordTtlDays * 86400;
  const store = new QuestionStore({ redis, keys, ttlSeconds });
  // The queues' figures in the API's metrics too: a deployment that scrapes only its API replicas
  // still sees questions, documents and syncs waiting.
  let watch: QueueWatch | undefined;
  if (opts.metrics) {
    watch = new QueueWatch({ connection: redis, prefix: keys.queuePrefix() });
    opts.metrics.watchQueues(watch.counts);
  }
  const feed = new ChangeFeed({ subscriber, keys });
  const tokenCache = new TokenCache({
    tokens: new TokenStore({ redis, keys }),
    subscriber,
    keys,
    recordUse: opts.recordTokenUse,
    onUseError: (err) => opts.logger.warn({ err }, "a token's last use could not be recorded"),
  });
  await tokenCache.start();
  const health = new HealthService({
    version: opts.version,
    basic: { redis: async () => void (await redis.ping()), ...services.probes },
    model: services.modelProbe,
  });
  const versions = new DocVersions({ documents: new DocumentStore({ redis, keys }), redis, keys });
  const questions = new QuestionService({ store, queue, feed, versions });
  const settings = new SettingsStore({ redis, keys });
  const deps: ApiDeps = {
    version: opts.version,
    logger: opts.logger,
    redis,
    keys,
    tokens: tokenCache,
    admin: createAdminServices(config, { redis, keys }),
    store,
    questions,
    settings,
    evals: createEvalService(config, { redis, keys, questions, settings, logger: opts.logger }),
    feedback: new FeedbackStore({ redis, keys, ttlSeconds }),
    insights: createInsightsServices({
      redis,
      keys,
      store,
      retentionDays: config.analyticsRetentionDays,
      knowledge: services.knowledge,
      now: services.now,
    }),
    rateLimiter: new QuestionRateLimiter({
      redis,
      keys,
      limits: {
        perToken: config.rateLimitPerMinute,
        perWidgetToken: config.widgetRateLimitPerMinute,
        perVisitor: config.visitorRateLimitPerMinute,
      },
    }),
    retrieval: services.retrieval,
    versions,
    search: createSearchBoxDeps(config, {
      redis,
      keys,
      retrieval: services.retrieval,
      store: services.knowledge?.store,
      logger: opts.logger,
    }),
    health,
    publicUrl: config.publicUrl,
    basePath: API_BASE_PATH,
    bodyLimit: config.bodyLimit,
    documentsBodyLimit: config.documentsBodyLimit,
    questionLimits: {
      questionChars: config.questionMaxChars,
      metadataBytes: config.questionMetadataMaxBytes,
      batchQuestions: config.batchMaxQuestions,
    },
    heartbeatMs: 15_000,
    trustProxy: config.trustProxy,
    widgetDir: opts.widgetDir,
    swaggerUiDir: opts.swaggerUiDir,
    adminDir: opts.adminDir,
    demoToken: opts.demoToken,
    metrics: opts.metrics,
    docsDir: opts.docsDir,
  };
  // Slack and Discord (DESIGN §15) over the same services as the routes.
  deps.channels = createChannels(config, deps, clients.deliveries);
  const { app, routes } = createApp(deps, services.routeGroups ?? []);

  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      // Idle keep-alive connections outlive the clients' own idle time-outs (undici 4 s, load
      // balancers 60 s), so a client never reuses a connection the server is closing (ECONNRESET).
      keepAliveTimeout: 65_000,
      // Node checks request time-outs at this interval (30 s by default, longer than a short limit).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.requestTimeoutMs / 4)),
    },
    app,
  )
    .on('clientError', answerClientError)
    .listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    server,
    operations: routes.operations(),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Long polls and event streams would hold the server open; they reconnect elsewhere.
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      await deps.evals?.runner.close();
      await deps.channels?.close();
      await Promise.allSettled([
        feed.close(),
        watch?.close(),
        // Searches still waiting for typing to settle are counted before Redis closes.
        deps.insights?.searches.close(),
      ]);
    },
  };
}
