import { BM25_B, BM25_K1, type SparseVector } from '@docqa/retrieval';
import { BestRows } from './best-rows';
import { POSTINGS_BLOCK_SHIFT, type Postings } from './mirror-parts';

/**
 * The share of the slots a keyword query's postings must reach for equal scores to rank in slot
 * order rather than by the first query term their rows hold (the order the ranking before
 * offered them in, kept so that results are the same to the row).
 */
const DENSE_SHARE = 0.25;
/**
 * How far below the `limit`th best score a row's bound must be for the row to be passed over:
 * a bound and a score sum the same numbers in other orders, so they may differ in their last bits.
 */
const SLACK = 1 - 1e-9;

/** A keyword ranking of the search mirror's rows (see `SearchMirror.keyword`). */
export interface KeywordRanking {
  /** IDF per term id (see `queryWeights`). */
  weights: SparseVector;
  /** The slots searched: the first `visible` (staged rows come after). */
  visible: number;
  /** Each slot's BM25 length normalisation, k1 × (1 − b + b × length / `average`). */
  norms: Float64Array;
  average: number;
  limit: number;
  /** Whether a slot's row may be returned (its tenant, its version; not a removed row). */
  accepts: (slot: number) => boolean;
}

/** A query term's postings as the ranking walks them, in slot order. */
interface TermCursor {
  slots: Int32Array;
  counts: Uint16Array;
  /** Its postings of visible slots. */
  size: number;
  /** IDF × (k1 + 1). */
  weight: number;
  /** The most the term adds to a row's score (its largest count in its shortest row). */
  bound: number;
  /** Its place in the query (a row's score is summed in that order). */
  term: number;
  /** The next posting. */
  at: number;
  blockCounts: Uint16Array;
  blockLengths: Uint32Array;
  /** The block {@link TermCursor.blockBound} bounds (−1: none yet). */
  block: number;
  /** The most the term adds to a row of that block. */
  blockBound: number;
}

/**
 * The `limit` best rows by BM25 (scores summed in the query's order, as `keywordScore` does), of
 * the rows a ranking `accepts`, exactly, without scoring every row the terms hold (MaxScore, with
 * block bounds): each term is bounded by its largest count in its shortest row, in its whole list
 * and in each block of its postings. Once `limit` rows are kept, the terms whose bounds together
 * do not reach the worst kept score no longer find rows; rows are found through the other terms'
 * postings, in slot order, and passed over while their blocks' bounds, then their scores so far,
 * with the bounds of the terms not looked up yet, cannot rank; the rest are looked up (galloping
 * forward), the largest bound first. Rows holding none of the terms are left out.
 */
export function bestKeywordRows(postings: Map<number, Postings>, ranking: KeywordRanking): BestRows {
  const { weights, norms, limit, accepts, average } = ranking;
  const best = new BestRows(limit);
  const cursors = termCursors(postings, ranking);
  if (limit <= 0 || !cursors.length) return best;
  const dense = cursors.reduce((sum, { size }) => sum + size, 0) >= ranking.visible * DENSE_SHARE;
  const n = cursors.length;
  /** The most the terms of cursors 0 to i add together. */
  const upTo = new Float64Array(n);
  for (let i = 0; i < n; i++) upTo[i] = (i ? upTo[i - 1]! : 0) + cursors[i]!.bound;
  /** What each query term adds to the row at hand. */
  const added = new Float64Array(weights.indices.length);
  let cut = 0;
  /** The cursors that find rows: those before together stay at or under `cut`. */
  let first = 0;
  for (;;) {
    const slot = nextSlot(cursors, first);
    if (slot < 0) break;
    // Bounded by the blocks of the postings found first: their rows' lengths are not read.
    let bound = first ? upTo[first - 1]! : 0;
    for (let i = first; i < n; i++) {
      const cursor = cursors[i]!;
      if (cursor.at < cursor.size && cursor.slots[cursor.at] === slot)
        bound += blockBound(cursor, cursor.at, average);
    }
    let score = 0;
    for (let i = first; i < n; i++) {
      const cursor = cursors[i]!;
      const { slots, counts, at } = cursor;
      if (at < cursor.size && slots[at] === slot) {
        const tf = counts[at]!;
        score += added[cursor.term] = bound <= cut ? 0 : (cursor.weight * tf) / (tf + norms[slot]!);
        cursor.at = at + 1;
      } else added[cursor.term] = 0;
    }
    if (bound <= cut || (first && score + upTo[first - 1]! <= cut) || !accepts(slot)) continue;
    if (first && !lookUp(cursors, first, upTo, cut, slot, score, norms, added)) continue;
    offer(best, slot, added, dense);
    if (best.floor > 0) {
      cut = best.floor * SLACK;
      while (first < n && upTo[first]! <= cut) first++;
    }
  }
  return best;
}

