import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { askQuestionInputSchema } from '@docqa/contracts';
import type { McpCaller } from './mcp-caller';
import type { ToolContext } from './tool-context';
import { registerAskQuestion } from './tools/ask-question';
import { registerGetAnswer } from './tools/get-answer';
import { registerGetDocument } from './tools/get-document';
import { registerSearchDocs } from './tools/search-docs';

/** Name the server gives itself in the MCP handshake. */
export const MCP_SERVER_NAME = 'docqa';

const INSTRUCTIONS =
  'docqa: the documentation of this knowledge base. search_docs finds passages (cite their titles and URLs), get_document reads a whole document, ask_question returns a written answer with numbered sources, and get_answer picks up the answer of a question whose ask_question ran out of time.';

/**
 * Makes MCP servers over one caller's knowledge base, with the tools `search_docs`,
 * `get_document`, `ask_question` and `get_answer`: one server per request (the transport is stateless), so
 * what costs milliseconds to build (the tools' schemas, the JSON Schema validator) is built once
 * here and shared. Every tool is listed; one the token lacks the scope for answers with an error
 * result that names the scope.
 */
export function mcpServerFactory(ctx: ToolContext & { version: string }): (caller: McpCaller) => McpServer {
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  const askInput = askQuestionInputSchema(ctx.questionLimits);
  return (caller) => {
    const server = new McpServer(
      { name: MCP_SERVER_NAME, version: ctx.version },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator },
    );
    registerSearchDocs(server, caller, ctx);
    registerGetDocument(server, caller, ctx);
    registerAskQuestion(server, caller, ctx, askInput);
    registerGetAnswer(server, caller, ctx);
    return server;
  };
}
