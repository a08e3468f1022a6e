import type { SearchResult } from '@docqa/contracts';
import { containsPhrase, matchesFilters } from './filters';
import { evidenceScale, fuseRankings, fusionKey, margin, semanticWeight } from './hybrid';
import { LocalEmbedder } from '@docqa/embedders';
import { DEFAULT_HYBRID_WEIGHTS, Retrieval } from './retrieval';
import type { HybridQuery, VectorStore } from './vector-store';

/** A hit of the fusion's tests from its id and score; its page is the id before `#`. */
const pageHit = ([id, score]: [string, number]) => ({ id, score, page: id.split('#')[0] });

describe('matchesFilters', () => {
  const meta = { product: 'cli', tags: ['auth', 'security'], platform: 'Windows 11 Pro', version: 2 };
  it('eq matches equal values and any of a list', () => {
    expect(matchesFilters(meta, [{ type: 'eq', property: 'product', value: 'cli' }])).toBe(true);
    expect(matchesFilters(meta, [{ type: 'eq', property: 'product', value: ['api', 'cli'] }])).toBe(true);
    expect(matchesFilters(meta, [{ type: 'eq', property: 'version', value: '2' }])).toBe(true);
    expect(matchesFilters(meta, [{ type: 'eq', property: 'product', value: 'CLI' }])).toBe(false);
  });
  it('contains matches list members and whole words or phrases of text, ignoring case', () => {
    expect(matchesFilters(meta, [{ type: 'contains', property: 'tags', value: 'auth' }])).toBe(true);
    expect(matchesFilters(meta, [{ type: 'contains', property: 'platform', value: 'windows 11' }])).toBe(
      true,
    );
    expect(matchesFilters(meta, [{ type: 'contains', property: 'platform', value: 'Win' }])).toBe(false);
  });
  it('needs every filter and matches nothing on an unknown property', () => {
    expect(
      matchesFilters(meta, [
        { type: 'eq', property: 'product', value: 'cli' },
        { type: 'eq', property: 'x', value: 'y' },
      ]),
    ).toBe(false);
    expect(matchesFilters(meta, [{ type: 'eq', property: 'constructor', value: 'Object' }])).toBe(false);
  });
  it('treats regex and SQL syntax in values as plain text', () => {
    expect(containsPhrase('a (b) c', '(b)')).toBe(true);
    expect(containsPhrase('anything', '.*')).toBe(false);
  });
  it('matches phrases of thousands of words, also across its internal segments', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const text = `Intro: ${words.join(' \n ')}.`;
    expect(containsPhrase(text, words.join(' '))).toBe(true);
    expect(containsPhrase(text, words.slice(10, 900).join(' ').toUpperCase())).toBe(true);
    expect(containsPhrase(text, [...words.slice(0, 500), 'x'].join(' '))).toBe(false);
    expect(containsPhrase('aa aa aa b', 'aa aa b')).toBe(true);
    expect(containsPhrase(`${'ab '.repeat(60)}abc`, `${'ab '.repeat(40)}abc`)).toBe(true);
  });
});

