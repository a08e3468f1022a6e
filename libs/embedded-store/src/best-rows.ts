/** The best `limit` (slot, score) pairs offered, kept sorted best first (ties: lower slot first). */
export class BestRows {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly limit: number) {}

  offer(slot: number, score: number): void {
    const n = this.scores.length;
    if (this.limit <= 0 || (n === this.limit && score <= this.scores[n - 1]!)) return;
    let i = n === this.limit ? n - 1 : n;
    while (i > 0 && this.scores[i - 1]! < score) {
      this.scores[i] = this.scores[i - 1]!;
      this.slots[i] = this.slots[i - 1]!;
      i--;
    }
    this.scores[i] = score;
    this.slots[i] = slot;
  }

  /** The score a row must beat to be taken: the worst kept once `limit` are, else −∞. */
  get floor(): number {
    if (this.limit <= 0) return Infinity;
    return this.scores.length === this.limit ? this.scores[this.limit - 1]! : -Infinity;
  }

  rows(): { slot: number; score: number }[] {
    return this.slots.map((slot, i) => ({ slot, score: this.scores[i]! }));
  }
}
