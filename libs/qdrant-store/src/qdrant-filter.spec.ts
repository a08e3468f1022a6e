import type { Schemas } from '@qdrant/js-client-rest';
import type { Filter } from '@docqa/contracts';
import {
  documentSparseVector,
  idf,
  inVersion,
  keywordScore,
  matchesFilters,
  queryTerms,
  queryWeights,
  searchText,
} from '@docqa/retrieval';
import { compileFilter, filterTerms, needsPostFilter } from './qdrant-filter';
import { qdrantPointId } from './qdrant-points';

/** Evaluates the subset of Qdrant's filter language `compileFilter` emits, over one payload. */
function qdrantMatches(payload: Record<string, unknown>, filter: Schemas['Filter']): boolean {
  const holds = (condition: Schemas['Condition']): boolean => {
    if ('must' in condition || 'should' in condition || 'must_not' in condition)
      return qdrantMatches(payload, condition as Schemas['Filter']);
    const { key, match } = condition as { key: string; match: { any?: string[]; value?: string } };
    const stored = ([] as unknown[]).concat(payload[key] ?? []);
    const wanted = match.any ?? [match.value];
    return stored.some((v) => wanted.includes(v as string));
  };
  const list = (c: Schemas['Filter']['must']) => (c ? ([] as Schemas['Condition'][]).concat(c) : []);
  return (
    list(filter.must).every(holds) &&
    (!filter.should || list(filter.should).some(holds)) &&
    !list(filter.must_not).some(holds)
  );
}

const fields: Record<string, unknown>[] = [
  { product: 'cli', tags: ['security', 'auth'], version: 2, platform: 'Windows 11 Pro' },
  { product: ['cli'], tags: [], flag: true, ratio: 1.5, nested: { a: 1 }, none: null, 'a.b': 'x' },
  { product: 'desktop', tags: ['cli'], note: `' OR 1=1 -- ${'long '.repeat(100)}` },
];
const filters: Filter[][] = [
  [{ type: 'eq', property: 'product', value: 'cli' }],
  [{ type: 'eq', property: 'product', value: ['desktop', 'x'] }],
  [{ type: 'eq', property: 'version', value: '2' }],
  [{ type: 'eq', property: 'flag', value: 'true' }],
  [{ type: 'eq', property: 'ratio', value: '1.5' }],
  [{ type: 'eq', property: 'nested', value: '[object Object]' }],
  [{ type: 'eq', property: 'tags', value: 'auth' }],
  [{ type: 'eq', property: 'none', value: 'null' }],
  [{ type: 'eq', property: 'a.b', value: 'x' }],
  [{ type: 'eq', property: 'note', value: `' OR 1=1 -- ${'long '.repeat(100)}` }],
  [{ type: 'contains', property: 'tags', value: ['cli', 'auth'] }],
  [{ type: 'contains', property: 'product', value: 'cli' }],
  [{ type: 'contains', property: 'platform', value: 'windows 11' }],
  [{ type: 'contains', property: 'note', value: 'OR 1=1' }],
  [{ type: 'contains', property: 'unknown', value: 'x' }],
  [
    { type: 'eq', property: 'product', value: 'cli' },
    { type: 'contains', property: 'tags', value: 'auth' },
  ],
];

describe('compileFilter', () => {
  it.each(filters.map((f) => [JSON.stringify(f).slice(0, 80), f] as const))(
    'selects exactly what matchesFilters keeps, or a superset it post-filters: %s',
    (_name, filter) => {
      for (const f of fields) {
        const payload = { tenant: 't', filter_terms: filterTerms(f) };
        const selected = qdrantMatches(payload, compileFilter(['t'], filter));
        const exact = matchesFilters(f, filter);
        if (needsPostFilter(filter)) expect(selected || !exact).toBe(true);
        else expect([f, selected]).toEqual([f, exact]);
      }
    },
  );

  it('keeps the chunks of the version asked and the unversioned ones, as inVersion does', () => {
    const chunks = [
      { version: '2.x' },
      { version: '1.x' },
      { version: 2 },
      {},
      { product: 'cli', version: '10.x' },
    ];
    for (const version of ['2.x', '1.x', '2', '10.x', '3.x'])
      for (const f of chunks) {
        const payload = { tenant: 't', filter_terms: filterTerms(f) };
        const selected = qdrantMatches(payload, compileFilter(['t'], [], version));
        expect([version, f, selected]).toEqual([version, f, inVersion(f, version)]);
      }
  });

  it('puts the tenants first and property names and values only inside match values', () => {
    const filter = compileFilter(['a', 'b'], [{ type: 'eq', property: 'x."y"[0]', value: '{"must":[]}' }]);
    expect(filter).toEqual({
      must: [
        { key: 'tenant', match: { any: ['a', 'b'] } },
        { key: 'filter_terms', match: { any: ['eq:8:x."y"[0]={"must":[]}'] } },
      ],
    });
    expect(
      qdrantMatches({ tenant: 'c', filter_terms: filterTerms({ 'x."y"[0]': '{"must":[]}' }) }, filter),
    ).toBe(false);
  });

  it('stores long terms as fixed-size hashes', () => {
    const terms = filterTerms({ note: 'x'.repeat(10_000) });
    expect(Math.max(...terms.map((t) => t.length))).toBeLessThanOrEqual(200);
    expect(terms).toContain('text:4:note=');
  });
});

