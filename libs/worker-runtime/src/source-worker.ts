import { DelayedError, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { QUEUE_NAMES, SourceSyncJobSchema, type SourceSyncJob, type SyncRecord } from '@docqa/contracts';

/** How long a sync waits before trying again when another sync of its source is running. */
const BUSY_RETRY_MS = 2000;

/**
 * Consumes the `sources` queue (syncs asked for and scheduled) with the SourceSyncer of
 * @docqa/sync. A sync whose source is being synced elsewhere waits (delayed) and tries again.
 */
export function createSourceWorker(options: {
  connection: ConnectionOptions;
  prefix: string;
  syncer: { sync(job: SourceSyncJob, jobId: string): Promise<SyncRecord | null> };
  logger: Logger;
  lockMs: number;
}): Worker<SourceSyncJob> {
  const worker = new Worker<SourceSyncJob>(
    QUEUE_NAMES.sources,
    async (job, token) => {
      const payload = SourceSyncJobSchema.safeParse(job.data);
      if (!payload.success) throw new UnrecoverableError(`malformed sync job: ${payload.error.message}`);
      try {
        return await options.syncer.sync(payload.data, job.id!);
      } catch (err) {
        if ((err as { code?: string }).code !== 'sync_busy') throw err;
        await job.moveToDelayed(Date.now() + BUSY_RETRY_MS, token);
        throw new DelayedError();
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      // One sync at a time per worker: a sync fetches with its own concurrency and embeds.
      concurrency: 1,
      lockDuration: options.lockMs,
      // A dead worker's sync is handed on within a lock time, as a question is (BullMQ's default
      // check, every 30 s, kept a sync waiting up to half a minute more); stalled twice, as when the
      // worker that took it over is itself starved for a lock time, it is still handed on.
      stalledInterval: Math.max(1000, Math.floor(options.lockMs / 2)),
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => options.logger.error({ err }, 'source worker error'));
  worker.on('failed', (job, err) => options.logger.warn({ err, jobId: job?.id }, 'source sync job failed'));
  return worker;
}
