import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test server does for one chat completion request. */
export interface ChatReply {
  /** Text of the answer (streamed in pieces of `chunkSize` characters). */
  text?: string;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  errorMessage?: string;
  /** Sent with a 429. */
  retryAfterSeconds?: number;
  /** Delay before each streamed piece (or before a non-streamed answer). */
  delayMs?: number;
  chunkSize?: number;
  /** Destroy the connection after this many streamed pieces. */
  breakAfter?: number;
}

/** A recorded request. */
export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A running OpenAI-compatible test server. */
export interface OpenAITestServer {
  /** Base URL ending in `/v1`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A local server speaking the OpenAI wire format, for tests of model code: chat completions
 * (plain and streamed as `chat.completion.chunk` SSE with `[DONE]` and optional usage),
 * embeddings (deterministic vectors, `dimensions` honoured) and models, with scriptable errors,
 * delays and broken streams.
 */
export async function startOpenAITestServer(
  options: { reply?: (body: Record<string, unknown>, call: number) => ChatReply } = {},
): Promise<OpenAITestServer> {
  const requests: RecordedRequest[] = [];
  let chatCalls = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    if (req.method === 'GET' && req.url === '/v1/models')
      return sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'test-model', object: 'model', owned_by: 'test' }],
      });
    if (req.method === 'POST' && req.url === '/v1/embeddings') return embeddings(res, body);
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      chatCalls++;
      return chat(res, body, options.reply?.(body, chatCalls) ?? { text: 'Hello from the test model.' });
    }
    sendJson(res, 404, {
      error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function chat(res: ServerResponse, body: Record<string, unknown>, reply: ChatReply): Promise<void> {
  if (reply.status && reply.status >= 400) {
    if (reply.retryAfterSeconds) res.setHeader('retry-after', String(reply.retryAfterSeconds));
    const type =
      reply.status === 429
        ? 'rate_limit_exceeded'
        : reply.status >= 500
          ? 'server_error'
          : 'invalid_request_error';
    return sendJson(res, reply.status, {
      error: { message: reply.errorMessage ?? `test error ${reply.status}`, type, code: type, param: null },
    });
  }
  const text = reply.text ?? '';
  const model = String(body.model ?? 'test-model');
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = {
    prompt_tokens: 10,
    completion_tokens: Math.ceil(text.length / 4),
    total_tokens: 10 + Math.ceil(text.length / 4),
  };
  if (!body.stream) {
    await sleep(reply.delayMs ?? 0);
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null },
      ],
      usage,
    });
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  const size = reply.chunkSize ?? 4;
  let sent = 0;
  for (let i = 0; i < text.length; i += size) {
    await sleep(reply.delayMs ?? 0);
    if (reply.breakAfter !== undefined && sent >= reply.breakAfter) {
      res.socket?.destroy();
      return;
    }
    res.write(chunk({ content: text.slice(i, i + size) }, null));
    sent++;
  }
  res.write(chunk({}, 'stop'));
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage)
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
    );
  res.end('data: [DONE]\n\n');
}

function embeddings(res: ServerResponse, body: Record<string, unknown>): void {
  const inputs = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
  const dimensions = Number(body.dimensions) || 8;
  const data = inputs.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: vectorOf(String(text), dimensions),
  }));
  sendJson(res, 200, {
    object: 'list',
    data,
    model: body.model,
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  });
}

/** A deterministic unit vector of a text (same text, same vector). */
function vectorOf(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (let i = 0; i < text.length; i++) v[(text.charCodeAt(i) * 31 + i) % dimensions]! += 1;
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => x / norm);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
