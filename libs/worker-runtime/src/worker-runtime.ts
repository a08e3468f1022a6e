import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@docqa/config';
import type { Answerer } from '@docqa/answering';
import { QuestionLog } from '@docqa/insights';
import type { Metrics } from '@docqa/metrics';
import { QuestionProcessor } from '@docqa/questions';
import { QueueWatch } from '@docqa/queue';
import { QuestionStore } from '@docqa/records';
import {
  Keys,
  bullConnection,
  closeRedis,
  connectRedis,
  dropBullConnections,
  migrateKeyLayout,
  redisTarget,
  releaseBullConnection,
} from '@docqa/redis';
import { questionEndLog } from './answer-metrics';
import { createQuestionWorker } from './question-worker';

/** Extra queue consumers (the ingest worker comes from the knowledge-base wiring). */
export type ConsumerFactory = (ctx: {
  config: Config;
  keys: Keys;
  logger: Logger;
  metrics?: Metrics;
}) => Worker | Promise<Worker>;

/** A running worker process's consumers. */
export interface WorkerHandle {
  /**
   * Finishes the jobs in hand (up to `graceMs`), then aborts the answers still running, moves
   * their jobs back to the queue for another worker, and disconnects.
   */
  close(graceMs?: number): Promise<void>;
}

/** Starts the queue consumers of one worker process. */
export async function startWorker(
  config: Config,
  deps: {
    answerer: Answerer;
    logger: Logger;
    consumers?: ConsumerFactory[];
    flushIntervalMs?: number;
    /** Filled with answer, ingest and queue metrics when given. */
    metrics?: Metrics;
  },
): Promise<WorkerHandle> {
  const keys = new Keys(config.redisPrefix);
  const target = redisTarget(config);
  const redis = await connectRedis(target, 'blocking', 'docqa-worker');
  await migrateKeyLayout(redis, keys, deps.logger);
  const store = new QuestionStore({ redis, keys, ttlSeconds: config.recordTtlDays * 86400 });
  const processor = new QuestionProcessor({
    store,
    answerer: deps.answerer,
    logger: deps.logger,
    flushIntervalMs: deps.flushIntervalMs,
    log: questionEndLog(
      new QuestionLog({ redis, keys, retentionDays: config.analyticsRetentionDays }),
      deps.metrics,
    ),
  });
  const inFlight = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  const workers: Worker[] = [
    createQuestionWorker({
      inFlight,
      shutdown: shutdown.signal,
      connection: bullConnection(target, 'blocking', 'docqa-worker-questions'),
      prefix: keys.queuePrefix(),
      concurrency: config.workerConcurrency,
      lockMs: config.jobLockMs,
      processor,
      logger: deps.logger,
    }),
  ];
  for (const factory of deps.consumers ?? [])
    workers.push(await factory({ config, keys, logger: deps.logger, metrics: deps.metrics }));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  let watch: QueueWatch | undefined;
  if (deps.metrics) {
    watch = new QueueWatch({ connection: redis, prefix: keys.queuePrefix() });
    deps.metrics.watchQueues(watch.counts);
  }

  return {
    async close(graceMs = 10_000) {
      // close() waits for active jobs. Past the grace period the answers are aborted and handed
      // back; anything that still hangs (a job, or Redis gone: BullMQ's QUIT waits for it for
      // ever) has its connections dropped, and its lock lapses for the stalled check.
      const graceful = Promise.all(workers.map((w) => w.close()));
      const within = (ms: number) =>
        Promise.race([
          graceful.then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), ms).unref()),
        ]);
      if (!(await within(graceMs))) {
        shutdown.abort();
        if (!(await within(5_000))) await Promise.all(workers.map((w) => dropBullConnections(w)));
      }
      await Promise.all(workers.map((w) => releaseBullConnection(w.opts.connection)));
      await watch?.close();
      await closeRedis(redis);
    },
  };
}
