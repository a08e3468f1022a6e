import {
  QUEUE_NAMES,
  REINDEX_JOB,
  UPLOAD_JOB,
  type IngestJob,
  type ReindexJob,
  type UploadJob,
} from '@docqa/contracts';
import { KEEP_FINISHED, QueueProducer, type QueueOptions } from './queue-producer';

/**
 * Producer of the `ingest` queue: documents (`ingest` jobs), uploaded files ({@link UPLOAD_JOB})
 * and re-chunkings ({@link REINDEX_JOB}).
 */
export class IngestQueue extends QueueProducer<IngestJob | UploadJob | ReindexJob> {
  private readonly attempts: number;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: QueueOptions, onError?: (err: Error) => void) {
    super(QUEUE_NAMES.ingest, options, onError);
    this.attempts = options.attempts;
  }

  async enqueue(job: IngestJob): Promise<void> {
    await this.queue.add('ingest', job, this.jobOptions(job.job_id));
  }

  /** Queues the ingestion of stored files (the job holds their paths, never their content). */
  async enqueueUpload(job: UploadJob): Promise<void> {
    await this.queue.add(UPLOAD_JOB, job, this.jobOptions(job.job_id));
  }

  /** Queues the re-chunking of a tenant's documents of an older chunking version. */
  async enqueueReindex(job: ReindexJob): Promise<void> {
    await this.queue.add(REINDEX_JOB, job, this.jobOptions(job.job_id));
  }

  /** Whether job `id` still waits or runs (neither finished nor removed). */
  async isLive(id: string): Promise<boolean> {
    const state = await this.queue.getJobState(id);
    return state !== 'completed' && state !== 'failed' && state !== 'unknown';
  }

  private jobOptions(jobId: string) {
    return {
      jobId,
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP_FINISHED,
    };
  }
}
