import type { SearchResult } from '@docqa/contracts';
import { expandQuery, SearchBox } from './search-box';
import type { SearchQuery } from './searcher';
import { Vocabularies } from './vocabularies';
import { Vocabulary } from './vocabulary';

const hit = (document_id: string, n: number, text = 'Revoke a token.'): SearchResult => ({
  document_id,
  chunk_id: `${document_id}#${n}`,
  title: document_id,
  url: `https://docs.test/${document_id}#s${n}`,
  section: `${document_id} › Section ${n}`,
  text,
  score: 1,
  metadata: {},
});

describe('expandQuery', () => {
  const vocabulary = new Vocabulary(
    new Map([
      ['token', 5],
      ['tokens', 3],
      ['tokenizer', 1],
      ['revoke', 2],
      ['installer', 4],
    ]),
  );

  it('completes the last word being typed, and only that one', () => {
    expect(expandQuery('revoke tok', vocabulary).words).toEqual([
      'revoke',
      'tok',
      'token',
      'tokens',
      'tokenizer',
    ]);
    expect(expandQuery('tok revoke', vocabulary).words).toEqual(['tok', 'revoke']);
    expect(expandQuery('tok ', vocabulary).words).toEqual(['tok']);
    // One or two letters are not completed yet.
    expect(expandQuery('revoke to', vocabulary).words).toEqual(['revoke', 'to']);
  });

  it('reads an unknown word of five or more letters as the words one typo away', () => {
    expect(expandQuery('instaler ', vocabulary).words).toEqual(['instaler', 'installer']);
    expect(expandQuery('tokn ', vocabulary).words).toEqual(['tokn']);
  });

  it('matches a passage’s words by their form, their prefix or their stem', () => {
    const { matches } = expandQuery('revoking tok', vocabulary);
    expect(['tokenizer', 'revoked', 'revoking', 'install'].map(matches)).toEqual([true, true, true, false]);
  });

  it('takes the words as typed when no vocabulary is known yet', () => {
    expect(expandQuery('Revoke TOK', null).words).toEqual(['revoke', 'tok']);
  });
});

describe('SearchBox', () => {
  it('searches by keyword in the tenant with the filters, and groups at most three sections per page', async () => {
    const queries: SearchQuery[] = [];
    const results = [hit('a', 1), hit('b', 1), hit('a', 2), hit('a', 3), hit('a', 4), hit('c', 1)];
    const box = new SearchBox({
      searcher: { search: async (q) => (queries.push(q), { results, took_ms: 1 }) },
      vocabularies: new Vocabularies({ texts: async function* () {} }),
    });
    const filters = [{ type: 'eq' as const, property: 'p', value: 'v' }];
    const found = await box.search({ tenant: 't', query: 'revoke', filters, limit: 2 });
    expect(queries).toEqual([{ tenants: ['t'], query: 'revoke', mode: 'keyword', filters, limit: 6 }]);
    expect(found.results.map((r) => r.chunk_id)).toEqual(['a#1', 'a#2', 'a#3', 'b#1']);
    expect(found.results[0]).toMatchObject({
      heading_path: ['a', 'Section 1'],
      url: 'https://docs.test/a#s1',
      snippet: 'Revoke a token.',
      highlights: [[0, 6]],
    });
  });
});
