import type { SingleBar } from 'cli-progress';
import type { BatchResult } from './batch-runner';

/** What a tally draws on: a progress bar such as `batchBar`'s. */
export type TallyBar = Pick<SingleBar, 'start' | 'update' | 'getTotal' | 'setTotal'>;

/** Where a batch run starts from. */
export interface TallyStart {
  /** Answers already in the output, from an earlier run. */
  before: number;
  /** Of those, the answers that failed. */
  failedBefore: number;
  /** Invalid lines so far: those the file holds, and those the server refused in an earlier run. */
  invalid: number;
  /** Questions to wait for: the progress bar's total. */
  todo: number;
}

/**
 * Counts a batch run's results the way the output file records them and keeps the progress bar in
 * step: an `invalid` result (a line the server refused, e.g. its `chat_id` is unknown) is an invalid
 * line skipped, neither answered nor failed, and leaves the bar's total; a `failed` or `error`
 * result is answered and failed.
 */
export class BatchTally {
  private answered = 0;
  private failed = 0;
  private invalid: number;
  private readonly before: number;
  private readonly failedBefore: number;
  private readonly startedAt = Date.now();

  constructor(
    private readonly bar: TallyBar,
    start: TallyStart,
  ) {
    this.before = start.before;
    this.failedBefore = start.failedBefore;
    this.invalid = start.invalid;
    bar.start(start.todo, 0, { rate: '0.0', failed: 0 });
  }

  /** Counts a result written to the output. */
  add(result: BatchResult): void {
    if (result.status === 'invalid') {
      this.invalid++;
      this.bar.setTotal(this.bar.getTotal() - 1);
      this.bar.update(this.answered);
      return;
    }
    this.answered++;
    if (result.status !== 'ready') this.failed++;
    const rate = this.answered / ((Date.now() - this.startedAt) / 1000);
    this.bar.update(this.answered, { rate: rate.toFixed(1), failed: this.failed });
  }

  /** Whether every line was a valid question and every answer in the output is ready. */
  get ok(): boolean {
    return !this.failed && !this.failedBefore && !this.invalid;
  }

  /**
   * The closing line: `47 answered now, 0 before, 1 failed, 3 invalid lines skipped → out.jsonl`,
   * failed counting the answers of earlier runs too, as the output holds them.
   */
  summary(out: string): string {
    const failed = this.failed + this.failedBefore;
    return `${this.answered} answered now, ${this.before} before, ${failed} failed, ${this.invalid} invalid lines skipped → ${out}`;
  }
}
