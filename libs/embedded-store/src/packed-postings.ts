import type { BestRows } from './best-rows';
import type { Postings } from './mirror-parts';
import { POSTINGS_KERNEL_WASM } from './postings-kernel';
import { PAGE_BYTES, growMemory } from './wasm-memory';

/**
 * Slots a keyword query's sums are made for at a time (see {@link PackedPostings.rank}): their
 * scratch (32 KB) and the block's lengths stay in the core's cache.
 */
export const BLOCK_SLOTS = 4_096;
/** Where the kernel's fixed scratch ends (postings-kernel.wat): what is allocated starts there. */
const SCRATCH_BYTES = 98_304;
const FOUND_SLOTS_AT = 49_152;
const FOUND_SCORES_AT = 65_536;
/** Bytes of a query term's entry in the kernel's table. */
const TERM_BYTES = 32;
/** Bytes of a slot's length (u32), and of a length's norm (f64). */
const LENGTH_BYTES = 4;
const NORM_BYTES = 8;

interface Kernel {
  block(
    table: number,
    n: number,
    start: number,
    end: number,
    base: number,
    lengths: number,
    norms: number,
    floor: number,
  ): number;
}

const kernelModule = new WebAssembly.Module(Buffer.from(POSTINGS_KERNEL_WASM, 'base64'));

/** A query term's postings and its weight (IDF × (k1 + 1)). */
export interface WeightedPostings {
  postings: Postings;
  weight: number;
}

/**
 * Slots `first` to `end` (past the last), whose postings a pack moved into the memory: every
 * list's slots (i32) from `slotsAt`, one list after another, then their counts (u16) from
 * `countsAt` in the same order.
 */
interface Segment {
  first: number;
  end: number;
  slotsAt: number;
  countsAt: number;
}

/** Views of the memory, made again when it grows (a growth detaches the buffer). */
interface Views {
  buffer: ArrayBuffer;
  i32: Int32Array;
  u16: Uint16Array;
  f64: Float64Array;
}

/**
 * The search mirror's postings in WebAssembly memory, and the BM25 ranking over them by the kernel
 * of postings-kernel.wat. A term's postings come in as a list in JavaScript (`MirrorTerms`), and a
 * pack moves every list's postings of the rows added since the last pack to the memory's end, as a
 * segment of those slots (6 bytes a posting): nothing held moves, and a pack writes each posting
 * once. Each slot's length (in terms) is in the memory too, a block of {@link BLOCK_SLOTS} slots at
 * a time, and a table of each length's norm: a change of the average length (every import's job
 * changes it) makes the table again, not a norm per slot (10 ms at 1,000,000 rows, in a search).
 * The postings not packed yet (the last rows added) are copied into the memory by each query that
 * reads them.
 */
export class PackedPostings {
  private readonly memory = new WebAssembly.Memory({ initial: Math.ceil(SCRATCH_BYTES / PAGE_BYTES) });
  private readonly kernel: Kernel;
  /** Where the next allocation goes. */
  private end = SCRATCH_BYTES;
  private views: Views | null = null;
  private readonly segments: Segment[] = [];
  /** Where each block of slots' lengths are (one per {@link BLOCK_SLOTS} slots). */
  private readonly lengthsAt: number[] = [];
  /** Where each length's norm is (from length 0), and the lengths it has room for. */
  private norms = { at: 0, room: 0 };
  /** The query's terms (see postings-kernel.wat) and the copies of its postings not packed. */
  private table = { at: 0, terms: 0 };
  private copies = { at: 0, bytes: 0 };

  constructor() {
    const instance = new WebAssembly.Instance(kernelModule, { docqa: { memory: this.memory } });
    this.kernel = instance.exports as unknown as Kernel;
  }

  /** Slots packed: those of the last segment and before. */
  get packedSlots(): number {
    return this.segments.at(-1)?.end ?? 0;
  }

  /**
   * Bytes of the memory taken (its last page's rest, under 64 KB, left out): the lengths' and their
   * norms', and the rest (the postings', 6 a posting, the kernel's scratch, its table of a query's
   * terms and the copies of a query's postings not packed).
   */
  bytes(): { postings: number; norms: number } {
    const norms = this.lengthsAt.length * BLOCK_SLOTS * LENGTH_BYTES + this.norms.room * NORM_BYTES;
    return { postings: this.end - norms, norms };
  }

