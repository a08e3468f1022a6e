import { QUEUE_NAMES, type IngestJob } from '@docqa/contracts';
import { KEEP_FINISHED, QueueProducer, type QueueOptions } from './queue-producer';

/** Producer of the `ingest` queue. */
export class IngestQueue extends QueueProducer<IngestJob> {
  private readonly attempts: number;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: QueueOptions, onError?: (err: Error) => void) {
    super(QUEUE_NAMES.ingest, options, onError);
    this.attempts = options.attempts;
  }

  async enqueue(job: IngestJob): Promise<void> {
    await this.queue.add('ingest', job, {
      jobId: job.job_id,
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP_FINISHED,
    });
  }
}
