import type { DocqaClient } from '@docqa/client';
import type { QuestionRecord } from '@docqa/contracts';
import { type BatchChunk } from './batch-file';

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
  /** Input lines already in the output: not waited for, not written again. */
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
        const todo = chunk.items.filter((item) => !opts.done.has(item.line));
        if (!todo.length) continue;
        while (waiting.length >= lookahead) await new Promise<void>((r) => (wake = r));
        const created = await opts.client.askBatch(
          chunk.items.map((item) => item.request),
          { idempotencyKey: chunk.key, signal: opts.signal },
        );
        const ids = new Map(chunk.items.map((item, i) => [item.line, created.questions[i]!.question_id]));
        waiting.push(...todo.map((item) => ({ line: item.line, id: ids.get(item.line)! })));
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
