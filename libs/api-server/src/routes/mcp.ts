import type { Request } from 'express';
import type { Principal } from '@docqa/auth';
import {
  type DocumentSlice,
  type DocumentText,
  type Filter,
  McpRequestBodySchema,
  type QuestionCreated,
} from '@docqa/contracts';
import { ForbiddenError } from '@docqa/errors';
import { handleMcpRequest, type McpCaller, mcpServerFactory } from '@docqa/mcp';
import { searchAs } from '@docqa/retrieval';
import type { RouteGroup } from '../app';
import type { ApiDeps } from '../api-deps';
import { hasScope, principalOf, type RouteCheck } from '../http/auth';

/** What the MCP server needs from the knowledge base beyond the API's own services. */
export interface McpKnowledge {
  /** Reads a document back from its chunks (the retrieval facade does). */
  readDocument(
    tenant: string,
    documentId: string,
    opts: DocumentSlice & { filters: Filter[] },
  ): Promise<DocumentText | null>;
  /** How long `ask_question` and `get_answer` wait for an answer, ms. */
  answerTimeoutMs: number;
}

/** Longest document text `get_document` returns (about 25,000 tokens). */
const DOCUMENT_MAX_CHARS = 100_000;

/**
 * `POST /mcp`: the MCP server (streamable HTTP, stateless) over the token's knowledge base,
 * DESIGN §12. Bearer docqa tokens with the search or ask scope; widget tokens are refused.
 */
export function mcpRoutes(knowledge: McpKnowledge): RouteGroup {
  return (routes, deps) => {
    const createServer = mcpServerFactory({
      logger: deps.logger,
      version: deps.version,
      questionLimits: deps.questionLimits,
      answerTimeoutMs: knowledge.answerTimeoutMs,
      documentMaxChars: DOCUMENT_MAX_CHARS,
    });
    routes.add(
      {
        method: 'post',
        path: '/mcp',
        operationId: 'callMcp',
        description:
          'The Model Context Protocol endpoint (streamable HTTP transport, stateless: no session id, so any replica answers) for coding assistants and agents: send JSON-RPC messages (`initialize`, `tools/list`, `tools/call`) with a docqa token. The tools search the docs (`search_docs`, scope search), read a document (`get_document`, scope search) ask a question and wait for its answer (`ask_question`, scope ask) and get the answer of a question asked before (`get_answer`, scope ask). See docs/mcp.md for client configuration.',
        summary:
          'MCP server (streamable HTTP transport, stateless): tools search_docs, get_document, ask_question, get_answer',
        tag: 'MCP',
        scope: ['search', 'ask'],
        jsonDocumented: McpRequestBodySchema,
        responses: {
          200: {
            description:
              'A JSON-RPC response: application/json, or text/event-stream for a tool call that sent a progressToken (progress notifications, then the result).',
            contentType: 'application/json',
          },
          202: { description: 'A notification or response from the client, accepted.' },
          406: { description: 'The Accept header lacks application/json and text/event-stream.' },
        },
      },
      async (req, res) => {
        const server = createServer(mcpCaller(req, principalOf(req), deps, knowledge));
        await handleMcpRequest(req, res, req.body, server);
      },
      refuseWidgetTokens,
    );
  };
}

/** Widget tokens are public (they sit in page source): no MCP for them. */
const refuseWidgetTokens: RouteCheck = (req) => {
  if (principalOf(req).widget) throw new ForbiddenError('widget tokens cannot use the MCP server');
};

/** Tool calls of one request, bound to its token through the services the HTTP routes use. */
function mcpCaller(req: Request, principal: Principal, deps: ApiDeps, knowledge: McpKnowledge): McpCaller {
  return {
    may: (scope) => hasScope(principal, scope),
    search: (request) => searchAs(deps.retrieval, principal, request, deps.versions),
    readDocument: (documentId, slice) =>
      knowledge.readDocument(principal.tenant, documentId, { ...slice, filters: principal.filters }),
    ask: (request) => askThroughMcp(req, principal, deps, request),
    question: async (questionId) => (await deps.questions.get(principal.tenant, questionId)).record,
    answerEvents: (questionId, signal) =>
      deps.questions.events(principal.tenant, questionId, { signal, heartbeatMs: deps.heartbeatMs }),
  };
}

/** Rate-limit headers of a tool call go nowhere: its response may be streaming already. */
const NO_HEADERS = { setHeader: () => undefined };

/**
 * The one place a question is asked through MCP: the token's question budget, then
 * `POST /question/`'s service call, logged with channel `mcp`.
 */
async function askThroughMcp(
  req: Request,
  principal: Principal,
  deps: ApiDeps,
  request: { question: string; chat_id?: string; version?: string },
): Promise<QuestionCreated> {
  return deps.questions.ask(principal, request, {
    channel: 'mcp',
    admitted: deps.rateLimiter.consume(req, NO_HEADERS, principal),
  });
}
