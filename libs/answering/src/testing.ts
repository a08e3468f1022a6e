import type { Source } from '@docqa/contracts';
import type { AnswerChunk, AnswerInput, Answerer } from './answer-types';

/** Script of a {@link ScriptedAnswerer}. */
export interface AnswerScript {
  /** Pieces of text streamed one by one. */
  pieces?: string[];
  /** Delay before each piece, ms. */
  delayMs?: number;
  sources?: Source[];
  /**
   * Awaited before each piece is streamed: a test holds a piece back (a promise it resolves) to
   * decide itself when the answer goes on, instead of guessing how fast the machine is.
   */
  beforePiece?: (index: number, input: AnswerInput) => Promise<void> | void;
  /** Throw this after streaming the pieces (or a function deciding per call, by call number). */
  fail?: Error | ((call: number) => Error | undefined);
}

/**
 * Test double of an answerer: streams scripted pieces with delays and records its inputs.
 * For tests of the question pipeline that must not depend on retrieval or a model.
 */
export class ScriptedAnswerer implements Answerer {
  readonly inputs: AnswerInput[] = [];

  constructor(private readonly script: AnswerScript = {}) {}

  async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
    this.inputs.push(input);
    const call = this.inputs.length;
    yield { type: 'status', status: 'retrieving' };
    yield { type: 'status', status: 'generating' };
    for (const [index, piece] of (this.script.pieces ?? ['Hello', ' world.']).entries()) {
      if (this.script.delayMs) await sleep(this.script.delayMs, input.signal);
      await this.script.beforePiece?.(index, input);
      yield { type: 'delta', text: piece };
    }
    const fail = typeof this.script.fail === 'function' ? this.script.fail(call) : this.script.fail;
    if (fail) throw fail;
    yield { type: 'sources', sources: this.script.sources ?? [] };
  }

  async health(): Promise<void> {}
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
