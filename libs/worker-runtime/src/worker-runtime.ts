import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Answerer } from '@docqa/answering';
import { QuestionLog } from '@docqa/insights';
import type { Metrics } from '@docqa/metrics';
import { QuestionProcessor } from '@docqa/questions';
import { QueueWatch } from '@docqa/queue';
import { QuestionStore } from '@docqa/records';
import {
  bullConnection,
  dropBullConnections,
  releaseBullConnection,
  type Keys,
  type RedisTarget,
} from '@docqa/redis';
import { questionEndLog } from './answer-metrics';
import { createQuestionWorker } from './question-worker';

/** The settings of the questions consumer (named as in `@docqa/config`). */
export interface WorkerSettings {
  /** Answers one worker process runs at once. */
  workerConcurrency: number;
  /** How long a job's lock lasts without renewal, ms. */
  jobLockMs: number;
  recordTtlDays: number;
  analyticsRetentionDays: number;
}

/** The connections the worker works with, opened (and closed) by its composition root. */
export interface WorkerClients {
  /** Where BullMQ opens the questions consumer's own connections. */
  target: RedisTarget;
  /** The answer path's connection: it rides out an outage (`blocking`) rather than lose an answer. */
  redis: Redis;
  keys: Keys;
}

/** A running worker process's consumers. */
export interface WorkerHandle {
  /**
   * Finishes the jobs in hand (up to `graceMs`), then aborts the answers still running, moves
   * their jobs back to the queue for another worker, and disconnects the consumers (the
   * connections given are the caller's).
   */
  close(graceMs?: number): Promise<void>;
}

/** Starts the queue consumers of one worker process. */
export async function startWorker(
  config: WorkerSettings,
  clients: WorkerClients,
  deps: {
    answerer: Answerer;
    logger: Logger;
    /** Consumers of other queues (ingest, sources), closed with the questions consumer. */
    consumers?: Worker[];
    flushIntervalMs?: number;
    /** Filled with answer, ingest and queue metrics when given. */
    metrics?: Metrics;
  },
): Promise<WorkerHandle> {
  const { target, redis, keys } = clients;
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
  workers.push(...(deps.consumers ?? []));
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
    },
  };
}
