import { BM25_K1, grown, keywordTermIds, type SparseVector } from '@docqa/retrieval';
import type { BestRows } from './best-rows';
import type { Postings } from './mirror-parts';

/** Bytes of an ASCII word from which the full-text index leaves it out (`maxTokenLength`, 40). */
const MAX_WORD_BYTES = 40;
/** Words the table remembers before it is emptied (a docs estate's vocabulary is far smaller). */
const MAX_WORDS = 1_000_000;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Which ASCII bytes a word is made of: the index splits on what is not a letter or a digit. */
const WORD_BYTE = new Uint8Array(128).map((_, c) => Number(/[A-Za-z0-9]/.test(String.fromCharCode(c))));
const decoder = new TextDecoder();
/**
 * Slots a keyword query's scores are summed for at a time (see {@link MirrorTerms.rank}): their
 * scratch (32 KB) and the block's norms stay in the core's cache.
 */
const BLOCK_SLOTS = 4_096;
/**
 * The share of a block's slots a keyword query's postings must reach for its scores to be read
 * slot by slot rather than through the list of those it touched.
 */
const DENSE_SHARE = 0.25;
/**
 * Postings a full list grows by at least; otherwise by a quarter. Doubling left a mirror kept up by
 * row ids (the API's follows the table from its start) with up to twice its postings' bytes: each
 * list trimmed after a build doubled at its first posting of an import. A quarter costs a few more
 * copies (about four of each posting, against one: a few tenths of a second at 1,000,000 rows).
 */
const MIN_GROWTH = 8;

/**
 * The search mirror's postings, and how a row's search text becomes postings: the build's hot
 * path (a million rows of 90 words). A text of ASCII is split on its UTF-8 bytes, each word looked
 * up by its bytes in a table of the words seen (their postings list, or none for a stop word), so
 * that neither a string nor a regular expression match is made per word; a word seen for the
 * first time, and any text with a byte past ASCII, goes through `keywordTermIds`, which defines
 * the terms (the same terms to the bit: ASCII letters and digits are the only ASCII bytes of
 * `[\p{L}\p{N}]`, and an ASCII word of 40 bytes or more is no term).
 */
export class MirrorTerms {
  /** Each term id's postings, slots ascending (rows are added in slot order). */
  readonly postings = new Map<number, Postings>();
  /** Open addressing: an entry's number + 1 per cell (0: empty); a power of two long. */
  private cells = new Int32Array(1 << 16);
  private hashes = new Int32Array(1 << 12);
  private starts = new Int32Array(1 << 12);
  private ends = new Int32Array(1 << 12);
  private targets: (Postings | null)[] = [];
  /** The words' bytes, one after another. */
  private arena = new Uint8Array(1 << 16);
  private arenaSize = 0;
  /** The postings of the row being read, one per term occurrence (scratch). */
  private readonly row: Postings[] = [];
  /** A block's keyword scores (zeroed after each block) and which slots of it hold some (scratch). */
  private readonly blockScores = new Float64Array(BLOCK_SLOTS);
  private readonly blockTouched = new Int32Array(BLOCK_SLOTS);

  /**
   * Adds bytes `start` to `end` of `bytes` (UTF-8) as the search text of `slot`, which must be
   * past every slot added before; returns the row's length in terms.
   */
  addText(bytes: Uint8Array, start: number, end: number, slot: number): number {
    const row = this.row;
    let n = 0;
    let hash = FNV_OFFSET;
    let wordStart = -1;
    for (let p = start; p <= end; p++) {
      const c = p < end ? bytes[p]! : 32;
      if (c >= 0x80) return this.addTermIds(keywordTermIds(decoder.decode(bytes.subarray(start, end))), slot);
      if (WORD_BYTE[c]) {
        if (wordStart < 0) {
          wordStart = p;
          hash = FNV_OFFSET;
        }
        hash = Math.imul(hash ^ c, FNV_PRIME);
      } else if (wordStart >= 0) {
        const target = p - wordStart >= MAX_WORD_BYTES ? null : this.target(bytes, wordStart, p, hash);
        if (target) row[n++] = target;
        wordStart = -1;
      }
    }
    this.commit(n, slot);
    return n;
  }

  /** Adds a row's term ids (`keywordTermIds` of its search text) as `slot`; returns their count. */
  addTermIds(ids: number[], slot: number): number {
    for (let i = 0; i < ids.length; i++) this.row[i] = this.list(ids[i]!);
    this.commit(ids.length, slot);
    return ids.length;
  }

  /** Bytes the postings hold (their arrays' whole capacity). */
  bytes(): number {
    let bytes = 0;
    for (const list of this.postings.values()) bytes += list.slots.byteLength + list.counts.byteLength;
    return bytes;
  }

