import { Queue } from 'bullmq';
import { QUEUE_NAMES, scheduleIntervalMs, type SourceSyncJob } from '@docqa/contracts';
import { closeQueue, type QueueOptions } from './question-queue';

/**
 * Producer of the `sources` queue: syncs asked for now, and each source's schedule as a BullMQ
 * job scheduler (kept in Redis, so it survives restarts and fires once for all workers).
 */
export class SourceQueue {
  readonly queue: Queue<SourceSyncJob>;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: Omit<QueueOptions, 'attempts'>, onError: (err: Error) => void = () => undefined) {
    this.queue = new Queue<SourceSyncJob>(QUEUE_NAMES.sources, {
      connection: options.connection,
      prefix: options.prefix,
    });
    this.queue.on('error', onError);
  }

  /** Queues a sync now under `jobId`. */
  async enqueue(job: SourceSyncJob, jobId: string): Promise<void> {
    await this.queue.add('sync', job, {
      jobId,
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  /** Creates or replaces the source's schedule (`6h` or a cron expression, UTC). */
  async schedule(tenant: string, sourceId: string, schedule: string): Promise<void> {
    const every = scheduleIntervalMs(schedule);
    await this.queue.upsertJobScheduler(
      schedulerId(tenant, sourceId),
      every ? { every } : { pattern: schedule, tz: 'UTC' },
      {
        name: 'sync',
        data: { tenant, source_id: sourceId, trigger: 'schedule' },
        opts: { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } },
      },
    );
  }

  /** Removes the source's schedule, if any. */
  async unschedule(tenant: string, sourceId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId(tenant, sourceId));
  }

  async close(): Promise<void> {
    await closeQueue(this.queue);
  }
}

/** The job scheduler id of a source. */
export function schedulerId(tenant: string, sourceId: string): string {
  return `source:${tenant}:${sourceId}`;
}
