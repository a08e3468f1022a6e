import type { AnswerRecords } from '@docqa/records';

/** Thrown when the record no longer accepts this attempt's writes (finished, expired, or handed on). */
export class AnswerSupersededError extends Error {
  constructor(readonly questionId: string) {
    super(`question ${questionId} no longer accepts writes from this attempt`);
    this.name = 'AnswerSupersededError';
  }
}

/**
 * Buffers streamed answer text and writes it to the record at most once per `intervalMs`, so a
 * fast model costs ~20 Redis writes a second per question instead of one per token. The first
 * piece after a quiet interval is written at once, so the first words show without delay.
 */
export class AnswerWriter {
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private lastWrite = 0;

  constructor(
    private readonly store: Pick<AnswerRecords, 'appendDelta'>,
    private readonly questionId: string,
    private readonly attempt: number,
    private readonly intervalMs = 50,
  ) {}

  /** Adds text; it reaches the record within `intervalMs`. Throws if an earlier write was refused. */
  push(text: string): void {
    if (this.failure) throw this.failure;
    this.pending += text;
    const wait = Math.max(0, this.lastWrite + this.intervalMs - Date.now());
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.inFlight = this.inFlight.then(() => this.write());
    }, wait);
  }

  /** Writes whatever is buffered now and waits for every write to land. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.inFlight = this.inFlight.then(() => this.write());
    await this.inFlight;
    if (this.failure) throw this.failure;
  }

  /** Drops the buffer without writing (the attempt is being abandoned). */
  discard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = '';
  }

  private async write(): Promise<void> {
    if (!this.pending || this.failure) return;
    const text = this.pending;
    this.pending = '';
    this.lastWrite = Date.now();
    try {
      const result = await this.store.appendDelta(this.questionId, this.attempt, text);
      if (result === 'stale' || result === 'terminal')
        this.failure = new AnswerSupersededError(this.questionId);
    } catch (err) {
      this.failure = err as Error;
    }
  }
}
