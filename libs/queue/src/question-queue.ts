import type { JobsOptions } from 'bullmq';
import { QUEUE_NAMES, type QuestionJob, type QuestionPriority } from '@docqa/contracts';
import { KEEP_FINISHED, QueueProducer, type QueueOptions } from './queue-producer';

/**
 * Priority of batch questions. BullMQ takes jobs without a priority first, then prioritized ones,
 * so interactive questions (no priority) always go ahead of a batch.
 */
export const BATCH_PRIORITY = 10;

/** Producer of the `questions` queue. */
export class QuestionQueue extends QueueProducer<QuestionJob> {
  /** The options of a job of each priority, less its id: built once. */
  private readonly options: Record<QuestionPriority, JobsOptions>;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: QueueOptions, onError?: (err: Error) => void) {
    super(QUEUE_NAMES.questions, options, onError);
    const common = {
      attempts: options.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      ...KEEP_FINISHED,
      removeOnComplete: { ...KEEP_FINISHED.removeOnComplete, count: 10000 },
    };
    this.options = { interactive: common, batch: { ...common, priority: BATCH_PRIORITY } };
  }

  /** Enqueues a question; the job id is the question id, so a replayed request never enqueues twice. */
  async enqueue(job: QuestionJob, priority: QuestionPriority = 'interactive'): Promise<void> {
    await this.queue.add('answer', job, this.jobOptions(job, priority));
  }

  /** Enqueues many questions in one round trip. */
  async enqueueMany(jobs: QuestionJob[], priority: QuestionPriority): Promise<void> {
    await this.queue.addBulk(
      jobs.map((data) => ({ name: 'answer', data, opts: this.jobOptions(data, priority) })),
    );
  }

  /**
   * Removes the finished (completed or failed) jobs of these questions, so enqueueing them again
   * starts a new job: the job id is the question id, and BullMQ ignores an add for an id it holds.
   */
  async removeFinished(questionIds: string[]): Promise<void> {
    for (const id of questionIds) {
      const job = await this.queue.getJob(id);
      if (job && (job.finishedOn !== undefined || (await job.isFailed()))) await job.remove();
    }
  }

  private jobOptions(job: QuestionJob, priority: QuestionPriority): JobsOptions {
    return { ...this.options[priority], jobId: job.question_id };
  }
}
