import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '@docqa/config';
import type { Answerer } from '@docqa/answering';
import { QuestionProcessor } from '@docqa/questions';
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
  /** Finishes the jobs in hand (up to `graceMs`), then hands back the rest and disconnects. */
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
  });
  const inFlight = new Set<Promise<unknown>>();
  const workers: Worker[] = [
    createQuestionWorker({
      inFlight,
      connection: { url: config.redisUrl, maxRetriesPerRequest: null },
      prefix: keys.queuePrefix(),
      concurrency: config.workerConcurrency,
      lockMs: config.jobLockMs,
      processor,
      store,
      logger: deps.logger,
    }),
  ];
  for (const factory of deps.consumers ?? [])
    workers.push(await factory({ config, keys, logger: deps.logger }));
  await Promise.all(workers.map((w) => w.waitUntilReady()));

  return {
    async close(graceMs = 10_000) {
      // close() waits for active jobs; past the grace period force it: the jobs' locks lapse and
      // another worker's stalled check picks them up.
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
      if ((await Promise.race([graceful, timer])) === 'timeout')
        await Promise.all(workers.map((w) => w.close(true)));
      await closeRedis(redis);
    },
  };
}