describe('fuseRankings on search results', () => {
  const r = (id: string, score: number, document = id): SearchResult => ({
    document_id: document,
    chunk_id: id,
    title: id,
    url: null,
    text: id,
    score,
    metadata: {},
  });
  const weights = { keyword: 1, semantic: 0.15 };
  const page = (x: SearchResult) => x.document_id;
  it('adds weighted scores scaled by each ranking’s best, so a strong keyword hit stays first', () => {
    const fused = fuseRankings([r('a', 10), r('b', 8)], [r('c', 0.9), r('b', 0.8)], weights, fusionKey, page);
    expect(fused.map((x) => x.chunk_id)).toEqual(['a', 'b', 'c']);
    expect(fused[0]!.score).toBe(1);
  });
  it('keeps equal chunk ids of different tenants apart and counts a passage once per ranking', () => {
    const other = { ...r('a', 9), text: 'another tenant' };
    const fused = fuseRankings(
      [r('a', 10), other, r('a', 10)],
      [r('a', 0.5)],
      weights,
      fusionKey,
      (x) => x.text,
    );
    expect(fused.map((x) => [x.chunk_id, x.text])).toEqual([
      ['a', 'a'],
      ['a', 'another tenant'],
    ]);
    expect(fused[1]!.score).toBe(0.9);
  });
  it("adds a document's further semantic hits to its best passage only", () => {
    // Keyword search puts x first, y's document close behind; the embedding finds three of y's passages.
    const keyword = [r('x1', 10, 'x'), r('y1', 9.5, 'y'), r('z1', 5, 'z')];
    const semantic = [r('y1', 0.5, 'y'), r('x1', 0.5, 'x'), r('y2', 0.45, 'y'), r('y3', 0.4, 'y')];
    const fused = fuseRankings(keyword, semantic, weights, fusionKey, page);
    expect(fused.map((x) => x.chunk_id)).toEqual(['y1', 'x1', 'z1', 'y2', 'y3']);
    const alone = fuseRankings(keyword, semantic, weights, fusionKey, fusionKey);
    expect(alone[0]!.chunk_id).toBe('x1');
  });
});

describe('evidenceScale', () => {
  it('measures scores from the 10th hit of a ranking, and by the best of a shorter one', () => {
    const ranking = Array.from({ length: 30 }, (_, i) => ({ score: 0.6 - i * 0.01 }));
    const scale = evidenceScale(ranking);
    expect(scale(0.6)).toBeCloseTo(1);
    expect(scale(0.51)).toBeCloseTo(0);
    expect(scale(0.3)).toBe(0);
    expect(evidenceScale(ranking.slice(0, 5))(0.3)).toBeCloseTo(0.5);
    expect(evidenceScale([{ score: 0.2 }, { score: 0.2 }])(0.2)).toBe(1);
  });
});

