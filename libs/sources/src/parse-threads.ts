import { Worker } from 'node:worker_threads';
import { ValidationError } from '@docqa/errors';
import type { LoadedDocument } from './load-result';
import type { ParseLimits } from './parse-limits';
import type { PdfSource } from './pdf-loader';

/** What a parse's thread is given: a file, as `loadFileData` takes it, or a fetched PDF. */
export type ParseRequest =
  | { file: { name: string; data: Uint8Array; metadata: Record<string, string> }; limits: ParseLimits }
  | { pdf: PdfSource; limits: ParseLimits };

/** What the thread answers: the document (null for a file type no loader reads), or the error. */
export type ParseReply = { document: LoadedDocument | null } | { error: { message: string; code?: string } };

/** How long a thread that parsed well waits for the next file before it ends, in ms. */
export const IDLE_MS = 10_000;
/** Threads kept waiting per program and heap size. */
const MAX_IDLE = 2;

/** Threads waiting for a file, by program and heap size. */
const idle = new Map<string, Set<Worker>>();

/**
 * Runs one parse on a thread of `script` whose heap is capped at `limits.heapMb`, and stops the
 * thread after `limits.timeoutMs`. A thread that answered is kept a while for the next file (a
 * thread takes a few hundred ms to start and load the parsers: an upload of 20 files started 20);
 * one that ran out of time or memory, or failed, is ended.
 */
export function parseOnThread(
  script: string,
  request: ParseRequest,
  transfer: ArrayBuffer[],
): Promise<LoadedDocument | null> {
  const { timeoutMs, heapMb } = request.limits;
  const key = `${heapMb}:${script}`;
  const thread = taken(key) ?? new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (keep: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (keep) keepIdle(key, thread);
      else void thread.terminate();
      outcome();
    };
    const onMessage = (reply: ParseReply) =>
      settle(true, () => ('document' in reply ? resolve(reply.document) : reject(errorOf(reply.error))));
    const onError = (err: Error & { code?: string }) =>
      settle(false, () =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ValidationError(`parsing needed more than ${heapMb} MB of memory`)
            : err,
        ),
      );
    const onExit = (code: number) =>
      settle(false, () => reject(new Error(`the parse's thread stopped (exit code ${code})`)));
    const timer = setTimeout(
      () =>
        settle(false, () => reject(new ValidationError(`parsing took longer than ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    thread.ref();
    thread.postMessage(request, transfer);
  });
}

/** A waiting thread of `key`, taken out of the waiting ones. */
function taken(key: string): Worker | undefined {
  const waiting = idle.get(key);
  const thread = waiting?.values().next().value;
  if (!thread) return undefined;
  waiting!.delete(thread);
  thread.removeAllListeners('exit');
  clearTimeout(timers.get(thread));
  return thread;
}

const timers = new WeakMap<Worker, NodeJS.Timeout>();

/** Keeps a thread for the next file, {@link IDLE_MS} at most, not keeping the process alive. */
function keepIdle(key: string, thread: Worker): void {
  const waiting = idle.get(key) ?? new Set<Worker>();
  if (waiting.size >= MAX_IDLE) return void thread.terminate();
  idle.set(key, waiting.add(thread));
  thread.unref();
  thread.once('exit', () => waiting.delete(thread));
  // Out of the waiting ones as it is told to end: its `exit` comes later, and a thread that is
  // ending must not be handed the next file.
  const end = () => {
    waiting.delete(thread);
    void thread.terminate();
  };
  timers.set(thread, setTimeout(end, IDLE_MS).unref());
}

/** The thread's error as the caller's: a refusal stays a ValidationError (a 4xx, not retried). */
function errorOf({ message, code }: { message: string; code?: string }): Error {
  return code === 'validation_failed' ? new ValidationError(message) : new Error(message);
}