  /**
   * Moves the postings of `lists` added since the last pack (the slots from {@link packedSlots}
   * to `end`) into a segment at the memory's end, and empties them from the lists.
   */
  pack(lists: Iterable<Postings>, end: number, empty: Pick<Postings, 'slots' | 'counts'>): void {
    const packing = [...lists].filter((list) => list.tail);
    let total = 0;
    for (const list of packing) total += list.tail;
    const slotsAt = this.allocate(total * 6);
    const countsAt = slotsAt + total * 4;
    const { i32, u16 } = this.view();
    const segment = this.segments.length;
    let k = 0;
    for (const list of packing) {
      const n = list.tail;
      i32.set(list.slots.subarray(0, n), (slotsAt >> 2) + k);
      u16.set(list.counts.subarray(0, n), (countsAt >> 1) + k);
      list.packed.push(segment, k, n);
      k += n;
      list.slots = empty.slots;
      list.counts = empty.counts;
      list.tail = 0;
    }
    this.segments.push({ first: this.packedSlots, end, slotsAt, countsAt });
  }

  /** Postings per slot of `list` in the last segment that holds some of its postings (0: none). */
  perSlot(list: Pick<Postings, 'packed'>): number {
    const at = list.packed.length - 3;
    if (at < 0) return 0;
    const { first, end } = this.segments[list.packed[at]!]!;
    return list.packed[at + 2]! / (end - first);
  }

  /** Sets slots `from` to `to`'s lengths to `lengths`' (their blocks made when new). */
  setLengths(from: number, to: number, lengths: ArrayLike<number>): void {
    while (this.lengthsAt.length * BLOCK_SLOTS < to)
      this.lengthsAt.push(this.allocate(BLOCK_SLOTS * LENGTH_BYTES));
    const { i32 } = this.view();
    for (let slot = from; slot < to; slot++)
      i32[(this.lengthsAt[Math.floor(slot / BLOCK_SLOTS)]! >> 2) + (slot % BLOCK_SLOTS)] = lengths[slot]!;
  }

  /** Sets the norm of each length from 0 to `longest` to `norm(length)`. */
  setNorms(longest: number, norm: (length: number) => number): void {
    if (longest >= this.norms.room) {
      const room = Math.max(256, (longest + 1) * 2);
      this.norms = { at: this.allocate(room * NORM_BYTES), room };
    }
    const { f64 } = this.view();
    const at = this.norms.at >> 3;
    for (let length = 0; length <= longest; length++) f64[at + length] = norm(length);
  }

  /** A list's postings, packed and not, in order (a copy). */
  copy(list: Postings): Pick<Postings, 'slots' | 'counts'> {
    const slots = new Int32Array(list.size);
    const counts = new Uint16Array(list.size);
    const { i32, u16 } = this.view();
    let n = 0;
    for (let k = 0; k < list.packed.length; k += 3) {
      const { slotsAt, countsAt } = this.segments[list.packed[k]!]!;
      const at = list.packed[k + 1]!;
      const size = list.packed[k + 2]!;
      slots.set(i32.subarray((slotsAt >> 2) + at, (slotsAt >> 2) + at + size), n);
      counts.set(u16.subarray((countsAt >> 1) + at, (countsAt >> 1) + at + size), n);
      n += size;
    }
    slots.set(list.slots.subarray(0, list.tail), n);
    counts.set(list.counts.subarray(0, list.tail), n);
    return { slots, counts };
  }

