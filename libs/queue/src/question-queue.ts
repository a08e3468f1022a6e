import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { QUEUE_NAMES, type QuestionJob, type QuestionPriority } from '@docqa/contracts';
import { releaseBullConnection } from '@docqa/records';

/** Options shared by the producers and workers of docqa's queues. */
export interface QueueOptions {
  connection: ConnectionOptions;
  /** BullMQ key prefix (`Keys.queuePrefix()`). */
  prefix: string;
  /** Attempts per job; back-off between them is exponential from 1 s. */
  attempts: number;
}

/**
 * Priority of batch questions. BullMQ takes jobs without a priority first, then prioritized ones,
 * so interactive questions (no priority) always go ahead of a batch.
 */
export const BATCH_PRIORITY = 10;

/** Producer of the `questions` queue. */
export class QuestionQueue {
  readonly queue: Queue<QuestionJob>;
  private readonly attempts: number;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(options: QueueOptions, onError: (err: Error) => void = () => undefined) {
    this.attempts = options.attempts;
    this.queue = new Queue<QuestionJob>(QUEUE_NAMES.questions, {
      connection: options.connection,
      prefix: options.prefix,
    });
    this.queue.on('error', onError);
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
    return {
      jobId: job.question_id,
      attempts: this.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      priority: priority === 'batch' ? BATCH_PRIORITY : undefined,
      removeOnComplete: { age: 3600, count: 10000 },
      removeOnFail: { age: 24 * 3600 },
    };
  }

  /** Closes the queue; when Redis is unreachable, drops the connection instead of waiting for it. */
  async close(): Promise<void> {
    await closeQueue(this.queue);
  }
}

/** Closes a BullMQ queue (and its Cluster client) without hanging on a Redis that is gone. */
export async function closeQueue(queue: Queue): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    queue.close().then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 1000))),
  ]);
  clearTimeout(timer);
  if (!closed) await queue.disconnect();
  await releaseBullConnection(queue.opts.connection);
}
