import { keywordScore, keywordTermIds, queryTerms, queryWeights, type TermStats } from '@docqa/retrieval';
import { SearchMirror } from './search-mirror';
import type { ResultRow } from './embedded-hits';

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

function result(id: string, text: string): ResultRow {
  return { chunk_id: `${id}#0`, document_id: id, title: id, url: '', heading: '', text, metadata: '{}' };
}

/** A mirror of TEXTS in tenant `a` (row ids 0…) and the same texts in tenant `b` (row ids 100…). */
function mirror(): SearchMirror {
  const mirror = new SearchMirror();
  const row = (tenant: string, rowId: number, i: number) => ({
    rowId: BigInt(rowId),
    tenant,
    searchText: TEXTS[i]!,
    vector: [1, i, 0, 0],
    result: result(`${tenant}${i}`, TEXTS[i]!),
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
    expect(hits.map((hit) => hit.row.document_id)).toEqual(expected.map((hit) => `a${hit.rowId}`));
  });

  it('leaves out removed rows and rows of tenants not searched', () => {
    const stats = statsOf(TEXTS);
    const weights = queryWeights(queryTerms('signing key'), stats);
    const held = mirror();
    held.remove(0);
    held.remove(0);
    expect(held.rows).toBe(11);
    expect(held.dead).toBe(1);
    expect(held.has(0)).toBe(false);
    const rowIds = held.keyword(['a'], weights, 10, 10).map((hit) => hit.rowId);
    expect(rowIds).not.toContain(0n);
    expect(rowIds.every((id) => id < 100n)).toBe(true);
    expect(held.keyword(['c'], weights, 10, 10)).toEqual([]);
    expect(held.semantic(['b'], [1, 5, 0, 0], 2).map((hit) => hit.rowId)).toEqual([105n, 104n]);
    expect(held.semantic(['a', 'b'], [0, 1, 0, 0], 4).map((hit) => hit.rowId)).toEqual([5n, 105n, 4n, 104n]);
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
        searchText: text,
        vector: [1, 0],
        result: result(`d${i}`, text),
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
});