/** The smallest slot the cursors from `first` on are at (−1: none). */
function nextSlot(cursors: TermCursor[], first: number): number {
  let slot = 0x7fff_ffff;
  for (let i = first; i < cursors.length; i++) {
    const { slots, at, size } = cursors[i]!;
    if (at < size && slots[at]! < slot) slot = slots[at]!;
  }
  return slot === 0x7fff_ffff ? -1 : slot;
}

/** The query's terms that hold visible slots, their bounds ascending. */
function termCursors(postings: Map<number, Postings>, ranking: KeywordRanking): TermCursor[] {
  const { weights, visible, average } = ranking;
  const cursors: TermCursor[] = [];
  weights.indices.forEach((id, term) => {
    const list = postings.get(id);
    if (!list) return;
    // Postings of rows staged (past the visible slots) come last.
    let size = list.size;
    while (size > 0 && list.slots[size - 1]! >= visible) size--;
    // BM25: weight × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average)).
    const weight = weights.values[term]! * (BM25_K1 + 1);
    const bound = impact(weight, list.maxCount, list.minLength, average);
    const { slots, counts, blockCounts, blockLengths } = list;
    cursors.push({
      slots,
      counts,
      size,
      weight,
      bound,
      term,
      at: 0,
      blockCounts,
      blockLengths,
      block: -1,
      blockBound: 0,
    });
  });
  return cursors.sort((a, b) => a.bound - b.bound);
}

/** BM25 of `count` occurrences in a row of `length` terms, for a term's `weight` (IDF × (k1 + 1)). */
function impact(weight: number, count: number, length: number, average: number): number {
  return (weight * count) / (count + BM25_K1 * (1 - BM25_B + (BM25_B * length) / average));
}

/** The most `cursor`'s term adds to a row of the block of posting `at`. */
function blockBound(cursor: TermCursor, at: number, average: number): number {
  const block = at >> POSTINGS_BLOCK_SHIFT;
  if (block !== cursor.block) {
    cursor.block = block;
    cursor.blockBound = impact(
      cursor.weight,
      cursor.blockCounts[block]!,
      cursor.blockLengths[block]!,
      average,
    );
  }
  return cursor.blockBound;
}

/**
 * Adds what the terms of cursors 0 to `first` − 1 add to `slot`'s `score` (in `added`), the
 * largest bound first; false as soon as the row cannot pass `cut`.
 */
function lookUp(
  cursors: TermCursor[],
  first: number,
  upTo: Float64Array,
  cut: number,
  slot: number,
  score: number,
  norms: Float64Array,
  added: Float64Array,
): boolean {
  for (let i = first - 1; i >= 0; i--) {
    const cursor = cursors[i]!;
    const at = (cursor.at = seek(cursor.slots, cursor.at, cursor.size, slot));
    if (at < cursor.size && cursor.slots[at] === slot) {
      const tf = cursor.counts[at]!;
      score += added[cursor.term] = (cursor.weight * tf) / (tf + norms[slot]!);
    } else added[cursor.term] = 0;
    if (i && score + upTo[i - 1]! <= cut) return false;
  }
  return true;
}

/** Offers `slot` with its score summed in the query's order (a term it lacks adds 0). */
function offer(best: BestRows, slot: number, added: Float64Array, dense: boolean): void {
  let score = 0;
  let firstTerm = -1;
  for (let t = 0; t < added.length; t++)
    if (added[t]) {
      score += added[t]!;
      if (firstTerm < 0) firstTerm = t;
    }
  if (score > 0) best.offer(slot, score, dense ? slot : firstTerm * 2 ** 31 + slot);
}

/** The first posting from `from` on whose slot is `slot` or past it (`size`: none). */
function seek(slots: Int32Array, from: number, size: number, slot: number): number {
  if (from >= size || slots[from]! >= slot) return from;
  // slots[low] < slot, doubling the step, then halving between low and high.
  let low = from;
  let step = 1;
  while (low + step < size && slots[low + step]! < slot) {
    low += step;
    step *= 2;
  }
  let high = Math.min(low + step, size);
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if (slots[mid]! < slot) low = mid;
    else high = mid;
  }
  return high;
}
