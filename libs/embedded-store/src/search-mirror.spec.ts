import {
  inVersion,
  keywordScore,
  keywordTermIds,
  queryTerms,
  queryWeights,
  type SparseVector,
  type TermStats,
} from '@docqa/retrieval';
import { SearchMirror } from './search-mirror';

const TEXTS = [
  'Rotate the signing key every month',
  'The signing key signs every token; rotate it when a person leaves',
  'Tokens expire after a day',
  'Keys and tokens of the admin portal',
  'Nothing about that here',
  'key key key rotation of keys',
];

/** The term statistics of `texts`, as the store keeps them per tenant. */
function statsOf(texts: string[]): TermStats {
  const df = new Map<number, number>();
  let terms = 0;
  for (const text of texts) {
    const ids = keywordTermIds(text);
    terms += ids.length;
    for (const id of new Set(ids)) df.set(id, (df.get(id) ?? 0) + 1);
  }
  return { chunks: texts.length, terms, df };
}

/** A mirror of TEXTS in tenant `a` (row ids 0…) and the same texts in tenant `b` (row ids 100…). */
function mirror(): SearchMirror {
  const mirror = new SearchMirror();
  const row = (tenant: string, rowId: number, i: number) => ({
    rowId: BigInt(rowId),
    tenant,
    document: `d${rowId}`,
    searchText: TEXTS[i]!,
    vector: [1, i, 0, 0],
  });
  mirror.add(TEXTS.map((_, i) => row('a', i, i)));
  // One at a time, and once more: a row held is left as it is.
  TEXTS.forEach((_, i) => mirror.add([row('b', 100 + i, i)]));
  mirror.add([row('b', 100, 0)]);
  return mirror;
}

