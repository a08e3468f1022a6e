import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * Serves one HTTP request of the streamable HTTP transport, statelessly: no session id, a fresh
 * transport for `server` (built for this request's caller), closed with the response. Any API
 * replica can serve any request, so replicas behind a load balancer need no sticky sessions and
 * share nothing but Redis. `body` is the request's parsed JSON.
 *
 * A tool call that asks for progress (`_meta.progressToken`) is answered as an event stream, so
 * the notifications reach the client before the result; every other request as plain JSON.
 */
export async function handleMcpRequest(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  server: McpServer,
): Promise<void> {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !wantsProgress(body),
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, withoutNullArguments(body));
}

/**
 * The body with `"arguments": null` of a tool call taken as no arguments. The SDK's request check
 * would answer it with an internal error quoting its schema; as none, the tool's own check names
 * the arguments it needs, as for any other bad call.
 */
function withoutNullArguments(body: unknown): unknown {
  const fix = (message: unknown) => {
    const m = message as { method?: unknown; params?: { arguments?: unknown } } | null;
    if (m?.method !== 'tools/call' || m.params?.arguments !== null) return message;
    const { arguments: _null, ...params } = m.params;
    return { ...m, params };
  };
  return Array.isArray(body) ? body.map(fix) : fix(body);
}

function wantsProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const meta = (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined;
  });
}