describe('fuseRankings', () => {
  const hit = (id: string, score: number) => ({ id, score });
  const weights = { keyword: 1, semantic: 0.15 };
  /** Two queries on which the rankings disagree, each with the passage that answers it. */
  const fixture = [
    {
      // Keyword search finds five passages holding the query's words, the answer second by a little;
      // the embedding singles the answer out.
      answer: 'r1',
      keyword: [hit('w1', 10), hit('r1', 8), hit('w2', 7.9), hit('w3', 7.8), hit('w4', 7.7)],
      semantic: [hit('r1', 0.9), hit('w5', 0.3), hit('w6', 0.25), hit('w7', 0.2), hit('w8', 0.1)],
    },
    {
      // Keyword search has a clear winner; the embedding sees five close passages.
      answer: 'r2',
      keyword: [hit('r2', 10), hit('w1', 5), hit('w2', 4), hit('w3', 3), hit('w4', 2)],
      semantic: [hit('w9', 0.5), hit('r2', 0.48), hit('w1', 0.47), hit('w2', 0.46), hit('w3', 0.45)],
    },
  ];
  const firstRight = (rank: (q: (typeof fixture)[number]) => { id: string }[]) =>
    fixture.filter((q) => rank(q)[0]?.id === q.answer).length;

  it('ranks the answer first whenever either ranking does, where the rankings disagree', () => {
    const keyword = firstRight((q) => q.keyword);
    const semantic = firstRight((q) => q.semantic);
    const hybrid = firstRight((q) =>
      fuseRankings(
        q.keyword,
        q.semantic,
        weights,
        (h) => h.id,
        (h) => h.id,
      ),
    );
    expect([keyword, semantic]).toEqual([1, 1]);
    expect(hybrid).toBe(2);
  });

  it('gives the embedding more weight when the keyword ranking is flat and its own is not', () => {
    const [flat, sure] = fixture;
    const lifted = fuseRankings(
      flat!.keyword,
      flat!.semantic,
      weights,
      (h) => h.id,
      (h) => h.id,
    );
    const kept = fuseRankings(
      sure!.keyword,
      sure!.semantic,
      weights,
      (h) => h.id,
      (h) => h.id,
    );
    // r1: 0.8 keyword + semantic 0.15 × √(0.89 / 0.23) ≈ 0.30; w1 keyword alone 1.
    expect(lifted[0]).toEqual({ id: 'r1', score: expect.closeTo(1.095, 2) as number });
    expect(kept[0]!.id).toBe('r2');
  });

  it('lifts a page both rankings lead with through different passages into the first six', () => {
    // A command page: keyword search finds its usage (t#1) third, the embedding its one-line
    // summary (t#0) third; each passage scores in one ranking only, while pages c to g are found
    // by both through one passage each.
    const keyword = (
      [
        ['a#0', 14.2],
        ['b#0', 13.6],
        ['t#1', 12.1],
        ['c#0', 11.6],
        ['d#0', 11.2],
        ['e#0', 10.7],
        ['f#0', 10.5],
        ['g#0', 10.3],
        ['h#0', 10.1],
        ['i#0', 10],
      ] as [string, number][]
    ).map(pageHit);
    const semantic = (
      [
        ['a#0', 0.52],
        ['b#0', 0.46],
        ['t#0', 0.44],
        ['c#0', 0.4],
        ['d#0', 0.39],
        ['e#0', 0.38],
        ['f#0', 0.37],
        ['g#0', 0.36],
        ['h#0', 0.35],
        ['j#0', 0.34],
        ['k#0', 0.33],
      ] as [string, number][]
    ).map(pageHit);
    const weights = { keyword: 1, semantic: 0.25 };
    const fused = fuseRankings(
      keyword,
      semantic,
      weights,
      (h) => h.id,
      (h) => h.page,
    );
    expect(fused.slice(0, 6).map((h) => h.id)).toEqual(['a#0', 'b#0', 'c#0', 'd#0', 't#1', 'e#0']);
    // The page's best passage is lifted by half its page's best semantic score; t#0 and the
    // passages found by both rankings keep theirs.
    const share = fused.find((h) => h.id === 't#0')!.score;
    expect(fused.find((h) => h.id === 't#1')!.score).toBeCloseTo(12.1 / 14.2 + share / 2, 5);
    const c = fused.find((h) => h.id === 'c#0')!.score;
    expect(c).toBeCloseTo(11.6 / 14.2 + (share * 0.4) / 0.44, 5);
  });

  it('raises the page both rankings put first over a short passage of another page both return high', () => {
    // Both rankings put page g first, through different passages (keyword g#1, the embedding g#2),
    // and each has the other passage far lower; s#1, a section's two-sentence tail, is second in
    // both. Summed, s#1 (0.95 + 0.9 share) passed g#1 (1 + 0.6 share).
    const keyword = (
      [
        ['g#1', 14],
        ['s#1', 13.3],
        ['a#0', 12],
        ['b#0', 11.5],
        ['c#0', 11],
        ['d#0', 10.8],
        ['g#2', 9],
      ] as [string, number][]
    ).map(pageHit);
    const semantic = (
      [
        ['g#2', 0.5],
        ['s#1', 0.45],
        ...['a', 'b', 'c', 'd', 'e', 'f', 'h', 'i'].map((p, i) => [`${p}#0`, 0.44 - i / 100]),
        ['g#1', 0.3],
      ] as [string, number][]
    ).map(pageHit);
    const weights = { keyword: 1, semantic: 0.25 };
    const share = semanticWeight(keyword, semantic, weights);
    const fused = fuseRankings(
      keyword,
      semantic,
      weights,
      (h) => h.id,
      (h) => h.page,
    );
    expect(fused.slice(0, 2).map((h) => h.id)).toEqual(['g#1', 's#1']);
    // g#1 gains half its gap to the page's best semantic score (g#2's); s#1, its page's best in
    // both rankings, keeps its sum.
    const score = (id: string) => fused.find((h) => h.id === id)!.score;
    expect(score('g#1')).toBeCloseTo(1 + share * 0.6 + (share * (1 - 0.6)) / 2, 5);
    expect(score('s#1')).toBeCloseTo(13.3 / 14 + share * 0.9, 5);
  });

  it('measures a margin as the first hit over the fifth, 1 for a lone hit and 0 for none', () => {
    expect(margin([hit('a', 10), hit('b', 9), hit('c', 8), hit('d', 7), hit('e', 5), hit('f', 1)])).toBe(0.5);
    expect(margin([hit('a', 3)])).toBe(1);
    expect(margin([])).toBe(0);
  });
});

