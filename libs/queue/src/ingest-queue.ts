import { Queue } from 'bullmq';
import { QUEUE_NAMES, type IngestJob } from '@docqa/contracts';
import { closeQueue, type QueueOptions } from './question-queue';

/** Producer of the `ingest` queue. */
export class IngestQueue {
  readonly queue: Queue<IngestJob>;
  private readonly attempts: number;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: QueueOptions, onError: (err: Error) => void = () => undefined) {
    this.attempts = options.attempts;
    this.queue = new Queue<IngestJob>(QUEUE_NAMES.ingest, {
      connection: options.connection,
      prefix: options.prefix,
    });
    this.queue.on('error', onError);
  }

  async enqueue(job: IngestJob): Promise<void> {
    await this.queue.add('ingest', job, {
      jobId: job.job_id,
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  /** Closes the queue; when Redis is unreachable, drops the connection instead of waiting for it. */
  async close(): Promise<void> {
    await closeQueue(this.queue);
  }
}
