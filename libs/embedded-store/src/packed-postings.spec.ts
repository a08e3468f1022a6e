import { BestRows } from './best-rows';
import type { Postings } from './mirror-parts';
import { BLOCK_SLOTS, PackedPostings, type WeightedPostings } from './packed-postings';
import { expectCompiledKernel } from './testing/kernel-module';

/** A deterministic pseudo-random generator. */
function rng(seed: number): () => number {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const EMPTY = { slots: new Int32Array(0), counts: new Uint16Array(0) };

/** Random postings of `terms` terms over `slots` slots, each term in a share of them (some dense). */
function randomLists(terms: number, slots: number, random: () => number): [number, number][][] {
  return Array.from({ length: terms }, (_, t) => {
    const share = [0.6, 0.2, 0.02, 0.0005][t % 4]!;
    const list: [number, number][] = [];
    for (let slot = 0; slot < slots; slot++)
      if (random() < share) list.push([slot, random() < 0.8 ? 1 : 1 + Math.floor(random() * 300)]);
    return list;
  });
}

/** Appends the postings of slots `from` to `to` of `lists` to `held` (as `MirrorTerms` does). */
function append(held: Postings[], lists: [number, number][][], from: number, to: number): void {
  lists.forEach((list, t) => {
    const postings = (held[t] ??= { ...EMPTY, tail: 0, size: 0, last: -1, packed: [] });
    const added = list.filter(([slot]) => slot >= from && slot < to);
    postings.slots = Int32Array.from([
      ...postings.slots.subarray(0, postings.tail),
      ...added.map(([s]) => s),
    ]);
    postings.counts = Uint16Array.from([
      ...postings.counts.subarray(0, postings.tail),
      ...added.map(([, c]) => c),
    ]);
    postings.tail += added.length;
    postings.size += added.length;
    postings.last = added.at(-1)?.[0] ?? postings.last;
  });
}

/** Every accepted slot's score summed term by term in order, as `keywordScore` does, best first. */
function reference(
  lists: [number, number][][],
  weights: number[],
  norms: Float64Array,
  visible: number,
  limit: number,
  accepts: (slot: number) => boolean,
): { slot: number; score: number }[] {
  const scores = new Float64Array(visible);
  lists.forEach((list, t) => {
    for (const [slot, tf] of list)
      if (slot < visible) scores[slot] = scores[slot]! + (weights[t]! * tf) / (tf + norms[slot]!);
  });
  const best = new BestRows(limit);
  scores.forEach((score, slot) => {
    if (score !== 0 && accepts(slot)) best.offer(slot, score);
  });
  return best.rows();
}

describe('PackedPostings', () => {
  it('holds the kernel compiled from postings-kernel.wat (UPDATE_POSTINGS_KERNEL=1 writes it)', async () => {
    await expectCompiledKernel(
      'postings-kernel',
      'POSTINGS_KERNEL_WASM',
      "The keyword kernel's",
      'UPDATE_POSTINGS_KERNEL',
      'packed-postings',
    );
  });

  it('ranks random postings as summing every slot does, to the bit, packed in segments or not', () => {
    const random = rng(7);
    const slots = 3 * BLOCK_SLOTS + 1_234;
    const lists = randomLists(9, slots, random);
    const lengths = Uint32Array.from({ length: slots }, () => Math.floor(random() * 300));
    const norm = (length: number) => 1.2 * (0.25 + (0.75 * length) / 57.3);
    const norms = Float64Array.from(lengths, norm);
    const packed = new PackedPostings();
    const held: Postings[] = [];
    // Segments whose edges fall inside blocks, then postings not packed, then staged ones.
    const edges = [0, 1_000, 5_000, 5_001, 9_999, slots - 500, slots];
    for (let e = 1; e < edges.length; e++) {
      append(held, lists, edges[e - 1]!, edges[e]!);
      if (e < edges.length - 2) packed.pack(held, edges[e]!, EMPTY);
    }
    expect(packed.packedSlots).toBe(9_999);
    packed.setLengths(0, 2_000, lengths);
    packed.setNorms(100, () => NaN);
    packed.setLengths(2_000, slots, lengths);
    // A longer table made after a shorter one: each slot's norm is its length's.
    packed.setNorms(Math.max(...lengths), norm);
    held.forEach((list, t) => expect([...packed.copy(list).slots]).toEqual(lists[t]!.map(([slot]) => slot)));
    const tenants = Uint8Array.from({ length: slots }, () => (random() < 0.9 ? 1 : 2));
    for (let q = 0; q < 24; q++) {
      const chosen = [...new Set(Array.from({ length: 1 + (q % 6) }, () => Math.floor(random() * 9)))];
      const weights = chosen.map(() => 0.1 + random() * 5);
      const terms: WeightedPostings[] = chosen.map((t, i) => ({ postings: held[t]!, weight: weights[i]! }));
      const visible = q % 3 ? slots : slots - 500;
      const limit = [1, 10, 20, 200][q % 4]!;
      const accepts = (slot: number) => tenants[slot] === 1;
      const best = new BestRows(limit);
      packed.rank(terms, visible, best, accepts);
      const expected = reference(
        chosen.map((t) => lists[t]!),
        weights,
        norms,
        visible,
        limit,
        accepts,
      );
      expect(best.rows()).toEqual(expected);
    }
  });
});
