import type { AnswerChunk, AnswerInput, Answerer } from '@docqa/answering';
import type { Source } from '@docqa/contracts';

/** One answer being written, piece by piece, when the test says so. */
export class ControlledAnswer {
  private readonly chunks: AnswerChunk[] = [];
  private wake?: () => void;
  /** Whether the answer has ended. */
  finished = false;

  constructor(readonly input: AnswerInput) {}

  /** Streams `text` as the answer's next piece. */
  write(text: string): void {
    this.add({ type: 'delta', text });
  }

  /** Ends the answer with its sources. */
  finish(sources: Source[]): void {
    this.add({ type: 'sources', sources });
    this.finished = true;
  }

  /** The pieces as they are written, until the answer ends. */
  async *stream(): AsyncIterable<AnswerChunk> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        yield chunk;
        continue;
      }
      if (this.finished) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private add(chunk: AnswerChunk): void {
    this.chunks.push(chunk);
    this.wake?.();
  }
}

/**
 * An answerer the test drives: each question's answer is written only when the test writes it,
 * so what the browser shows at each step does not depend on timing.
 */
export class ControlledAnswerer implements Answerer {
  private readonly started: ControlledAnswer[] = [];
  private readonly all: ControlledAnswer[] = [];
  private waiter?: (answer: ControlledAnswer) => void;

  /** The next question's answer, once the worker has started it. */
  next(): Promise<ControlledAnswer> {
    const answer = this.started.shift();
    if (answer) return Promise.resolve(answer);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** Ends every answer still open (a failed test's), so the worker can stop. */
  finishAll(): void {
    for (const answer of this.all) if (!answer.finished) answer.finish([]);
  }

  async *answer(input: AnswerInput): AsyncIterable<AnswerChunk> {
    const answer = new ControlledAnswer(input);
    this.all.push(answer);
    if (this.waiter) {
      this.waiter(answer);
      this.waiter = undefined;
    } else this.started.push(answer);
    yield { type: 'status', status: 'retrieving' };
    yield { type: 'status', status: 'generating' };
    yield* answer.stream();
  }

  async health(): Promise<void> {}
}
