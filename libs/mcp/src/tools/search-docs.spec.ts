import type { SearchResponse, SearchResult } from '@docqa/contracts';
import { callTool, fakeCaller, resultText } from '../testing/call-tool';

function result(i: number): SearchResult {
  return {
    document_id: `doc-${i}`,
    chunk_id: `doc-${i}#0`,
    title: `Doc ${i}`,
    url: null,
    text: `Passage ${i}.`,
    score: 1 / i,
    metadata: {},
  };
}

async function searchText(found: SearchResponse): Promise<string> {
  const caller = fakeCaller({ search: async () => found });
  return resultText(await callTool(caller, 'search_docs', { query: 'rotate a token' }));
}

describe('search_docs text', () => {
  it('counts one passage in the singular and several in the plural', async () => {
    const one = await searchText({ results: [result(1)], search_mode: 'hybrid', took_ms: 1 });
    expect(one.split('\n')[0]).toBe('1 passage for "rotate a token" (hybrid search), best first:');
    const two = await searchText({ results: [result(1), result(2)], search_mode: 'keyword', took_ms: 1 });
    expect(two.split('\n')[0]).toBe('2 passages for "rotate a token" (keyword search), best first:');
  });

  it('says so when nothing matches', async () => {
    expect(await searchText({ results: [], search_mode: 'hybrid', took_ms: 1 })).toBe(
      'No passages match "rotate a token" (hybrid search).',
    );
  });
});
