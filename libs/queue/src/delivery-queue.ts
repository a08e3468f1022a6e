import { QUEUE_NAMES, type ChannelDeliveryJob } from '@docqa/contracts';
import { KEEP_FINISHED, QueueProducer, type QueueOptions } from './queue-producer';

/**
 * Attempts of a channel delivery: with back-off doubling from 1 s, a platform may be down for about
 * two minutes before the post is given up (a Discord interaction token lasts 15).
 */
export const DELIVERY_ATTEMPTS = 8;

/**
 * Producer of the `deliveries` queue: channel answers the worker posts to Slack and Discord, each
 * retried with back-off while the platform is down and taken over by another worker after a crash.
 */
export class DeliveryQueue extends QueueProducer<ChannelDeliveryJob> {
  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: Omit<QueueOptions, 'attempts'>, onError?: (err: Error) => void) {
    super(QUEUE_NAMES.deliveries, options, onError);
  }

  /** Enqueues a delivery under `jobId`: the same id again (a platform's retry) is a no-op. */
  async enqueue(job: ChannelDeliveryJob, jobId: string): Promise<void> {
    await this.queue.add('deliver', job, {
      jobId,
      attempts: DELIVERY_ATTEMPTS,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP_FINISHED,
    });
  }
}