  /**
   * Offers to `best` each of the first `visible` slots (their lengths and those lengths' norms set)
   * that holds one of `terms` and that `accepts`, with its BM25 score: the score `keywordScore`
   * gives its text, to the last bit (each term's part added in the query's order). Segment by
   * segment, then the postings not packed, a block of {@link BLOCK_SLOTS} slots at a time, the
   * kernel sums the block and gives the slots whose sums reach the `limit`th best so far; a row
   * that ties with it is offered (`best` keeps it when its tie key is lower).
   */
  rank(terms: WeightedPostings[], visible: number, best: BestRows, accepts: (slot: number) => boolean): void {
    // Rows holding no term score 0, and are passed over.
    let floor = Math.max(0, best.floor);
    const next = new Int32Array(terms.length);
    const ranges: { first: number; end: number }[] = [
      ...this.segments,
      { first: this.packedSlots, end: visible },
    ];
    for (const [s, { first, end }] of ranges.entries()) {
      const last = Math.min(end, visible);
      const n = s < this.segments.length ? this.segmentTable(terms, s, next) : this.tailTable(terms);
      if (!n || first >= last) continue;
      for (let start = first; start < last;) {
        const base = start - (start % BLOCK_SLOTS);
        const blockEnd = Math.min(base + BLOCK_SLOTS, last);
        const { at } = this.table;
        const found = this.kernel.block(
          at,
          n,
          start,
          blockEnd,
          base,
          this.lengthsAt[base / BLOCK_SLOTS]!,
          this.norms.at,
          floor,
        );
        start = blockEnd;
        if (!found) continue;
        const { i32, f64 } = this.view();
        for (let i = 0; i < found; i++) {
          const slot = i32[(FOUND_SLOTS_AT >> 2) + i]!;
          const score = f64[(FOUND_SCORES_AT >> 3) + i]!;
          if (score < floor || !accepts(slot)) continue;
          best.offer(slot, score);
          floor = Math.max(0, best.floor);
        }
      }
    }
  }

  /** Writes the kernel's table of the terms' postings in segment `s`; returns the terms written. */
  private segmentTable(terms: WeightedPostings[], s: number, next: Int32Array): number {
    const table = this.tableFor(terms.length);
    const { i32, f64 } = this.view();
    const { slotsAt, countsAt } = this.segments[s]!;
    let n = 0;
    for (const [t, { postings, weight }] of terms.entries()) {
      const k = next[t]!;
      if (postings.packed[k] !== s) continue;
      const at = postings.packed[k + 1]!;
      const size = postings.packed[k + 2]!;
      next[t] = k + 3;
      writeTerm(i32, f64, table + n++ * TERM_BYTES, slotsAt + at * 4, countsAt + at * 2, size, weight);
    }
    return n;
  }

  /** Copies the terms' postings not packed into the memory and writes the kernel's table of them. */
  private tailTable(terms: WeightedPostings[]): number {
    let bytes = 0;
    for (const { postings } of terms) bytes += listBytes(postings.tail);
    if (bytes > this.copies.bytes) this.copies = { at: this.allocate(bytes * 2), bytes: bytes * 2 };
    const table = this.tableFor(terms.length);
    const { i32, u16, f64 } = this.view();
    let at = this.copies.at;
    let n = 0;
    for (const { postings, weight } of terms) {
      const size = postings.tail;
      if (!size) continue;
      i32.set(postings.slots.subarray(0, size), at >> 2);
      u16.set(postings.counts.subarray(0, size), (at + size * 4) >> 1);
      writeTerm(i32, f64, table + n++ * TERM_BYTES, at, at + size * 4, size, weight);
      at += listBytes(size);
    }
    return n;
  }

  /** Where the kernel's table of `terms` terms is (made larger when too small). */
  private tableFor(terms: number): number {
    if (terms > this.table.terms) {
      const room = Math.max(64, terms * 2);
      this.table = { at: this.allocate(room * TERM_BYTES), terms: room };
    }
    return this.table.at;
  }

  /** `bytes` bytes at the memory's end (8-byte aligned), the memory grown to hold them. */
  private allocate(bytes: number): number {
    const at = this.end;
    this.end = Math.ceil((at + bytes) / 8) * 8;
    growMemory(this.memory, this.end);
    return at;
  }

  private view(): Views {
    const { buffer } = this.memory;
    if (this.views?.buffer !== buffer)
      this.views = {
        buffer,
        i32: new Int32Array(buffer),
        u16: new Uint16Array(buffer),
        f64: new Float64Array(buffer),
      };
    return this.views;
  }
}

/** Bytes of a list of `n` postings in memory: its slots, then its counts, to a multiple of 4. */
const listBytes = (n: number) => n * 4 + Math.ceil(n / 2) * 4;

function writeTerm(
  i32: Int32Array,
  f64: Float64Array,
  entry: number,
  slotsAt: number,
  countsAt: number,
  size: number,
  weight: number,
): void {
  i32[entry >> 2] = slotsAt;
  i32[(entry >> 2) + 1] = countsAt;
  i32[(entry >> 2) + 2] = 0;
  i32[(entry >> 2) + 3] = size;
  f64[(entry + 16) >> 3] = weight;
}
