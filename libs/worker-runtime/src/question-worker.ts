import { UnrecoverableError, WaitingError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { QUEUE_NAMES, QuestionJobSchema, type QuestionJob } from '@docqa/contracts';
import { DependencyUnavailableError, toProblem } from '@docqa/errors';
import { FinalFailure, type QuestionProcessor } from '@docqa/questions';

/** Options of the `questions` consumer. */
export interface QuestionWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  /** Lock of a running job; a dead worker's job is handed on after it expires. */
  lockMs: number;
  processor: QuestionProcessor;
  logger: Logger;
  /** Answers in progress, so a graceful stop can wait for them. */
  inFlight: Set<Promise<unknown>>;
  /** Aborted when a stop's grace period is over: the answers in hand go back to the queue. */
  shutdown: AbortSignal;
}

/**
 * Consumes the `questions` queue. A job whose worker died is found by BullMQ's stalled check and
 * run again (the processor restarts the answer cleanly); one that still fails is marked failed in
 * its record, so no question stays pending.
 */
export function createQuestionWorker(options: QuestionWorkerOptions): Worker<QuestionJob> {
  const { logger } = options;
  const worker = new Worker<QuestionJob>(
    QUEUE_NAMES.questions,
    // BullMQ's cancellation signal is not passed on: closing a worker would abort the answers in
    // hand, while a graceful stop lets them finish; past its grace period `shutdown` aborts them
    // and they are moved back to the queue for another worker (no wait for a lock to lapse).
    async (job, token) => {
      const payload = QuestionJobSchema.safeParse(job.data);
      if (!payload.success) throw new UnrecoverableError(`malformed questions job: ${payload.error.message}`);
      const run = options.processor.process(
        { data: payload.data, attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 },
        options.shutdown,
      );
      options.inFlight.add(run);
      try {
        await run;
      } catch (err) {
        if (err instanceof FinalFailure) throw new UnrecoverableError(err.message);
        if (options.shutdown.aborted && token) {
          await job.moveToWait(token);
          logger.info({ jobId: job.id }, 'question handed back to the queue on shutdown');
          throw new WaitingError();
        }
        throw err;
      } finally {
        options.inFlight.delete(run);
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: Math.max(1000, Math.floor(options.lockMs / 2)),
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => logger.error({ err }, 'questions worker error'));
  worker.on('failed', (job, err) => {
    if (!job) return;
    // BullMQ fails a job it gives up on (started or stalled too often) with an UnrecoverableError.
    const exhausted = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    const payload = QuestionJobSchema.safeParse(job.data);
    if (!exhausted || !payload.success) return;
    // Covers jobs failed outside the processor: the record must not stay pending.
    const problem = toProblem(new DependencyUnavailableError(`answering failed: ${err.message}`));
    options.processor
      .markFailed(payload.data.question_id, problem)
      .catch((e) => logger.error({ err: e }, 'could not mark question failed'));
  });
  worker.on('stalled', (jobId) =>
    logger.warn({ jobId }, 'question job stalled; handing it to another worker'),
  );
  return worker;
}
