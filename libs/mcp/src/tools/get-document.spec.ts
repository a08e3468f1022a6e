import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import pino from 'pino';
import type { DocumentSlice, DocumentText } from '@docqa/contracts';
import { DEFAULT_QUESTION_LIMITS } from '@docqa/contracts/constants';
import type { McpCaller } from '../mcp-caller';
import { mcpServerFactory } from '../mcp-server';

const TEXT = 'abcdefghij';

/** get_document's result over a document of TEXT, read 4 characters at a time; and the slices asked. */
async function getDocument(args: Record<string, unknown>) {
  const slices: DocumentSlice[] = [];
  const caller: McpCaller = {
    may: () => true,
    search: async () => ({ results: [], search_mode: 'hybrid', took_ms: 0 }),
    readDocument: async (document_id, slice): Promise<DocumentText> => {
      slices.push(slice);
      const offset = slice.offset ?? 0;
      const end = offset + slice.maxChars;
      return {
        document_id,
        title: 'Guide',
        url: null,
        metadata: {},
        text: TEXT.slice(offset, end),
        offset,
        truncated: TEXT.length > end,
        next_offset: TEXT.length > end ? end : null,
      };
    },
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
    documentMaxChars: 4,
    version: '0.0.0',
  })(caller);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const res = await client.callTool({ name: 'get_document', arguments: args });
    return { text: (res.content as { text: string }[])[0]!.text, slices };
  } finally {
    await client.close();
    await server.close();
  }
}

describe('get_document in parts', () => {
  it('says how to read on while the document goes on, and reads from the offset given', async () => {
    const first = await getDocument({ document_id: 'guide' });
    expect(first.slices).toEqual([{ offset: undefined, maxChars: 4 }]);
    expect(first.text).toMatch(
      /\nabcd\n\n\[The document goes on: call get_document with document_id "guide" and offset 4 to read the next part\.\]$/,
    );
    const last = await getDocument({ document_id: 'guide', offset: 8 });
    expect(last.slices).toEqual([{ offset: 8, maxChars: 4 }]);
    expect(last.text).toMatch(/\nij$/);
  });
});
