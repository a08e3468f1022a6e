import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { ChannelDeliveryJobSchema, QUEUE_NAMES, type ChannelDeliveryJob } from '@docqa/contracts';

/** Options of {@link createDeliveryWorker}. */
export interface DeliveryWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  /** Posts one delivery (the channels' `ChannelDelivery`); rejects to be tried again. */
  deliverer: { deliver(job: ChannelDeliveryJob, deliveryId: string): Promise<void> };
  logger: Logger;
  lockMs: number;
  /**
   * Deliveries one worker runs at once: each mostly waits on its answer's events.
   * @defaultValue 50
   */
  concurrency?: number;
}

/**
 * Consumes the `deliveries` queue: posts Slack and Discord answers while they stream. A failed
 * attempt (the platform down) is tried again with back-off; a dead worker's delivery is handed on
 * within a lock time and resumes from the answer's stored events. Logs each failure, and the
 * answer left unposted once no attempt is left.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): Worker<ChannelDeliveryJob> {
  const worker = new Worker<ChannelDeliveryJob>(
    QUEUE_NAMES.deliveries,
    async (job) => {
      const payload = ChannelDeliveryJobSchema.safeParse(job.data);
      if (!payload.success) throw new UnrecoverableError(`malformed delivery job: ${payload.error.message}`);
      await options.deliverer.deliver(payload.data, job.id!);
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 50,
      lockDuration: options.lockMs,
      stalledInterval: Math.max(1000, Math.floor(options.lockMs / 2)),
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => options.logger.error({ err }, 'delivery worker error'));
  worker.on('failed', (job, err) => {
    const context = { err: { name: err.name, message: err.message }, jobId: job?.id };
    const last = !job || err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (last) options.logger.error(context, 'the answer is stored but could not be posted to its channel');
    else options.logger.warn(context, 'posting an answer to its channel failed; it is tried again');
  });
  return worker;
}
