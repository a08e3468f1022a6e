/**
 * The best `limit` (slot, score) pairs offered, kept sorted best first; equal scores by their
 * `order` (the slot unless given), lower first.
 */
export class BestRows {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];
  private readonly orders: number[] = [];

  constructor(private readonly limit: number) {}

  offer(slot: number, score: number, order = slot): void {
    const n = this.scores.length;
    if (this.limit <= 0 || (n === this.limit && !this.beats(score, order, n - 1))) return;
    let i = n === this.limit ? n - 1 : n;
    while (i > 0 && this.beats(score, order, i - 1)) {
      this.scores[i] = this.scores[i - 1]!;
      this.slots[i] = this.slots[i - 1]!;
      this.orders[i] = this.orders[i - 1]!;
      i--;
    }
    this.scores[i] = score;
    this.slots[i] = slot;
    this.orders[i] = order;
  }

  /** The score a row must reach to be taken: the worst kept once `limit` are, else −∞. */
  get floor(): number {
    if (this.limit <= 0) return Infinity;
    return this.scores.length === this.limit ? this.scores[this.limit - 1]! : -Infinity;
  }

  rows(): { slot: number; score: number }[] {
    return this.slots.map((slot, i) => ({ slot, score: this.scores[i]! }));
  }

  /** Whether `score` (with `order`) ranks before the `i`th kept. */
  private beats(score: number, order: number, i: number): boolean {
    const kept = this.scores[i]!;
    return score > kept || (score === kept && order < this.orders[i]!);
  }
}
