import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { TokenCache, TokenStore } from '@docqa/auth';
import type { Config } from '@docqa/config';
import { API_BASE_PATH } from '@docqa/contracts';
import type { Metrics } from '@docqa/metrics';
import { createInsightsServices } from '@docqa/insights';
import { QuestionQueue, QueueWatch } from '@docqa/queue';
import { QuestionService } from '@docqa/questions';
import {
  ChangeFeed,
  FeedbackStore,
  Keys,
  QuestionStore,
  SettingsStore,
  bullConnection,
  closeRedis,
  connectRedis,
  migrateKeyLayout,
  redisTarget,
} from '@docqa/records';
import { createAdminServices } from './admin-services';
import type { Embedder, VectorStore } from '@docqa/retrieval';
import type { Searcher } from '@docqa/retrieval';
import { createApp, type RouteGroup } from './app';
import { HealthService, type Probe } from './health-service';
import { answerClientError } from './http/problem-handler';
import { QuestionRateLimiter } from './http/rate-limit';
import { createSearchBoxDeps } from './search-box-deps';

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
  close?: () => Promise<void>;
}

/** A running API. */
export interface ApiHandle {
  url: string;
  server: Server;
  /** Every mounted operation, `METHOD /api/v2/path/{param}/` (the OpenAPI document must list each). */
  operations: string[];
  /** Stops accepting connections, ends open streams, and closes Redis. */
  close(): Promise<void>;
}

/** Starts the HTTP API on `config.port` (0: a free port). */
export async function startApi(
  config: Config,
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
  const keys = new Keys(config.redisPrefix);
  const target = redisTarget(config);
  const redis = await connectRedis(target, 'command', 'docqa-api');
  const subscriber = await connectRedis(target, 'blocking', 'docqa-api-sub');
  await migrateKeyLayout(redis, keys, opts.logger);
  const ttlSeconds = config.recordTtlDays * 86400;
  const store = new QuestionStore({ redis, keys, ttlSeconds });
  const queue = new QuestionQueue(
    {
      connection: bullConnection(target, 'command', 'docqa-api-queue'),
      prefix: keys.queuePrefix(),
      attempts: config.jobAttempts,
    },
    (err) => opts.logger.warn({ err }, 'questions queue connection error'),
  );
  await queue.queue.waitUntilReady();
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
  const insights = createInsightsServices({
    redis,
    keys,
    store,
    retentionDays: config.analyticsRetentionDays,
    knowledge: services.knowledge,
    now: services.now,
  });
  const { app, routes } = createApp(
    {
      version: opts.version,
      logger: opts.logger,
      redis,
      keys,
      tokens: tokenCache,
      admin: createAdminServices(config, { redis, keys }),
      store,
      questions: new QuestionService({ store, queue, feed }),
      settings: new SettingsStore({ redis, keys }),
      feedback: new FeedbackStore({ redis, keys, ttlSeconds }),
      insights,
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
    },
    services.routeGroups ?? [],
  );

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
      await Promise.allSettled([
        feed.close(),
        queue.close(),
        watch?.close(),
        services.close?.(),
        // Searches still waiting for typing to settle are counted before Redis closes.
        insights.searches.close(),
      ]);
      await closeRedis(redis);
    },
  };
}
