import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpCaller } from './mcp-caller';
import type { ToolContext } from './tool-context';
import { registerAskQuestion } from './tools/ask-question';
import { registerGetDocument } from './tools/get-document';
import { registerSearchDocs } from './tools/search-docs';

/** Name the server gives itself in the MCP handshake. */
export const MCP_SERVER_NAME = 'docqa';

/**
 * An MCP server over one caller's knowledge base, with the tools `search_docs`, `get_document`
 * and `ask_question`. Every tool is listed; one the token lacks the scope for answers with an
 * error result that names the scope.
 */
export function createMcpServer(caller: McpCaller, ctx: ToolContext & { version: string }): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: ctx.version },
    {
      capabilities: { tools: {} },
      instructions:
        'docqa: the documentation of this knowledge base. search_docs finds passages (cite their titles and URLs), get_document reads a whole document, ask_question returns a written answer with numbered sources.',
    },
  );
  registerSearchDocs(server, caller, ctx);
  registerGetDocument(server, caller, ctx);
  registerAskQuestion(server, caller, ctx);
  return server;
}
