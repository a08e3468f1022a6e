import { rowIdPart, SplitMap, stringPart } from './split-map';

describe('SplitMap', () => {
  it('holds what a Map holds through sets, overwrites and deletes across parts', () => {
    const split = new SplitMap<number, number>(rowIdPart);
    const map = new Map<number, number>();
    let seed = 5;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    // Stable row ids (one after another) and unstable ones (a fragment id × 2³² + an offset).
    const ids = [
      ...Array.from({ length: 200_000 }, (_, i) => i),
      ...Array.from({ length: 1_000 }, (_, i) => 7 * 2 ** 32 + i),
    ];
    for (const [n, id] of ids.entries()) {
      split.set(id, n);
      map.set(id, n);
      if (random() < 0.2) {
        const other = ids[Math.floor(random() * (n + 1))]!;
        expect(split.delete(other)).toBe(map.delete(other));
      }
      if (random() < 0.05) {
        split.set(id, -n);
        map.set(id, -n);
      }
    }
    expect(split.size).toBe(map.size);
    for (const id of [...ids, -1, 200_000, 8 * 2 ** 32]) {
      expect(split.has(id)).toBe(map.has(id));
      expect(split.get(id)).toBe(map.get(id));
    }
    expect(split.delete(-1)).toBe(false);
    expect(split.size).toBe(map.size);
  });

  it('spreads ids that count up over its 64 string parts', () => {
    const parts = new Array<number>(64).fill(0);
    for (let i = 0; i < 64_000; i++) parts[stringPart(`d${i}`)]!++;
    expect(Math.min(...parts)).toBeGreaterThan(500);
    expect(Math.max(...parts)).toBeLessThan(1_500);
  });
});
