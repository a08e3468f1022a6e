/**
 * The best `limit` (slot, score) pairs offered, kept sorted best first, equal scores lower tie key
 * first (each slot's key in `ties`; without it, the slot itself), in whatever order they are
 * offered.
 */
export class BestRows {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly ties?: ArrayLike<number>,
  ) {}

  offer(slot: number, score: number): void {
    const n = this.scores.length;
    if (this.limit <= 0) return;
    if (n === this.limit && !this.before(slot, score, n - 1)) return;
    let i = n === this.limit ? n - 1 : n;
    while (i > 0 && this.before(slot, score, i - 1)) {
      this.scores[i] = this.scores[i - 1]!;
      this.slots[i] = this.slots[i - 1]!;
      i--;
    }
    this.scores[i] = score;
    this.slots[i] = slot;
  }

  /**
   * The score a row must reach to be taken (and beat, unless its tie key is lower than the worst
   * kept's): the worst kept once `limit` are, else −∞.
   */
  get floor(): number {
    if (this.limit <= 0) return Infinity;
    return this.scores.length === this.limit ? this.scores[this.limit - 1]! : -Infinity;
  }

  rows(): { slot: number; score: number }[] {
    return this.slots.map((slot, i) => ({ slot, score: this.scores[i]! }));
  }

  /** Whether (`slot`, `score`) ranks before the pair kept at `i`. */
  private before(slot: number, score: number, i: number): boolean {
    const kept = this.scores[i]!;
    if (score !== kept) return score > kept;
    const { ties } = this;
    return ties ? ties[slot]! < ties[this.slots[i]!]! : slot < this.slots[i]!;
  }
}
