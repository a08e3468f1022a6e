import { createHash } from 'node:crypto';
import { DocqaProblemError, type DocqaClient } from '@docqa/client';
import type { QuestionRecord } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { BatchChunk, BatchItem } from './batch-file';

/** One line of the output file. */
export interface BatchResult {
  line: number;
  id: string | null;
  answer: string | null;
  sources: QuestionRecord['sources'];
  status: QuestionRecord['status'] | 'invalid' | 'error';
  error: unknown;
}

/** Options of {@link runBatch}. */
export interface BatchRunOptions {
  client: Pick<DocqaClient, 'askBatch' | 'waitForAnswer'>;
  chunks: BatchChunk[];
  /** Input lines already in the output: not waited for, not written again (unless in a retry chunk). */
  done: Set<number>;
  /** Answers waited for at once. */
  concurrency: number;
  /** Appends one result line to the output. */
  write(result: BatchResult): void;
  /** Called after each written result. */
  onResult?(result: BatchResult): void;
  /** How long one answer may take. @defaultValue 30 minutes */
  answerTimeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Submits the chunks in order (each under its idempotency key) and waits for the answers with
 * `concurrency` long polls, writing each result as it is ready. Submission runs ahead of the
 * answers by at most one chunk beyond what the waiters hold, so the server's queue always has
 * work and a large file is not queued all at once.
 */
export async function runBatch(opts: BatchRunOptions): Promise<void> {
  const waiting: { line: number; id: string }[] = [];
  let submitting = true;
  let wake: () => void = () => undefined;
  const lookahead = opts.concurrency + 100;

  const produce = async () => {
    try {
      for (const chunk of opts.chunks) {
        const todo = chunk.retry ? chunk.items : chunk.items.filter((item) => !opts.done.has(item.line));
        if (!todo.length) continue;
        while (waiting.length >= lookahead) await new Promise<void>((r) => (wake = r));
        const ids = await submit(opts, chunk);
        waiting.push(
          ...todo
            .filter((item) => ids.has(item.line))
            .map((item) => ({ line: item.line, id: ids.get(item.line)! })),
        );
      }
    } finally {
      submitting = false;
    }
  };

  const consume = async () => {
    for (;;) {
      const next = waiting.shift();
      wake();
      if (!next) {
        if (!submitting) return;
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const result = await answerOf(opts, next);
      opts.write(result);
      opts.onResult?.(result);
    }
  };

  // Questions already submitted are still waited for when a later submission fails.
  let failure: unknown;
  const producing = produce().catch((err: unknown) => void (failure = err));
  await Promise.all([producing, ...Array.from({ length: opts.concurrency }, consume)]);
  if (failure) throw failure;
}

/**
 * Asks a chunk under its idempotency key; question ids by input line. Items the server refuses one
 * by one (a `chat_id` that is unknown: 404 naming `questions.N.chat_id`) are written as invalid
 * and the rest is asked again under a key derived from the chunk's and the refused lines, so a
 * re-run takes the same path and gets the same ids back.
 */
async function submit(opts: BatchRunOptions, chunk: BatchChunk): Promise<Map<number, string>> {
  let { key, items } = chunk;
  for (;;) {
    try {
      const created = await opts.client.askBatch(
        items.map((item) => item.request),
        { idempotencyKey: key, signal: opts.signal },
      );
      return new Map(items.map((item, i) => [item.line, created.questions[i]!.question_id]));
    } catch (err) {
      if (tooManyQuestions(err))
        throw new ValidationError(
          `${err.message}; the server takes fewer questions a request (BATCH_MAX_QUESTIONS): run again with a smaller --batch-size`,
          { cause: err },
        );
      const refused = refusedItems(err, items);
      if (!refused.size) throw err;
      for (const [line, message] of refused) {
        if (opts.done.has(line) && !chunk.retry) continue;
        const result: BatchResult = {
          line,
          id: null,
          answer: null,
          sources: [],
          status: 'invalid',
          error: message,
        };
        opts.write(result);
        opts.onResult?.(result);
      }
      items = items.filter((item) => !refused.has(item.line));
      key = `${chunk.key}-${createHash('sha256')
        .update([...refused.keys()].join(','))
        .digest('hex')
        .slice(0, 16)}`;
      if (!items.length) return new Map();
    }
  }
}

/** Whether the server refused a batch for holding more questions than its BATCH_MAX_QUESTIONS. */
function tooManyQuestions(err: unknown): err is DocqaProblemError {
  return (
    err instanceof DocqaProblemError &&
    err.status === 400 &&
    (err.problem.errors ?? []).some((e) => e.path === 'body.questions' && /too big/i.test(e.message))
  );
}

/** Input lines (with the reason) that a 404 problem names as `questions.N.<field>`. */
function refusedItems(err: unknown, items: BatchItem[]): Map<number, string> {
  const refused = new Map<number, string>();
  if (!(err instanceof DocqaProblemError) || err.status !== 404) return refused;
  for (const { path, message } of err.problem.errors ?? []) {
    const index = /^questions\.(\d+)\./.exec(path)?.[1];
    const item = index === undefined ? undefined : items[Number(index)];
    if (item) refused.set(item.line, message);
  }
  return refused;
}

async function answerOf(opts: BatchRunOptions, q: { line: number; id: string }): Promise<BatchResult> {
  try {
    const record = await opts.client.waitForAnswer(q.id, {
      timeoutMs: opts.answerTimeoutMs ?? 30 * 60_000,
      signal: opts.signal,
    });
    return {
      line: q.line,
      id: q.id,
      answer: record.response,
      sources: record.sources,
      status: record.status,
      error: record.error ?? null,
    };
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    return { line: q.line, id: q.id, answer: null, sources: [], status: 'error', error: message };
  }
}
