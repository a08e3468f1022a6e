import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import pino from 'pino';
import type { SearchResponse, SearchResult } from '@docqa/contracts';
import { DEFAULT_QUESTION_LIMITS } from '@docqa/contracts/constants';
import type { McpCaller } from '../mcp-caller';
import { mcpServerFactory } from '../mcp-server';

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
  const caller: McpCaller = {
    may: () => true,
    search: async () => found,
    readDocument: async () => null,
    ask: async () => ({ question_id: 'q_1', chat_id: 'c_1' }),
    question: async () => {
      throw new Error('not asked');
    },
    answerEvents: async function* () {},
  };
  const server = mcpServerFactory({
    logger: pino({ level: 'silent' }),
    questionLimits: DEFAULT_QUESTION_LIMITS,
    answerTimeoutMs: 1000,
    documentMaxChars: 1000,
    version: '0.0.0',
  })(caller);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const res = await client.callTool({ name: 'search_docs', arguments: { query: 'rotate a token' } });
    return (res.content as { text: string }[])[0]!.text;
  } finally {
    await client.close();
    await server.close();
  }
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