describe('Retrieval', () => {
  /** A store that answers the searches a test gives it; anything else fails the test. */
  const storeWith = (searches: Partial<VectorStore>): VectorStore => {
    const unexpected = async () => Promise.reject(new Error('not expected in this test'));
    return {
      replaceDocuments: unexpected,
      deleteDocument: unexpected,
      documentChunks: unexpected,
      keywordSearch: unexpected,
      semanticSearch: unexpected,
      hybridSearch: unexpected,
      identity: unexpected,
      setStamp: unexpected,
      health: unexpected,
      close: unexpected,
      ...searches,
    };
  };

  it('hands a hybrid search to the store with the embedding under way and the configured weights', async () => {
    const hit = {
      document_id: 'd',
      chunk_id: 'd#0',
      title: 'd',
      url: null,
      text: 't',
      score: 1,
      metadata: {},
    };
    const embedder = new LocalEmbedder(16);
    const hybridSearch = jest.fn(async (query: HybridQuery) => {
      expect(await query.vector).toEqual(await embedder.embedQuery('token'));
      return [hit];
    });
    const retrieval = new Retrieval({ store: storeWith({ hybridSearch }), embedder });
    const req = { tenants: ['t'], query: 'token', mode: 'hybrid' as const, filters: [], limit: 3 };
    expect((await retrieval.search(req)).results).toEqual([hit]);
    expect(hybridSearch).toHaveBeenCalledWith(
      expect.objectContaining({ tenants: ['t'], text: 'token', limit: 10, weights: DEFAULT_HYBRID_WEIGHTS }),
    );
  });

  it('returns a section the question names by its heading among the results asked for', async () => {
    const hit = (n: number, section: string) => ({
      document_id: `d${n}`,
      chunk_id: `d${n}#0`,
      title: `d${n}`,
      url: null,
      section,
      text: 't',
      score: 2 - n / 10,
      metadata: {},
    });
    const found = [hit(0, 'Updating GitHub Actions'), hit(1, 'Options'), hit(2, 'CI › GitHub Actions')];
    const hybridSearch = jest.fn(async () => found);
    const retrieval = new Retrieval({ store: storeWith({ hybridSearch }), embedder: new LocalEmbedder(16) });
    const query = 'How do I use pnpm in GitHub Actions?';
    const req = { tenants: ['t'], query, mode: 'hybrid' as const, filters: [], limit: 2 };
    const { results } = await retrieval.search(req);
    expect(results.map((r) => r.document_id)).toEqual(['d2', 'd0']);
  });

  it('reports the store’s failure of a hybrid search that fails before the embedding is awaited', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const store = storeWith({ hybridSearch: async () => Promise.reject(new Error('store down')) });
      const embedder = {
        dimensions: 4,
        embedDocuments: async () => [],
        embedQuery: async () => Promise.reject(new Error('model down')),
      };
      const retrieval = new Retrieval({ store, embedder });
      await expect(
        retrieval.search({ tenants: ['t'], query: 'q', mode: 'hybrid', filters: [], limit: 3 }),
      ).rejects.toThrow('store down');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