describe('sparse vectors', () => {
  it('weighs stemmed document terms with BM25 saturation; queries keep each occurrence', () => {
    const doc = documentSparseVector('Tokens token TOKENS revoke');
    expect(doc.indices).toHaveLength(2);
    expect(new Set(doc.indices).size).toBe(2);
    expect(doc.indices.every((i) => Number.isInteger(i) && i >= 0 && i <= 0xffffffff)).toBe(true);
    const [token, revoke] = doc.values;
    expect(token!).toBeGreaterThan(revoke!);
    expect(token!).toBeLessThan(3 * revoke!);
    const { terms, heading } = queryTerms('revoke tokens token');
    const plain = terms.filter((term) => !heading.has(term));
    expect(plain).toHaveLength(3);
    expect(terms).toHaveLength(6);
    expect([...new Set(plain)].sort()).toEqual([...doc.indices].sort());
    expect(queryTerms('?! --')).toEqual({ terms: [], heading: new Set(), equivalents: [] });
  });

  it('weighs query terms by their IDF over the given statistics, dropping terms no chunk holds', () => {
    const [revoke, token, absent] = queryTerms('revoke token absent').terms;
    const stats = {
      chunks: 10,
      df: new Map([
        [revoke!, 1],
        [token!, 5],
      ]),
    };
    const query = queryWeights({ terms: [revoke!, token!, absent!], heading: new Set() }, stats);
    expect(query).toEqual({ indices: [revoke, token], values: [idf(1, 10), idf(5, 10)] });
    expect(idf(1, 10)).toBeCloseTo(Math.log(1 + 9.5 / 1.5));
    const text = 'Tokens token TOKENS revoke';
    const doc = documentSparseVector(text);
    const dot = doc.indices.reduce((sum, index, i) => {
      const q = query.indices.indexOf(index);
      return q < 0 ? sum : sum + doc.values[i]! * query.values[q]!;
    }, 0);
    expect(keywordScore(text, query)).toBeCloseTo(dot, 12);
  });

  it('weighs a term the query repeats that many times, as the full-text index does', () => {
    const stats = { chunks: 10, df: new Map(queryTerms('token revoke').terms.map((term) => [term, 2])) };
    const once = queryWeights(queryTerms('token revoke'), stats);
    const twice = queryWeights(queryTerms('tokens revoke tokenized'), stats);
    expect(twice.indices).toEqual(once.indices);
    expect(twice.values).toEqual([2 * once.values[0]!, once.values[1], 2 * once.values[2]!, once.values[3]]);
  });

  it('matches a query term in the heading of the section too, weighed a tenth of a passage term', () => {
    const query = queryTerms('revoke');
    const [plain, heading] = query.terms;
    expect(query.heading).toEqual(new Set([heading]));
    const headed = searchText({
      title: 'Tokens',
      heading: 'Tokens › Revoke a token',
      text: 'Run the command.',
    });
    const mentions = searchText({
      title: 'Tokens',
      heading: 'Tokens › Create a token',
      text: 'Revoke it later.',
    });
    expect(documentSparseVector(headed).indices).toEqual(expect.arrayContaining([plain, heading]));
    expect(documentSparseVector(mentions).indices).not.toContain(heading);
    const weights = queryWeights(query, {
      chunks: 10,
      df: new Map([
        [plain!, 2],
        [heading!, 1],
      ]),
    });
    expect(weights).toEqual({ indices: [plain, heading], values: [idf(2, 10), 0.1 * idf(1, 10)] });
    expect(keywordScore(headed, weights)).toBeGreaterThan(keywordScore(mentions, weights));
  });
});

describe('qdrantPointId', () => {
  it('is a stable version-5-layout UUID per tenant and chunk id', () => {
    const id = qdrantPointId('acme', 'doc#0');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(qdrantPointId('acme', 'doc#0')).toBe(id);
    expect(qdrantPointId('other', 'doc#0')).not.toBe(id);
    expect(qdrantPointId('acme#doc', '0')).not.toBe(qdrantPointId('acme', 'doc#0'));
  });
});