  /**
   * Offers to `best` each of the first `visible` slots that holds a term of the query (`weights`:
   * IDF per term id) and that `accepts`, with its BM25 score, `norms` being each slot's length
   * normalisation: the score `keywordScore` gives its text, to the last bit (each term's part
   * added in the query's order).
   *
   * The slots are scored a block of {@link BLOCK_SLOTS} at a time, every term's postings of the
   * block in turn into a scratch of the block's scores, which stays in the core's cache: summing
   * into a scratch of every slot (8 MB at 1,000,000 rows) read and written it through the memory
   * once per term, and the query's commonest terms each reach half the slots.
   */
  rank(
    weights: SparseVector,
    visible: number,
    norms: Float64Array,
    best: BestRows,
    accepts: (slot: number) => boolean,
  ): void {
    const terms = weights.indices.flatMap((id, t) => {
      const postings = this.postings.get(id);
      // BM25: weight × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average)).
      return postings ? [{ postings, weight: weights.values[t]! * (BM25_K1 + 1) }] : [];
    });
    const { blockScores: scores, blockTouched: touched } = this;
    // Where each term's postings of the next block start; those of slots past `visible` (rows
    // staged) come last and are never reached.
    const at = new Int32Array(terms.length);
    const ends = new Int32Array(terms.length);
    // Rows holding no term score 0, and are passed over with those below the `limit`th best so far
    // (a row that ties with it is offered: `best` keeps it when its tie key is lower).
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
      const count = this.blockSums(terms, start, at, ends, norms, dense);
      at.set(ends);
      if (dense) {
        for (let offset = 0; offset < end - start; offset++) {
          const score = scores[offset]!;
          if (score < floor || score === 0 || !accepts(start + offset)) continue;
          best.offer(start + offset, score);
          floor = Math.max(0, best.floor);
        }
        scores.fill(0, 0, end - start);
      } else
        for (let i = 0; i < count; i++) {
          const offset = touched[i]!;
          const score = scores[offset]!;
          scores[offset] = 0;
          if (score < floor || score === 0 || !accepts(start + offset)) continue;
          best.offer(start + offset, score);
          floor = Math.max(0, best.floor);
        }
    }
  }

  /**
   * Adds the terms' postings of the block from `start` (each term's from `at` to `ends`) to the
   * block's scores; when not `dense`, lists the offsets it touched and returns their count.
   */
  private blockSums(
    terms: { postings: Postings; weight: number }[],
    start: number,
    at: Int32Array,
    ends: Int32Array,
    norms: Float64Array,
    dense: boolean,
  ): number {
    const { blockScores: scores, blockTouched: touched } = this;
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

  /** Gives back the postings' unused room (after a build: each list grew by a quarter at a time). */
  trim(): void {
    for (const list of this.postings.values())
      if (list.slots.length > list.size) {
        list.slots = list.slots.slice(0, list.size);
        list.counts = list.counts.slice(0, list.size);
      }
  }

  /** The first `n` postings of the row scratch, as `slot`'s: a term held again counts once more. */
  private commit(n: number, slot: number): void {
    const row = this.row;
    for (let i = 0; i < n; i++) {
      const list = row[i]!;
      if (list.last === slot) {
        const at = list.size - 1;
        if (list.counts[at]! < 0xffff) list.counts[at]!++;
        continue;
      }
      if (list.size === list.slots.length) {
        const size = list.size + Math.max(MIN_GROWTH, list.size >> 2);
        list.slots = grown(list.slots, size);
        list.counts = grown(list.counts, size);
      }
      list.slots[list.size] = slot;
      list.counts[list.size] = 1;
      list.size++;
      list.last = slot;
    }
  }

  /** A term id's postings, made empty the first time. */
  private list(id: number): Postings {
    let list = this.postings.get(id);
    if (!list)
      this.postings.set(
        id,
        (list = { slots: new Int32Array(4), counts: new Uint16Array(4), size: 0, last: -1 }),
      );
    return list;
  }

  /** The postings of the ASCII word at bytes `start` to `end` (null: no term), `hash` its FNV-1a. */
  private target(bytes: Uint8Array, start: number, end: number, hash: number): Postings | null {
    const mask = this.cells.length - 1;
    const length = end - start;
    for (let cell = hash & mask; ; cell = (cell + 1) & mask) {
      const entry = this.cells[cell]! - 1;
      if (entry < 0) break;
      if (this.hashes[entry] !== hash) continue;
      const at = this.starts[entry]!;
      if (this.ends[entry]! - at !== length) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = this.arena[at + i] === bytes[start + i];
      if (same) return this.targets[entry]!;
    }
    const ids = keywordTermIds(String.fromCharCode(...bytes.subarray(start, end)));
    const target = ids.length ? this.list(ids[0]!) : null;
    this.remember(bytes, start, end, hash, target);
    return target;
  }

  private remember(
    bytes: Uint8Array,
    start: number,
    end: number,
    hash: number,
    target: Postings | null,
  ): void {
    let entry = this.targets.length;
    if (entry >= MAX_WORDS) {
      this.cells.fill(0);
      this.targets = [];
      this.arenaSize = 0;
      entry = 0;
    }
    if (entry === this.hashes.length) {
      this.hashes = grown(this.hashes, entry * 2);
      this.starts = grown(this.starts, entry * 2);
      this.ends = grown(this.ends, entry * 2);
    }
    if (this.arenaSize + end - start > this.arena.length)
      this.arena = grown(this.arena, Math.max(this.arena.length * 2, this.arenaSize + end - start));
    this.arena.set(bytes.subarray(start, end), this.arenaSize);
    this.hashes[entry] = hash;
    this.starts[entry] = this.arenaSize;
    this.ends[entry] = this.arenaSize += end - start;
    this.targets.push(target);
    // At most half full: twice the cells, every entry placed again.
    if ((entry + 1) * 2 > this.cells.length) this.cells = new Int32Array(this.cells.length * 2);
    else return void this.place(entry);
    for (let e = 0; e <= entry; e++) this.place(e);
  }

  private place(entry: number): void {
    const mask = this.cells.length - 1;
    let cell = this.hashes[entry]! & mask;
    while (this.cells[cell]) cell = (cell + 1) & mask;
    this.cells[cell] = entry + 1;
  }
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
