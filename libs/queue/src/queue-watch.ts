import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAMES } from '@docqa/contracts';
import type { QueueJobCounts } from '@docqa/metrics';

/** The job states a process's metrics report per queue. */
const WATCHED_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

/**
 * Reads the jobs of every docqa queue (questions, ingest, sources) per state, for the metrics of
 * an API or worker process, over a connection the process has anyway: BullMQ counts them with
 * one script per queue and leaves a connection it was given open when the watch closes.
 */
export class QueueWatch {
  private readonly queues: Queue[];

  constructor(options: {
    /** A connection of the process; a command connection makes a read fail fast when Redis is down. */
    connection: Redis;
    /** BullMQ key prefix (`Keys.queuePrefix()`). */
    prefix: string;
  }) {
    this.queues = Object.values(QUEUE_NAMES).map((name) => {
      const queue = new Queue(name, { connection: options.connection, prefix: options.prefix });
      // Errors of the shared connection are the process's own connection errors, reported where
      // it is used; a queue without a listener would print each one as raw text between the JSON
      // log lines.
      queue.on('error', () => undefined);
      return queue;
    });
  }

  /** Each queue's name and its jobs per state, for `Metrics.watchQueues`. */
  get counts(): QueueJobCounts[] {
    return this.queues.map((queue) => ({
      name: queue.name,
      counts: () => queue.getJobCounts(...WATCHED_STATES),
    }));
  }

  /** Closes the queues (not the connection they share). */
  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
  }
}