describe('SearchMirror', () => {
  it('ranks keyword hits of the searched tenants as re-scoring their texts does', () => {
    const stats = statsOf(TEXTS);
    const average = stats.terms / stats.chunks;
    const weights = queryWeights(queryTerms('rotate signing key'), stats);
    const expected = TEXTS.map((text, i) => ({
      rowId: BigInt(i),
      score: keywordScore(text, weights, average),
    }))
      .filter((hit) => hit.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 3);
    const hits = mirror().keyword(['a'], weights, average, 3);
    expect(hits.map((hit) => hit.rowId)).toEqual(expected.map((hit) => hit.rowId));
    hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]!.score, 10));
    // Passages are not held: a search reads those of the hits it returns.
    expect(hits.every((hit) => hit.row === null)).toBe(true);
  });

  it('leaves out removed rows and rows of tenants not searched', () => {
    const stats = statsOf(TEXTS);
    const weights = queryWeights(queryTerms('signing key'), stats);
    const held = mirror();
    held.remove(0);
    held.remove(0);
    expect(held.rows).toBe(11);
    expect(held.dead).toBe(1);
    expect(held.slotOf(0)).toBeUndefined();
    const rowIds = held.keyword(['a'], weights, 10, 10).map((hit) => hit.rowId);
    expect(rowIds).not.toContain(0n);
    expect(rowIds.every((id) => id < 100n)).toBe(true);
    expect(held.keyword(['c'], weights, 10, 10)).toEqual([]);
    expect(held.semantic(['b'], [1, 5, 0, 0], 2).map((hit) => hit.rowId)).toEqual([105n, 104n]);
    expect(held.semantic(['a', 'b'], [0, 1, 0, 0], 4).map((hit) => hit.rowId)).toEqual([5n, 105n, 4n, 104n]);
  });

  it('lists the rows held whose slots a scan of a version did not mark, removed ones left out', () => {
    const held = mirror();
    held.remove(101);
    const seen = new Uint8Array(held.slotCount);
    for (const id of [0, 1, 2, 3, 4, 5, 100, 104]) seen[held.slotOf(id)!] = 1;
    expect(held.unseenRowIds(seen, 0, held.slotCount)).toEqual([102, 103, 105]);
    // Looked through in parts, the same rows.
    const half = Math.floor(held.slotCount / 2);
    expect([
      ...held.unseenRowIds(seen, 0, half),
      ...held.unseenRowIds(seen, half, held.slotCount + 10),
    ]).toEqual([102, 103, 105]);
  });

  it('takes in the new rows of a batch that holds some rows it has, their texts and vectors with them', () => {
    const held = mirror();
    held.add([
      { rowId: 1n, tenant: 'a', document: 'd1', searchText: TEXTS[1]!, vector: [1, 1, 0, 0] },
      { rowId: 300n, tenant: 'c', document: 'd300', searchText: 'rotation of keys', vector: [0, 0, 1, 0] },
      { rowId: 101n, tenant: 'b', document: 'd101', searchText: TEXTS[1]!, vector: [1, 1, 0, 0] },
      { rowId: 301n, tenant: 'c', document: 'd301', searchText: 'Tokens expire', vector: [0, 0, 0, 1] },
    ]);
    expect(held.rows).toBe(14);
    const stats = statsOf(['rotation of keys', 'Tokens expire']);
    const rotation = queryWeights(queryTerms('rotation'), stats);
    expect(held.keyword(['c'], rotation, 2, 5).map((hit) => hit.rowId)).toEqual([300n]);
    const tokens = queryWeights(queryTerms('expire'), stats);
    expect(held.keyword(['c'], tokens, 2, 5).map((hit) => hit.rowId)).toEqual([301n]);
    expect(held.semantic(['c'], [0, 0, 0, 1], 1).map((hit) => hit.rowId)).toEqual([301n]);
    expect(held.semantic(['c'], [0, 0, 1, 0], 1).map((hit) => hit.rowId)).toEqual([300n]);
  });

  it('searches staged rows only once they are published', () => {
    const held = mirror();
    held.version = 3;
    const weights = queryWeights(queryTerms('signing key'), statsOf(TEXTS));
    const before = held.keyword(['a'], weights, 10, 20);
    held.stage();
    held.add([
      {
        rowId: 200n,
        tenant: 'a',
        document: 'd200',
        searchText: 'signing key signing key',
        vector: [1, 9, 0, 0],
      },
    ]);
    expect(held.slotOf(200)).toBe(held.slotCount - 1);
    expect(held.version).toBe(3);
    expect(held.keyword(['a'], weights, 10, 20)).toEqual(before);
    expect(held.semantic(['a'], [1, 9, 0, 0], 20).map((hit) => hit.rowId)).not.toContain(200n);
    held.publish(4);
    expect(held.version).toBe(4);
    expect(held.keyword(['a'], weights, 10, 1).map((hit) => hit.rowId)).toEqual([200n]);
    expect(held.semantic(['a'], [1, 9, 0, 0], 1).map((hit) => hit.rowId)).toEqual([200n]);
  });

  it('searches rows removed and added while staging as before until they are published, then neither a mix', () => {
    const held = mirror();
    held.version = 3;
    const weights = queryWeights(queryTerms('signing key'), statsOf(TEXTS));
    const before = [held.keyword(['a'], weights, 10, 20), held.semantic(['a'], [1, 1, 0, 0], 20)];
    held.stage();
    held.remove(1);
    held.add([
      { rowId: 200n, tenant: 'a', document: 'd200', searchText: 'signing key', vector: [1, 1, 0, 0] },
    ]);
    expect(held.slotOf(1)).toBeUndefined();
    expect(held.rows).toBe(2 * TEXTS.length);
    expect([held.keyword(['a'], weights, 10, 20), held.semantic(['a'], [1, 1, 0, 0], 20)]).toEqual(before);
    held.publish(4);
    // As a mirror of the rows now held, built at once.
    const now = new SearchMirror();
    now.add(
      TEXTS.flatMap((text, i) => [
        ...(i === 1
          ? []
          : [{ rowId: BigInt(i), tenant: 'a', document: `d${i}`, searchText: text, vector: [1, i, 0, 0] }]),
      ]),
    );
    now.add([
      { rowId: 200n, tenant: 'a', document: 'd200', searchText: 'signing key', vector: [1, 1, 0, 0] },
    ]);
    // (Document codes are given in the order rows came, so they differ between the two.)
    const ranked = (hits: { rowId: bigint; score: number }[]) =>
      hits.map(({ rowId, score }) => [rowId, score]);
    expect(ranked(held.keyword(['a'], weights, 10, 20))).toEqual(ranked(now.keyword(['a'], weights, 10, 20)));
    expect(ranked(held.semantic(['a'], [1, 1, 0, 0], 20))).toEqual(
      ranked(now.semantic(['a'], [1, 1, 0, 0], 20)),
    );
    expect(held.keyword(['a'], weights, 10, 20).map((hit) => hit.rowId)).toContain(200n);
  });

  it('ranks rows by their approximate cosine with the query vector', () => {
    const hits = mirror().semantic(['a'], [1, 1, 0, 0], 3);
    expect(hits.map((hit) => hit.rowId)).toEqual([1n, 2n, 3n]);
    expect(hits[0]!.score).toBeCloseTo(1, 2);
    expect(mirror().semantic(['a'], [1, 1, 0], 3)).toEqual([]);
  });

  it('finds the best keyword rows of a large corpus, for queries of common words and of rare ones', () => {
    // Words drawn Zipf-like, as the bench's corpus: the commonest are in most rows.
    let seed = 7;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const vocabulary = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);
    const sentence = (n: number) =>
      Array.from({ length: n }, () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]).join(' ');
    const texts = Array.from({ length: 3_000 }, () => sentence(20 + Math.floor(random() * 40)));
    const tenantOf = (i: number) => (i % 7 === 0 ? 'b' : 'a');
    const held = new SearchMirror();
    held.add(
      texts.map((text, i) => ({
        rowId: BigInt(i),
        tenant: tenantOf(i),
        document: `d${i}`,
        searchText: text,
        vector: [1, 0],
      })),
    );
    for (let i = 0; i < texts.length; i += 11) held.remove(i);
    const searched = texts.filter((_, i) => tenantOf(i) === 'a' && i % 11 !== 0);
    const stats = statsOf(searched);
    const average = stats.terms / stats.chunks;
    for (let q = 0; q < 60; q++) {
      // Every fifth query holds only rare words: few postings, ranked through the rows they touch.
      const query = q % 5 ? sentence(2 + (q % 6)) : `${vocabulary[390 - q]} ${vocabulary[391 - q]}`;
      const weights = queryWeights(queryTerms(query), stats);
      const limit = [1, 10, 20, 50][q % 4]!;
      const expected = texts
        .map((text, i) => ({ i, score: keywordScore(text, weights, average) }))
        .filter(({ i, score }) => score > 0 && tenantOf(i) === 'a' && i % 11 !== 0)
        .map(({ score }) => score)
        .sort((x, y) => y - x)
        .slice(0, limit);
      const hits = held.keyword(['a'], weights, average, limit);
      expect(hits.map((hit) => hit.score)).toHaveLength(expected.length);
      hits.forEach((hit, i) => {
        expect(hit.score).toBeCloseTo(expected[i]!, 9);
        expect(hit.score).toBeCloseTo(keywordScore(texts[Number(hit.rowId)]!, weights, average), 9);
      });
    }
  });

  it('scores rows block by block exactly as keywordScore does, across blocks, ties, packs, staged rows and averages', () => {
    let seed = 5;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const vocabulary = Array.from({ length: 500 }, (_, i) => `b${i.toString(36)}z`);
    const sentence = (n: number) =>
      Array.from({ length: n }, () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]).join(' ');
    // Three blocks of 4,096 slots and part of a fourth; the same text on both sides of each block's
    // edge, so that ties across blocks must keep the lower slot first.
    // The last 1,000 rows longer than any before them: their lengths' norms are made when they come.
    const texts = Array.from({ length: 14_000 }, (_, i) =>
      sentence((i < 13_000 ? 5 : 50) + Math.floor(random() * 40)),
    );
    for (const edge of [4_096, 8_192, 12_288])
      texts[edge] = texts[edge - 1] = `${vocabulary[499]} ${sentence(6)}`;
    const tenantOf = (i: number) => (i % 5 === 0 ? 'b' : 'a');
    const versionOf = (i: number) => [undefined, '1.x', '2.x'][i % 3];
    const row = (i: number) => ({
      rowId: BigInt(i),
      tenant: tenantOf(i),
      document: `d${i}`,
      ...(versionOf(i) !== undefined && { version: versionOf(i) }),
      searchText: texts[i]!,
      vector: [1, 0],
    });
    const held = new SearchMirror();
    // The first 12,000 rows packed into the kernel's memory; the next 1,000 are staged (not packed):
    // they start in the middle of the fourth block.
    held.add(texts.slice(0, 12_000).map((_, i) => row(i)));
    held.trim();
    held.stage();
    held.add(texts.slice(12_000, 13_000).map((_, i) => row(12_000 + i)));
    const stats = statsOf(texts.filter((_, i) => tenantOf(i) === 'a'));
    // The average length as an import's jobs change it, and back.
    const averages = [1, 1.07, 0.93, 1].map((share) => (share * stats.terms) / stats.chunks);
    const expected = (
      weights: SparseVector,
      average: number,
      visible: number,
      limit: number,
      version?: string,
    ) =>
      texts
        .slice(0, visible)
        .map((text, i) => ({ rowId: BigInt(i), score: keywordScore(text, weights, average) }))
        .filter(({ rowId, score }) => {
          const i = Number(rowId);
          return score > 0 && tenantOf(i) === 'a' && inVersion({ version: versionOf(i) }, version);
        })
        .sort((x, y) => y.score - x.score || Number(x.rowId - y.rowId))
        .slice(0, limit);
    const queries = [
      sentence(5),
      sentence(2),
      // Rare words: a few postings a block, read through the slots they touch.
      `${vocabulary[499]} ${vocabulary[498]}`,
      vocabulary[499]!,
    ];
    for (const [visible, publish] of [
      [12_000, false],
      [13_000, true],
      [14_000, false],
    ] as const) {
      if (publish) held.publish(1);
      if (visible === 14_000) {
        // The staged rows packed in a segment of their own, and 1,000 more rows not packed.
        held.trim();
        held.add(texts.slice(13_000).map((_, i) => row(13_000 + i)));
      }
      for (const [q, query] of queries.entries())
        for (const version of [undefined, '2.x']) {
          const weights = queryWeights(queryTerms(query), stats);
          const limit = [1, 10, 50, 5][q]!;
          const average = averages[(q + (version ? 1 : 0)) % averages.length]!;
          const hits = held.keyword(['a'], weights, average, limit, version);
          expect(hits.map(({ rowId, score }) => ({ rowId, score }))).toEqual(
            expected(weights, average, visible, limit, version),
          );
        }
    }
  });

  it('ranks equal scores lower row id first in both modes, whatever slots the rows took', () => {
    // 9,000 rows (three keyword blocks) of 12 texts and 60 vectors, each half added in falling row
    // id order (row ids 20,000 down, then 9,000 down): slot order is neither row id order nor its
    // reverse.
    const texts = Array.from({ length: 12 }, (_, i) => `alpha ${'beta '.repeat(i % 4)}gamma${i % 3}`);
    const rowIdOf = (slot: number) => (slot < 4_500 ? 20_000 - slot : 9_000 - slot);
    const held = new SearchMirror();
    held.add(
      Array.from({ length: 9_000 }, (_, slot) => ({
        rowId: BigInt(rowIdOf(slot)),
        tenant: slot % 7 ? 'a' : 'b',
        document: `d${slot % 12}`,
        searchText: texts[slot % 12]!,
        vector: [1, slot % 12, slot % 5, 0],
      })),
    );
    const stats = statsOf(texts);
    const weights = queryWeights(queryTerms('alpha beta gamma1'), stats);
    const rankings = [
      (limit: number) => held.keyword(['a'], weights, stats.terms / stats.chunks, limit),
      (limit: number) => held.semantic(['a'], [1, 4, 2, 0], limit),
    ];
    for (const rank of rankings) {
      const all = rank(9_000).map(({ rowId, score }) => ({ rowId, score }));
      expect(all.length).toBeGreaterThan(1_000);
      const ordered = [...all].sort((x, y) => y.score - x.score || Number(x.rowId - y.rowId));
      expect(all).toEqual(ordered);
      // Ties at the cut: the lowest row ids of the last score taken.
      for (const limit of [1, 10, 700, 2_000])
        expect(rank(limit).map(({ rowId, score }) => ({ rowId, score }))).toEqual(all.slice(0, limit));
    }
  });

  it('ranks only rows of the version asked and unversioned ones, as post-filtering a full ranking does', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const vocabulary = Array.from({ length: 300 }, (_, i) => `v${i.toString(36)}y`);
    const sentence = (n: number) =>
      Array.from({ length: n }, () => vocabulary[Math.floor(vocabulary.length * random() ** 2)]).join(' ');
    // A quarter each of 1.x, 2.x, 3.x and none, as the bench's documents.
    const versionOf = (i: number) => [undefined, '1.x', '2.x', '3.x'][i % 4];
    const tenantOf = (i: number) => (i % 9 === 0 ? 'b' : 'a');
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      rowId: BigInt(i),
      tenant: tenantOf(i),
      document: `d${i}`,
      ...(versionOf(i) !== undefined && { version: versionOf(i) }),
      searchText: sentence(10 + Math.floor(random() * 30)),
      vector: [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5],
    }));
    const held = new SearchMirror();
    held.add(rows);
    for (let i = 0; i < rows.length; i += 13) held.remove(i);
    const stats = statsOf(rows.filter((_, i) => tenantOf(i) === 'a').map((row) => row.searchText));
    const average = stats.terms / stats.chunks;
    /** The post-filtered path: every row ranked, then those of `version` kept. */
    const postFiltered = (ranked: { rowId: bigint }[], version: string | undefined, limit: number) =>
      ranked
        .filter(({ rowId }) => inVersion({ version: versionOf(Number(rowId)) }, version))
        .slice(0, limit)
        .map(({ rowId }) => rowId);
    for (let q = 0; q < 24; q++) {
      const version = ['2.x', '1.x', '9.x', undefined][q % 4];
      const limit = [1, 10, 40][q % 3]!;
      const weights = queryWeights(queryTerms(sentence(2 + (q % 5))), stats);
      const keyword = held.keyword(['a'], weights, average, limit, version);
      expect(keyword.map((hit) => hit.rowId)).toEqual(
        postFiltered(held.keyword(['a'], weights, average, rows.length), version, limit),
      );
      const vector = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
      const semantic = held.semantic(['a'], vector, limit, version);
      expect(semantic.map((hit) => hit.rowId)).toEqual(
        postFiltered(held.semantic(['a'], vector, rows.length), version, limit),
      );
      // An unknown version keeps the unversioned rows only; none crosses to another version.
      for (const hit of [...keyword, ...semantic])
        expect(inVersion({ version: versionOf(Number(hit.rowId)) }, version)).toBe(true);
      if (version === '9.x')
        expect(semantic.every((hit) => versionOf(Number(hit.rowId)) === undefined)).toBe(true);
    }
    // Tenants are still checked with the version.
    const other = held.semantic(['b'], [1, 0, 0, 0], 20, '1.x').map((hit) => Number(hit.rowId));
    expect(other).toHaveLength(20);
    expect(other.every((i) => tenantOf(i) === 'b' && [undefined, '1.x'].includes(versionOf(i)))).toBe(true);
  });

  it('tells where its memory goes, the postings trimmed to their size after a build', () => {
    const held = mirror();
    expect(held.lastRowId).toBe(105);
    const before = held.bytes();
    held.trim();
    const after = held.bytes();
    // Postings: 4-byte slots and 2-byte counts, one per distinct term of each row, beside the
    // keyword kernel's scratch (what an empty mirror's postings take).
    const postings = [...TEXTS, ...TEXTS].reduce((n, text) => n + new Set(keywordTermIds(text)).size, 0);
    expect(after.postings - new SearchMirror().bytes().postings).toBe(postings * 6);
    expect(before.postings).toBeGreaterThanOrEqual(after.postings);
    expect(after.vectors).toBeGreaterThan(0);
    expect(after.ids).toBeGreaterThan(0);
    // Trimmed postings still take rows in and rank as before.
    held.add([{ rowId: 200n, tenant: 'a', document: 'd', searchText: 'signing key', vector: [1, 0, 0, 0] }]);
    const weights = queryWeights(queryTerms('signing'), statsOf(TEXTS));
    expect(held.keyword(['a'], weights, 5, 10).map((hit) => hit.rowId)).toContain(200n);
    expect(held.lastRowId).toBe(200);
  });
});
