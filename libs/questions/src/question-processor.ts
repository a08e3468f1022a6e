import type { Logger } from 'pino';
import { AppError, toProblem } from '@docqa/errors';
import {
  API_BASE_PATH,
  EVAL_RUN_METADATA_KEY,
  type Channel,
  type Problem,
  type QuestionJob,
  type QuestionRecord,
  type Source,
} from '@docqa/contracts';
import type { AnswerRecords, StoredQuestion, WriteResult } from '@docqa/records';
import type { Answerer } from '@docqa/answering';
import { AnswerSupersededError, AnswerWriter } from './answer-writer';

/** Earlier turns given to the answerer with a follow-up. */
export const HISTORY_TURNS = 6;

/** The facts of a job run the processor needs (a BullMQ job provides them). */
export interface JobRun {
  data: QuestionJob;
  /** Attempts already failed before this one. */
  attemptsMade: number;
  /** Attempts allowed in all. */
  attempts: number;
}

/** How a run ended, for the worker to tell BullMQ. */
export type RunOutcome = 'answered' | 'skipped';

/** Where ended questions are logged for analytics (the insights library's question log). */
export interface QuestionEndLog {
  /** Logs an ended question once; repeated calls for the same question change nothing. */
  questionEnded(
    question: { tenant: string; channel: Channel; record: QuestionRecord },
    firstPartialAt: number | null,
  ): Promise<unknown>;
}

/** Raised when a failure must not be retried; the worker turns it into BullMQ's UnrecoverableError. */
export class FinalFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'FinalFailure';
  }
}

/**
 * Answers one queued question: restarts the record cleanly for this attempt, streams the
 * answerer's output into it (coalesced), and finishes it ready, or failed after the last attempt
 * or at once for a non-retryable error. A retryable failure is rethrown for BullMQ to retry.
 */
export class QuestionProcessor {
  constructor(
    private readonly deps: {
      store: AnswerRecords;
      answerer: Answerer;
      logger: Logger;
      flushIntervalMs?: number;
      /** Logs each question when it ends (ready or failed). */
      log?: QuestionEndLog;
    },
  ) {}

  /**
   * @param signal aborts the answer (a worker shutting down); the error is rethrown as is and the
   *   record is left for the next attempt, never marked failed.
   */
  async process(run: JobRun, signal?: AbortSignal): Promise<RunOutcome> {
    const { store } = this.deps;
    const id = run.data.question_id;
    const stored = await store.getStored(id);
    if (!stored) return 'skipped';
    if (stored.record.is_ready) {
      // A run that ended the question but stopped before logging it: the log is idempotent.
      await this.logEnded(id, null);
      return 'skipped';
    }
    const attempt = stored.attempt + 1;
    const started = await store.start(id, attempt, 'retrieving');
    if (started === 'terminal' || started === 'stale') return 'skipped';

    const writer = new AnswerWriter(store, id, attempt, this.deps.flushIntervalMs);
    const timing = { firstPartialAt: null as number | null };
    try {
      const sources = await this.stream(stored, attempt, writer, timing, signal);
      await writer.flush();
      await store.finish(id, attempt, sources);
      await this.logEnded(id, timing.firstPartialAt);
      return 'answered';
    } catch (err) {
      writer.discard();
      if (err instanceof AnswerSupersededError) return 'skipped';
      // Stopped by a shutdown: the job is handed back, and the next attempt restarts the answer.
      if (signal?.aborted) throw err;
      const final = !isRetryable(err) || run.attemptsMade + 1 >= run.attempts;
      this.deps.logger.warn({ err, questionId: id, attempt, final }, 'answering failed');
      if (!final) throw err;
      await this.markFailed(id, toProblem(err, `${API_BASE_PATH}/question/${id}/`));
      throw new FinalFailure(err);
    }
  }

  /** Marks a question failed for good and logs it (also for jobs that failed outside {@link process}). */
  async markFailed(id: string, problem: Problem): Promise<void> {
    await this.deps.store.fail(id, problem);
    await this.logEnded(id, null);
  }

  /** Logs the question as it ended; a logging failure is reported, never fails the answer. */
  private async logEnded(id: string, firstPartialAt: number | null): Promise<void> {
    if (!this.deps.log) return;
    try {
      const stored = await this.deps.store.getStored(id);
      if (!stored?.record.is_ready) return;
      // An evaluation run's questions are not visitors': they stay out of the insights and gaps.
      if (stored.metadata[EVAL_RUN_METADATA_KEY] !== undefined) return;
      await this.deps.log.questionEnded(
        { tenant: stored.tenant, channel: stored.channel, record: stored.record },
        firstPartialAt,
      );
    } catch (err) {
      this.deps.logger.error({ err, questionId: id }, 'could not log the question for insights');
    }
  }

  private async stream(
    stored: StoredQuestion,
    attempt: number,
    writer: AnswerWriter,
    timing: { firstPartialAt: number | null },
    signal?: AbortSignal,
  ): Promise<Source[]> {
    const { store, answerer } = this.deps;
    const id = stored.record.id;
    let sources: Source[] = [];
    const chunks = answerer.answer({
      tenant: stored.tenant,
      question: stored.record.text,
      history: await this.history(stored),
      filters: stored.filters,
      version: stored.record.version,
      pageUrl: stored.record.page_url,
      locale: stored.locale,
      signal,
    });
    // A tenant with several versions: the answer says which one it describes (DESIGN §17).
    let preface = stored.versionShown && stored.record.version ? versionPreface(stored.record.version) : '';
    for await (const chunk of chunks) {
      if (chunk.type === 'delta') {
        timing.firstPartialAt ??= Date.now();
        writer.push(preface + chunk.text);
        preface = '';
      } else if (chunk.type === 'sources') {
        sources = chunk.sources;
        await writer.flush();
        await this.write(store.setSources(id, attempt, sources), id);
      } else if (chunk.status !== 'retrieving') {
        await writer.flush();
        await this.write(store.setStatus(id, attempt, chunk.status), id);
      }
    }
    return sources;
  }

  /** Awaits a record write; a refused one means this attempt was superseded. */
  private async write(pending: Promise<WriteResult>, id: string): Promise<void> {
    const result = await pending;
    if (result === 'stale' || result === 'terminal') throw new AnswerSupersededError(id);
  }

  /** The chat's answered turns before this question, the latest {@link HISTORY_TURNS}. */
  private async history(stored: StoredQuestion): Promise<{ question: string; answer: string }[]> {
    const chat = await this.deps.store.getChat(stored.tenant, stored.record.chat_id);
    const index = chat.questions.findIndex((q) => q.id === stored.record.id);
    const earlier = index === -1 ? chat.questions : chat.questions.slice(0, index);
    return earlier
      .filter((q) => q.status === 'ready')
      .slice(-HISTORY_TURNS)
      .map((q) => ({ question: q.text, answer: q.response }));
  }
}

/** How an answer names the docs version it describes: `For 2.x: …`. */
export function versionPreface(version: string): string {
  return `For ${version}: `;
}

/** Retryable unless an AppError says otherwise; unknown errors are retried (they may be transient). */
function isRetryable(err: unknown): boolean {
  if (err instanceof AppError) return err.retryable;
  const code = (err as { code?: unknown })?.code;
  return code !== 'model_request_failed' && code !== 'validation_failed';
}
