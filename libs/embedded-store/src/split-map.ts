import { FNV_OFFSET, FNV_PRIME } from '@docqa/tokenize';

/**
 * A Map held in parts, each a Map of the keys of one part number: V8 grows a Map by rehashing
 * every entry at once, and a map of 1,048,576 row ids took 1.2 s to take its next one at load 18
 * (0.3 to 0.7 s for as many document ids), holding the event loop the while; a part grows alone.
 */
export class SplitMap<K, V> {
  private readonly parts = new Map<number, Map<K, V>>();
  private count = 0;

  /** `partOf` gives a key's part number: keys that come together best go to one part, or few. */
  constructor(private readonly partOf: (key: K) => number) {}

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    return this.parts.get(this.partOf(key))?.get(key);
  }

  has(key: K): boolean {
    return this.parts.get(this.partOf(key))?.has(key) ?? false;
  }

  set(key: K, value: V): void {
    const number = this.partOf(key);
    let part = this.parts.get(number);
    if (!part) this.parts.set(number, (part = new Map()));
    const before = part.size;
    part.set(key, value);
    this.count += part.size - before;
  }

  delete(key: K): boolean {
    const deleted = this.parts.get(this.partOf(key))?.delete(key) ?? false;
    if (deleted) this.count--;
    return deleted;
  }
}

/**
 * The part of a row id (as a number, see `rowNumber`): 65,536 row ids one after another (stable
 * row ids are given out so, and an unstable one is a fragment's offset), taken in together.
 */
export const rowIdPart = (id: number): number => Math.floor(id / 65_536);

/** The part of a string among 64, from its last 8 characters: ids that count up spread evenly. */
export function stringPart(value: string): number {
  // FNV-1a, its high half folded into the low bits.
  let hash = FNV_OFFSET;
  for (let i = Math.max(0, value.length - 8); i < value.length; i++)
    hash = Math.imul(hash ^ value.charCodeAt(i), FNV_PRIME);
  return (hash ^ (hash >>> 16)) & 63;
}
