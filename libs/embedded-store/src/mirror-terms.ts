import {
  BM25_K1,
  grown,
  keywordTermIds,
  MAX_TOKEN_BYTES,
  WORD_CHAR,
  type SparseVector,
} from '@docqa/retrieval';
import { FNV_OFFSET, FNV_PRIME } from '@docqa/tokenize';
import type { BestRows } from './best-rows';
import type { Postings } from './mirror-parts';
import { PackedPostings } from './packed-postings';

/** Words the table remembers before it is emptied (a docs estate's vocabulary is far smaller). */
const MAX_WORDS = 1_000_000;
const decoder = new TextDecoder();
/**
 * Slots added past the last pack that make the next one (or an eighth of the slots packed, when
 * more): the postings not packed are copied into WebAssembly memory by each query that reads them.
 */
const PACK_SLOTS = 16_384;
/** The arrays of a list's postings not packed, when none are. */
const EMPTY = { slots: new Int32Array(0), counts: new Uint16Array(0) };
/**
 * Postings a full list not packed grows by at least; otherwise by a quarter (a pack empties it:
 * see {@link PackedPostings}, and its next postings get room as {@link MirrorTerms.commit} says).
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
  private readonly packed = new PackedPostings();
  /** Slots added (the last one's + 1). */
  private slots = 0;
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
      if (WORD_CHAR[c]) {
        if (wordStart < 0) {
          wordStart = p;
          hash = FNV_OFFSET;
        }
        hash = Math.imul(hash ^ c, FNV_PRIME);
      } else if (wordStart >= 0) {
        const target = p - wordStart >= MAX_TOKEN_BYTES ? null : this.target(bytes, wordStart, p, hash);
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

  /**
   * Bytes the postings hold (in WebAssembly memory with the kernel's scratch, and the arrays of
   * those not packed, whole capacity) and the norms'.
   */
  bytes(): { postings: number; norms: number } {
    const { postings, norms } = this.packed.bytes();
    let bytes = postings;
    for (const list of this.postings.values()) bytes += list.slots.byteLength + list.counts.byteLength;
    return { postings: bytes, norms };
  }

  /** A term id's postings, packed or not, in order (a copy; none: empty). */
  postingsOf(id: number): { slots: Int32Array; counts: Uint16Array } {
    const list = this.postings.get(id);
    return list ? this.packed.copy(list) : { slots: new Int32Array(0), counts: new Uint16Array(0) };
  }

  /** Sets slots `from` to `to`'s lengths (in terms) to `lengths`' (see {@link setNorms}). */
  setLengths(from: number, to: number, lengths: ArrayLike<number>): void {
    this.packed.setLengths(from, to, lengths);
  }

  /**
   * Sets the BM25 length normalisation (k1 × (1 − b + b × length / average)) the ranking reads of
   * each length from 0 to `longest` to `norm(length)`.
   */
  setNorms(longest: number, norm: (length: number) => number): void {
    this.packed.setNorms(longest, norm);
  }

  /**
   * Offers to `best` each of the first `visible` slots (their lengths and norms set, see
   * {@link setLengths} and {@link setNorms}) that holds a term of the query (`weights`: IDF per
   * term id) and that `accepts`, with its BM25 score: the score `keywordScore` gives its text, to
   * the last bit (each term's part added in the query's order).
   *
   * The sums are the WebAssembly kernel's, a block of slots at a time over the postings packed
   * in its memory (see {@link PackedPostings.rank}): the JavaScript loop took about 7 ns a posting
   * (docs/benchmarks.md, "The keyword ranking's sums").
   */
  rank(weights: SparseVector, visible: number, best: BestRows, accepts: (slot: number) => boolean): void {
    const terms = weights.indices.flatMap((id, t) => {
      const postings = this.postings.get(id);
      // BM25: weight × tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / average)).
      return postings ? [{ postings, weight: weights.values[t]! * (BM25_K1 + 1) }] : [];
    });
    this.packed.rank(terms, visible, best, accepts);
  }

  /** Packs the postings not packed yet (after a build: each list grew by a quarter at a time). */
  trim(): void {
    if (this.slots > this.packed.packedSlots) this.packed.pack(this.postings.values(), this.slots, EMPTY);
  }

  /**
   * The first `n` postings of the row scratch, as `slot`'s: a term held again counts once more. A
   * list emptied by a pack gets room at once for the postings it is likely to take until the next
   * pack (its share of the slots in its last segment): grown a quarter at a time from nothing, an
   * import's lists copied each posting about four times, and those arrays were most of the bytes
   * catching up allocated (docs/benchmarks.md, "Issue 43 … (h-cat)").
   */
  private commit(n: number, slot: number): void {
    const row = this.row;
    for (let i = 0; i < n; i++) {
      const list = row[i]!;
      if (list.last === slot) {
        const at = list.tail - 1;
        if (list.counts[at]! < 0xffff) list.counts[at]!++;
        continue;
      }
      if (list.tail === list.slots.length) {
        const size = list.tail
          ? list.tail + Math.max(MIN_GROWTH, list.tail >> 2)
          : Math.max(MIN_GROWTH, Math.ceil(this.packed.perSlot(list) * (this.packAt() - slot)));
        list.slots = grown(list.slots, size);
        list.counts = grown(list.counts, size);
      }
      list.slots[list.tail] = slot;
      list.counts[list.tail] = 1;
      list.tail++;
      list.size++;
      list.last = slot;
    }
    this.slots = slot + 1;
    if (this.slots >= this.packAt()) this.trim();
  }

  /** The slot the next pack comes at (see {@link PACK_SLOTS}). */
  private packAt(): number {
    const packed = this.packed.packedSlots;
    return packed + Math.max(PACK_SLOTS, packed >> 3);
  }

  /** A term id's postings, made empty the first time. */
  private list(id: number): Postings {
    let list = this.postings.get(id);
    if (!list)
      this.postings.set(
        id,
        (list = { slots: EMPTY.slots, counts: EMPTY.counts, tail: 0, size: 0, last: -1, packed: [] }),
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
