import { SplitMap, stringPart } from './split-map';

/**
 * Parts of the search mirror: its postings lists, its row ids as numbers, its growing arrays, its
 * codes of values, its memory's parts.
 */

/** Where a mirror's memory goes, in bytes (see {@link SearchMirror.bytes}). */
export interface MirrorBytes {
  /** The int8 vectors, their factors and the dot products' scratch. */
  vectors: number;
  /** The postings (slots and counts) of every term. */
  postings: number;
  /** Row ids: each slot's and the map from row id to slot (estimated at 40 bytes an entry). */
  ids: number;
  /**
   * Tenants, versions, documents, lengths and length norms, and where each row's passage is in
   * the passage file (when it keeps one).
   */
  columns: number;
}

/**
 * One term's postings in the search mirror: the slots of the rows holding it (ascending) and how
 * often each holds it (at most 65,535 counted). Those of the rows added since the last pack are in
 * typed arrays that grow as they fill; a pack moves them into WebAssembly memory (see
 * `PackedPostings`), where the others are.
 */
export interface Postings {
  /** The slots and counts of the postings not packed (their first `tail`). */
  slots: Int32Array;
  counts: Uint16Array;
  tail: number;
  /** Postings held in all, packed or not. */
  size: number;
  /** The slot of the last posting (−1: none), which a row's next occurrence of the term counts to. */
  last: number;
  /** The packed postings: (segment, byte offset, count) of each segment holding some, in order. */
  packed: number[];
}

/**
 * A LanceDB row id as a number (a fragment id × 2³² + an offset: exact below 2⁵³, two million
 * fragments); a larger one is refused, and the mirror is then not used.
 */
export function rowNumber(rowId: bigint): number {
  const id = Number(rowId);
  if (!Number.isSafeInteger(id)) throw new Error(`row id ${rowId} is past what the search mirror holds`);
  return id;
}

/**
 * Slots the mirror's arrays start with (or the rows it expects); each growth adds a quarter: a
 * large mirror's next rows are an import's.
 */
export const FIRST_SLOTS = 1_024;
/** A JavaScript Map's cost per entry, about (V8: a hash table of key, value and chain link). */
export const MAP_ENTRY_BYTES = 40;
/** The tenant code of a removed row's slot. */
export const DEAD = 0xffff;
/** The version code of a row without a version, which every search keeps. */
export const UNVERSIONED = 0;
/** Codes a Uint16Array holds. */
export const CODES = 0x10000;
/** The version mask of a search without a version: every row kept. */
export const EVERY_VERSION = new Uint8Array(CODES).fill(1);

/**
 * Small codes (from 1) for the values of a string column the mirror holds per row, such as its
 * tenants and its documents' versions: a search compares codes, not strings. Held in parts (a
 * million document ids, see {@link SplitMap}).
 */
export class ValueCodes {
  private readonly codes = new SplitMap<string, number>(stringPart);

  /** `what` names the values in the error past `max` codes. */
  constructor(
    private readonly what: string,
    private readonly max: number,
  ) {}

  /** `value`'s code, a new one the first time. */
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      if (this.codes.size >= this.max) throw new Error(`a mirror holds at most ${this.max} ${this.what}`);
      this.codes.set(value, (code = this.codes.size + 1));
    }
    return code;
  }

  /** Which codes of `values` a search keeps (1) or not (0), in a mask of `size` codes. */
  mask(values: string[], size: number): Uint8Array {
    const mask = new Uint8Array(size);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) mask[code] = 1;
    }
    return mask;
  }
}
