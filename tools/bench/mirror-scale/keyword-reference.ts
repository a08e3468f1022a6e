import { BM25_K1, type SparseVector } from '@docqa/retrieval';
import type { BestRows } from '../../../libs/embedded-store/src/best-rows';

/** A term's postings as the ranking of 1f8872e read them (JavaScript arrays). */
type Postings = { slots: Int32Array; counts: Uint16Array; size: number };

const BLOCK_SLOTS = 4_096;
const DENSE_SHARE = 0.25;
/** A block's scores and the slots of it touched. */
const scratch = { scores: new Float64Array(BLOCK_SLOTS), touched: new Int32Array(BLOCK_SLOTS) };

/**
 * `MirrorTerms.rank` as of commit 1f8872e (2026-11-30, the keyword ranking by blocks), kept as the
 * reference the keyword micro-bench (keyword.ts) checks and times a changed ranking against: the
 * same rows, and scores equal to `keywordScore`'s. A change to the ranking is measured against
 * this copy, which stays as it is.
 */
export function referenceRank(
  lists: Map<number, Postings>,
  weights: SparseVector,
  visible: number,
  norms: Float64Array,
  best: BestRows,
  accepts: (slot: number) => boolean,
): void {
  const terms = weights.indices.flatMap((id, t) => {
    const postings = lists.get(id);
    // BM25: weight × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average)).
    return postings ? [{ postings, weight: weights.values[t]! * (BM25_K1 + 1) }] : [];
  });
  const { scores, touched } = scratch;
  // Where each term's postings of the next block start; those of slots past `visible` (rows
  // staged) come last and are never reached.
  const at = new Int32Array(terms.length);
  const ends = new Int32Array(terms.length);
  // Rows holding no term score 0, and are passed over with those below the `limit`th best so far.
  let floor = Math.max(0, best.floor);
  for (let start = 0; start < visible; start += BLOCK_SLOTS) {
    const end = Math.min(start + BLOCK_SLOTS, visible);
    let reached = 0;
    for (let t = 0; t < terms.length; t++) {
      const { slots, size } = terms[t]!.postings;
      ends[t] = firstAtLeast(slots, at[t]!, size, end);
      reached += ends[t]! - at[t]!;
    }
    if (!reached) continue;
    const dense = reached >= (end - start) * DENSE_SHARE;
    const count = blockSums(terms, start, at, ends, norms, dense);
    at.set(ends);
    if (dense) {
      for (let offset = 0; offset < end - start; offset++) {
        const score = scores[offset]!;
        if (score <= floor || !accepts(start + offset)) continue;
        best.offer(start + offset, score);
        floor = Math.max(0, best.floor);
      }
      scores.fill(0, 0, end - start);
    } else
      for (let i = 0; i < count; i++) {
        const offset = touched[i]!;
        const score = scores[offset]!;
        scores[offset] = 0;
        if (score <= floor || !accepts(start + offset)) continue;
        best.offer(start + offset, score);
        floor = Math.max(0, best.floor);
      }
  }
}

/**
 * Adds the terms' postings of the block from `start` (each term's from `at` to `ends`) to the
 * block's scores; when not `dense`, lists the offsets it touched and returns their count.
 */
function blockSums(
  terms: { postings: Postings; weight: number }[],
  start: number,
  at: Int32Array,
  ends: Int32Array,
  norms: Float64Array,
  dense: boolean,
): number {
  const { scores, touched } = scratch;
  let count = 0;
  for (let t = 0; t < terms.length; t++) {
    const { postings, weight } = terms[t]!;
    const { slots, counts } = postings;
    const last = ends[t]!;
    if (dense)
      for (let p = at[t]!; p < last; p++) {
        const slot = slots[p]!;
        const tf = counts[p]!;
        scores[slot - start] = scores[slot - start]! + (weight * tf) / (tf + norms[slot]!);
      }
    else
      for (let p = at[t]!; p < last; p++) {
        const slot = slots[p]!;
        const tf = counts[p]!;
        const score = scores[slot - start]!;
        if (score === 0) touched[count++] = slot - start;
        scores[slot - start] = score + (weight * tf) / (tf + norms[slot]!);
      }
  }
  return count;
}

/** The first position from `from` to `to` of ascending `slots` holding `slot` or more (`to`: none). */
function firstAtLeast(slots: Int32Array, from: number, to: number, slot: number): number {
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (slots[middle]! < slot) from = middle + 1;
    else to = middle;
  }
  return from;
}
