import { keywordScore, keywordTermIds, type SparseVector } from '@docqa/retrieval';
import { SearchMirror } from './search-mirror';

const WORDS = Array.from({ length: 60 }, (_, i) => `w${i}x`);
const TENANTS = ['a', 'b', 'c'];
const VERSIONS = [undefined, 'v1', 'v2'];

/** A seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

interface Row {
  tenant: string;
  version: string | undefined;
  text: string;
  removed: boolean;
  staged: boolean;
}

/** Rows of Zipf-like words, some of them copies of earlier ones (equal scores), some removed, some staged. */
function corpus(random: () => number, size: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < size; i++) {
    const copy = rows.length && random() < 0.1 ? rows[Math.floor(random() * rows.length)]! : null;
    const length = Math.floor(random() * 25);
    const text =
      copy?.text ??
      Array.from({ length }, () => WORDS[Math.floor(WORDS.length * random() ** 2.5)]!).join(' ');
    rows.push({
      tenant: TENANTS[Math.floor(random() * TENANTS.length)]!,
      version: VERSIONS[Math.floor(random() * VERSIONS.length)],
      text,
      removed: random() < 0.05,
      staged: i >= size * 0.9,
    });
  }
  return rows;
}

/**
 * The ranking the mirror gave before its pruning: every visible row of the tenants and version
 * scored by `keywordScore`, equal scores in slot order when the terms' postings reached a quarter
 * of the visible rows, else in the order of the first query term a row holds, then slot order.
 */
function bruteForce(
  rows: Row[],
  query: { tenants: string[]; version?: string; weights: SparseVector; average: number; limit: number },
): { rowId: bigint; score: number }[] {
  const visible = rows.filter((row) => !row.staged);
  const terms = visible.map((row) => new Set(keywordTermIds(row.text)));
  const postings = query.weights.indices.reduce(
    (sum, id) => sum + terms.filter((held) => held.has(id)).length,
    0,
  );
  const dense = postings >= visible.length * 0.25;
  return visible
    .map((row, slot) => ({
      slot,
      score: keywordScore(row.text, query.weights, query.average),
      order: dense ? slot : query.weights.indices.findIndex((id) => terms[slot]!.has(id)) * 2 ** 31 + slot,
      kept:
        !row.removed &&
        query.tenants.includes(row.tenant) &&
        (query.version === undefined || row.version === undefined || row.version === query.version),
    }))
    .filter((hit) => hit.kept && hit.score > 0)
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .slice(0, query.limit)
    .map(({ slot, score }) => ({ rowId: BigInt(slot), score }));
}

/** A mirror of `rows` (row id = slot), the staged ones added after `stage`, the removed ones removed. */
function mirrorOf(rows: Row[]): SearchMirror {
  const mirror = new SearchMirror();
  const add = (row: Row, slot: number) =>
    mirror.add([
      {
        rowId: BigInt(slot),
        tenant: row.tenant,
        document: `d${slot}`,
        version: row.version,
        searchText: row.text,
        vector: [1, 0],
      },
    ]);
  rows.forEach((row, slot) => !row.staged && add(row, slot));
  mirror.publish(1);
  mirror.stage();
  rows.forEach((row, slot) => row.staged && add(row, slot));
  rows.forEach((row, slot) => row.removed && mirror.remove(slot));
  return mirror;
}

describe('SearchMirror.keyword (MaxScore)', () => {
  it.each([
    [1, 300],
    [2, 2000],
    [3, 4000],
  ])('ranks as scoring every row does (seed %i, %i rows)', (seed, size) => {
    const random = generator(seed);
    const rows = corpus(random, size);
    const mirror = mirrorOf(rows);
    const ids = [...new Set(WORDS.flatMap((word) => keywordTermIds(word)))];
    for (let q = 0; q < 80; q++) {
      const count = 1 + Math.floor(random() * 6);
      const indices = [
        ...new Set(Array.from({ length: count }, () => ids[Math.floor(ids.length * random() ** 1.5)]!)),
      ];
      // Some queries give two terms the same weight, for more equal scores.
      const values = indices.map((_, i) => (i && random() < 0.2 ? 1.5 : 0.1 + random() * 4));
      const tenants = random() < 0.5 ? ['a'] : ['a', 'c'];
      const version = random() < 0.4 ? VERSIONS[1 + Math.floor(random() * 2)] : undefined;
      const limit = [1, 3, 10, 50, 1000][Math.floor(random() * 5)]!;
      const average = 5 + random() * 20;
      const weights = { indices, values };
      const got = mirror
        .keyword(tenants, weights, average, limit, version)
        .map(({ rowId, score }) => ({ rowId, score }));
      expect(got).toEqual(bruteForce(rows, { tenants, version, weights, average, limit }));
    }
  });

  it('returns nothing for a limit of 0 or terms no row holds', () => {
    const mirror = mirrorOf(corpus(generator(4), 100));
    const weights = { indices: keywordTermIds('w1x w2x'), values: [1, 2] };
    expect(mirror.keyword(['a'], weights, 10, 0)).toEqual([]);
    expect(mirror.keyword(['a'], { indices: keywordTermIds('absent'), values: [1] }, 10, 5)).toEqual([]);
  });
});
