import { QUEUE_NAMES, scheduleIntervalMs, type SourceSyncJob } from '@docqa/contracts';
import { KEEP_FINISHED, QueueProducer, type QueueOptions } from './queue-producer';

/**
 * Producer of the `sources` queue: syncs asked for now, and each source's schedule as a BullMQ
 * job scheduler (kept in Redis, so it survives restarts and fires once for all workers).
 */
export class SourceQueue extends QueueProducer<SourceSyncJob> {
  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: Omit<QueueOptions, 'attempts'>, onError?: (err: Error) => void) {
    super(QUEUE_NAMES.sources, options, onError);
  }

  /** Queues a sync now under `jobId`. */
  async enqueue(job: SourceSyncJob, jobId: string): Promise<void> {
    await this.queue.add('sync', job, { jobId, ...KEEP_FINISHED });
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
        opts: { ...KEEP_FINISHED },
      },
    );
  }

  /** Removes the source's schedule, if any. */
  async unschedule(tenant: string, sourceId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId(tenant, sourceId));
  }
}

/** The job scheduler id of a source. */
export function schedulerId(tenant: string, sourceId: string): string {
  return `source:${tenant}:${sourceId}`;
}
