import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import pino from 'pino';
import { Queue } from 'bullmq';
import { TokenStore } from '@docqa/auth';
import { type Scope } from '@docqa/contracts';
import { loadConfig, type Config } from '@docqa/config';
import { API_BASE_PATH, QUEUE_NAMES, type Filter } from '@docqa/contracts';
import type { Answerer } from '@docqa/answering';
import type { ApiServices } from '@docqa/api-server';
// The test stack composes its processes as the apps do, through the one root.
import { composeApi, composeWorker } from '@docqa/composition';
import type { Metrics } from '@docqa/metrics';
import {
  Keys,
  bullConnection,
  closeRedis,
  connectRedis,
  redisTarget,
  releaseBullConnection,
} from '@docqa/redis';

/**
 * Services of an API without a knowledge base, for tests and benches of questions and the widget:
 * searches find nothing, no health probes, the model probe passes.
 */
export function noKnowledgeBase(): ApiServices {
  return {
    retrieval: { search: async () => ({ results: [], took_ms: 0 }) },
    probes: {},
    modelProbe: async () => undefined,
  };
}

/** Options of {@link startStack}. */
export interface StackOptions {
  /** Redis to use; default the tests' private one (`TEST_REDIS_URL`). */
  redisUrl?: string;
  /** Key prefix; default a fresh one. */
  prefix?: string;
  /**
   * Settings beyond the defaults, as environment variables (e.g. `{ JOB_LOCK_MS: '2000' }`;
   * `REDIS_SENTINELS` or `REDIS_CLUSTER_NODES` to run on a Sentinel set-up or a Cluster).
   */
  env?: Record<string, string>;
  /** How the worker answers (default: the real pipeline of the configured providers). */
  answerer?: Answerer;
  /** Knowledge-base services of the API (default: the real ones). */
  services?: ApiServices;
  /** Start no worker (tests that run their own). */
  noWorker?: boolean;
  /** Folder of the built widget to serve at /widget/. */
  widgetDir?: string;
  /** Folder of the built administration portal to serve at /admin/. */
  adminDir?: string;
  /** Serve the demo page at `/` with a widget token of this tenant (see {@link Stack.demoToken}). */
  demoTenant?: string;
  /** Clock of the question log and its reports (tests move it instead of waiting). */
  now?: () => number;
  logger?: Logger;
  /** Metrics the API and worker fill (the real processes make one each). */
  metrics?: { api?: Metrics; worker?: Metrics };
  /** Record when each token was last used (default true; benchmarks turn it off to compare). */
  recordTokenUse?: boolean;
}

/** A running API + worker for integration and browser tests. */
export interface Stack {
  config: Config;
  baseUrl: string;
  /** `baseUrl + '/api/v2/'`. */
  apiUrl: string;
  redisUrl: string;
  prefix: string;
  /** Every operation the API mounted (see `ApiHandle.operations`). */
  operations: string[];
  tokens: TokenStore;
  /** The demo page's widget token, with `demoTenant`. */
  demoToken?: string;
  createToken(opts: {
    tenant: string;
    scopes: Scope[];
    origins?: string[];
    widget?: boolean;
    filters?: Filter[];
    tenants?: string[];
    rateLimit?: number;
  }): Promise<string>;
  /**
   * Resolves once the questions and deliveries queues hold no job waiting, delayed or running:
   * what a test checks after it (questions asked, answers written and posted to their channels)
   * is then final, however slow the machine.
   */
  waitUntilIdle(): Promise<void>;
  /** Stops the API process (the worker goes on), as a crash or a deploy between requests would. */
  stopApi(): Promise<void>;
  /** Starts a worker (the real pipeline, or `answerer`) when none runs. */
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the real API and worker in this process on a free port. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('startStack needs redisUrl or TEST_REDIS_URL');
  const prefix = options.prefix ?? `stack-${Math.random().toString(36).slice(2, 10)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'docqa-stack-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const logger = options.logger ?? pino({ level: config.logLevel });
  const redis = await connectRedis(redisTarget(config), 'command', 'docqa-stack');
  const tokens = new TokenStore({ redis, keys: new Keys(prefix) });
  // The demo page is same-origin with the API, so the token's origin list is never consulted.
  const demoToken = options.demoTenant
    ? await createWidgetToken(tokens, options.demoTenant, ['http://demo.invalid'])
    : undefined;
  const api = await composeApi(config, {
    logger,
    version: 'test',
    widgetDir: options.widgetDir,
    adminDir: options.adminDir,
    demoToken,
    metrics: options.metrics?.api,
    recordTokenUse: options.recordTokenUse,
    services: options.services,
    now: options.now,
  });
  const startWorker = () =>
    composeWorker(config, { logger, answerer: options.answerer, metrics: options.metrics?.worker });
  let worker = options.noWorker ? null : await startWorker();
  let apiOpen = true;
  return {
    config,
    baseUrl: api.url,
    apiUrl: `${api.url}${API_BASE_PATH}/`,
    redisUrl,
    prefix,
    operations: api.operations,
    tokens,
    demoToken,
    async createToken(opts) {
      const { token } = await tokens.create(opts);
      return token;
    },
    async waitUntilIdle() {
      const connection = bullConnection(redisTarget(config), 'blocking', 'docqa-stack-idle');
      const queues = [QUEUE_NAMES.questions, QUEUE_NAMES.deliveries].map(
        (name) => new Queue(name, { connection, prefix: new Keys(prefix).queuePrefix() }),
      );
      try {
        for (;;) {
          const counts = await Promise.all(
            queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
          );
          if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await Promise.all(queues.map((q) => q.close()));
        await releaseBullConnection(connection);
      }
    },
    async stopApi() {
      await (apiOpen && api.close());
      apiOpen = false;
    },
    async startWorker() {
      worker ??= await startWorker();
    },
    async stopWorker() {
      await worker?.close(0);
      worker = null;
    },
    async close() {
      await worker?.close(1000);
      if (apiOpen) await api.close();
      rmSync(dataDir, { recursive: true, force: true });
      await closeRedis(redis);
    },
  };
}

async function createWidgetToken(tokens: TokenStore, tenant: string, origins: string[]): Promise<string> {
  const { token } = await tokens.create({ tenant, scopes: ['ask'], widget: true, origins });
  return token;
}
