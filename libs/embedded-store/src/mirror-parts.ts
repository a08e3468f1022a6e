/** Parts of the search mirror: its postings lists, its row ids as numbers, its growing arrays. */

/**
 * The search mirror's postings of one term, in typed arrays that double as they fill (trimmed to
 * their size once a mirror is built, see `SearchMirror.trim`).
 */
/** One term's postings: the slots of the rows holding it and how often each holds it. */
export interface Postings {
  slots: Int32Array;
  counts: Uint16Array;
  size: number;
}

/** Adds to `postings` that the row of `slot` holds `term` `count` times (at most 65,535 counted). */
export function post(postings: Map<number, Postings>, term: number, slot: number, count: number): void {
  let list = postings.get(term);
  if (!list) postings.set(term, (list = { slots: new Int32Array(4), counts: new Uint16Array(4), size: 0 }));
  if (list.size === list.slots.length) {
    list.slots = grown(list.slots, list.size * 2);
    list.counts = grown(list.counts, list.size * 2);
  }
  list.slots[list.size] = slot;
  list.counts[list.size] = Math.min(count, 0xffff);
  list.size++;
}

/** `array` copied into one of `size` elements. */
export function grown<T extends Int32Array | Uint16Array | Uint32Array | Uint8Array | Float64Array>(
  array: T,
  size: number,
): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array);
  return bigger;
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
