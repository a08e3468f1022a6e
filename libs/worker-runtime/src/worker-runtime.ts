import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@docqa/config';
import type { Answerer } from '@docqa/answering';
import { QuestionProcessor } from '@docqa/questions';
import { QuestionLog } from '@docqa/insights';
import { Keys, QuestionStore, closeRedis, connectRedis } from '@docqa/records';
import { createQuestionWorker } from './question-worker';

/** Extra queue consumers (the ingest worker comes from the knowledge-base wiring). */
export type ConsumerFactory = (ctx: {
  config: Config;
  keys: Keys;
  logger: Logger;
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
  deps: { answerer: Answerer; logger: Logger; consumers?: ConsumerFactory[]; flushIntervalMs?: number },
): Promise<WorkerHandle> {
  const keys = new Keys(config.redisPrefix);
  const redis = await connectRedis(config.redisUrl, 'blocking', 'docqa-worker');
  const store = new QuestionStore({ redis, keys, ttlSeconds: config.recordTtlDays * 86400 });
  const processor = new QuestionProcessor({
    store,
    answerer: deps.answerer,
    logger: deps.logger,
    flushIntervalMs: deps.flushIntervalMs,
    log: new QuestionLog({ redis, keys, retentionDays: config.analyticsRetentionDays }),
  });
  const inFlight = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  const workers: Worker[] = [
    createQuestionWorker({
      inFlight,
      shutdown: shutdown.signal,
      connection: { url: config.redisUrl, maxRetriesPerRequest: null },
      prefix: keys.queuePrefix(),
      concurrency: config.workerConcurrency,
      lockMs: config.jobLockMs,
      processor,
      logger: deps.logger,
    }),
  ];
  for (const factory of deps.consumers ?? [])
    workers.push(await factory({ config, keys, logger: deps.logger }));
  await Promise.all(workers.map((w) => w.waitUntilReady()));

  return {
    async close(graceMs = 10_000) {
      // close() waits for active jobs. Past the grace period the answers are aborted and handed
      // back; anything that still hangs is forced, and its lock lapses for the stalled check.
      const graceful = Promise.all(workers.map((w) => w.close()));
      const within = (ms: number) =>
        Promise.race([
          graceful.then(() => true),
          new Promise<false>((r) => setTimeout(() => r(false), ms).unref()),
        ]);
      if (!(await within(graceMs))) {
        shutdown.abort();
        if (!(await within(5_000))) await Promise.all(workers.map((w) => w.close(true)));
      }
      await closeRedis(redis);
    },
  };
}
