import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pino from 'pino';
import { DEFAULT_QUESTION_LIMITS } from '@docqa/contracts/constants';
import type { McpCaller } from '../mcp-caller';
import { mcpServerFactory } from '../mcp-server';
import type { ToolContext } from '../tool-context';

/** A caller with every scope whose calls find nothing, but for those given. */
export function fakeCaller(calls: Partial<McpCaller>): McpCaller {
  return {
    may: () => true,
    search: async () => ({ results: [], search_mode: 'hybrid', took_ms: 0 }),
    readDocument: async () => null,
    ask: async () => ({ question_id: 'q_1', chat_id: 'c_1' }),
    question: async () => {
      throw new Error('not asked');
    },
    answerEvents: async function* () {},
    ...calls,
  };
}

/** Calls one tool of a server over `caller`, in memory, and returns its result. */
export async function callTool(
  caller: McpCaller,
  name: string,
  args: Record<string, unknown>,
  ctx: Partial<ToolContext> = {},
): Promise<CallToolResult> {
  const server = mcpServerFactory({
    logger: pino({ level: 'silent' }),
    questionLimits: DEFAULT_QUESTION_LIMITS,
    answerTimeoutMs: 1000,
    documentMaxChars: 1000,
    version: '0.0.0',
    ...ctx,
  })(caller);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'spec', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
    await server.close();
  }
}

/** The text of a tool result. */
export function resultText(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}
