import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnswerTimeoutError } from './answer-timeout-error';
import { DocqaClient } from './docqa-client';
import { DocqaProblemError } from './problem-error';

type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => void;

/** A local HTTP server whose answers each test scripts, recording every request. */
async function startServer(handler: Handler) {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(Object.assign(req, { body }), res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    port,
    client: (extra: { retries?: number; backoffMs?: number } = {}) =>
      new DocqaClient({ baseUrl: `http://127.0.0.1:${port}/api/v2`, token: 'dq_test', ...extra }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const problem = (status: number, title: string, extra: object = {}) => ({
  type: 'about:blank',
  title,
  status,
  ...extra,
});
const record = (over: object = {}) => ({
  id: 'q_1',
  text: 'why?',
  response: '',
  is_ready: false,
  chat_id: 'c_1',
  status: 'queued',
  sources: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('DocqaClient', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends the bearer token, a JSON body and the idempotency key under the base URL', async () => {
    server = await startServer((_req, res) => json(res, 201, { question_id: 'q_1', chat_id: 'c_1' }));
    const created = await server.client().ask({ question: 'why?' }, { idempotencyKey: 'k-1' });
    expect(created).toEqual({ question_id: 'q_1', chat_id: 'c_1' });
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/api/v2/question/', body: '{"question":"why?"}' });
    expect(req!.headers).toMatchObject({
      authorization: 'Bearer dq_test',
      'content-type': 'application/json',
      'idempotency-key': 'k-1',
    });
  });

  // The types are the check here (npm run typecheck): the shorthand is one of the API's forms.
  it('sends filters in the {property: value} shorthand as they are, for a question and a batch', async () => {
    server = await startServer((req, res) =>
      json(res, 201, req.url!.includes('batch') ? { questions: [] } : { question_id: 'q_1', chat_id: 'c_1' }),
    );
    await server.client().ask({ question: 'why?', filters: { product: 'cli' } });
    await server.client().askBatch([{ question: 'how?', filters: { tags: ['setup', 'tokens'] } }]);
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([
      { question: 'why?', filters: { product: 'cli' } },
      { questions: [{ question: 'how?', filters: { tags: ['setup', 'tokens'] } }] },
    ]);
  });

  it('throws a DocqaProblemError carrying the RFC 9457 problem of an error answer', async () => {
    server = await startServer((_req, res) =>
      json(res, 404, problem(404, 'Not Found', { detail: 'question q_x was not found', code: 'not_found' })),
    );
    const err = await server
      .client()
      .get('q_x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocqaProblemError);
    expect(err).toMatchObject({
      status: 404,
      code: 'not_found',
      problem: { detail: 'question q_x was not found' },
    });
  });

  it('names the baseUrl when the API has no such route, as when baseUrl lacks /api/v2/', async () => {
    server = await startServer((req, res) =>
      req.url!.startsWith('/api/v2/question/')
        ? json(
            res,
            404,
            problem(404, 'Not Found', { detail: 'question q_x was not found', code: 'not_found' }),
          )
        : json(
            res,
            404,
            problem(404, 'Not Found', { detail: `no route for GET ${req.url}`, code: 'not_found' }),
          ),
    );
    const recordMissing = (await server
      .client()
      .get('q_x')
      .catch((e: unknown) => e)) as Error;
    expect(recordMissing.message).toBe('404 Not Found: question q_x was not found');
    const root = new DocqaClient({ baseUrl: `http://127.0.0.1:${server.port}`, token: 'dq_test' });
    const err = (await root.get('q_x').catch((e: unknown) => e)) as DocqaProblemError;
    expect(err).toBeInstanceOf(DocqaProblemError);
    expect(err.code).toBe('not_found');
    expect(err.message).toBe(
      `404 Not Found: no route for GET /question/q_x/; is baseUrl http://127.0.0.1:${server.port}/ the API's base URL, ending in /api/v2/?`,
    );
  });

  it('turns a non-JSON error body into a problem with its status', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    await expect(server.client().chat('c_1')).rejects.toMatchObject({
      problem: { status: 502, detail: '<h1>Bad gateway</h1>' },
    });
  });

  it('retries a 429 after its Retry-After and a 503 with back-off, then succeeds', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls++;
      if (calls === 1) return json(res, 429, problem(429, 'Too Many Requests'), { 'retry-after': '1' });
      if (calls === 2) return json(res, 503, problem(503, 'Service Unavailable'));
      json(res, 200, { results: [], search_mode: 'hybrid', took_ms: 1 });
    });
    const started = Date.now();
    const found = await server.client({ backoffMs: 50 }).search({ query: 'x' });
    expect(found.results).toEqual([]);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after the configured retries with the last problem', async () => {
    server = await startServer((_req, res) => json(res, 503, problem(503, 'Service Unavailable')));
    await expect(server.client({ retries: 2, backoffMs: 1 }).jobs.get('j_1')).rejects.toMatchObject({
      status: 503,
    });
    expect(server.requests).toHaveLength(3);
  });

  it('polls with If-None-Match and reports an unchanged record as notModified', async () => {
    server = await startServer((req, res) => {
      if (req.headers['if-none-match'] === '"v2"') {
        res.writeHead(304, { etag: '"v2"' });
        return res.end();
      }
      json(res, 200, record(), { etag: '"v2"' });
    });
    const client = server.client();
    const first = await client.poll('q_1', { wait: 5 });
    expect(first).toMatchObject({ notModified: false, etag: '"v2"', record: { id: 'q_1' } });
    expect(await client.poll('q_1', { wait: 5, etag: first.etag })).toEqual({
      notModified: true,
      etag: '"v2"',
    });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v2/question/q_1/?wait=5',
      '/api/v2/question/q_1/?wait=5',
    ]);
  });

  it('waits for an answer by long polling, reporting each change once', async () => {
    const versions = [
      record({ status: 'generating', response: 'Par' }),
      record({ status: 'generating', response: 'Partial' }),
      record({ status: 'ready', response: 'Partial answer.', is_ready: true }),
    ];
    let version = 0;
    server = await startServer((req, res) => {
      expect(req.url).toMatch(/\?wait=\d+$/);
      const known = Number(/"v(\d+)"/.exec(req.headers['if-none-match'] ?? '')?.[1] ?? -1);
      // Every other poll finds nothing new: the long poll ran out.
      if (known === version) {
        version++;
        res.writeHead(304, { etag: `"v${known}"` });
        return res.end();
      }
      json(res, 200, versions[version], { etag: `"v${version}"` });
    });
    const seen: string[] = [];
    const final = await server.client().waitForAnswer('q_1', { onUpdate: (r) => seen.push(r.response) });
    expect(final).toMatchObject({ status: 'ready', response: 'Partial answer.' });
    expect(seen).toEqual(['Par', 'Partial', 'Partial answer.']);
  });

  it('stops waiting with AnswerTimeoutError after timeoutMs', async () => {
    server = await startServer((_req, res) => setTimeout(() => json(res, 200, record()), 300));
    await expect(server.client().waitForAnswer('q_1', { timeoutMs: 500 })).rejects.toBeInstanceOf(
      AnswerTimeoutError,
    );
  });

  it('stops waiting when its signal aborts', async () => {
    server = await startServer((_req, res) => setTimeout(() => json(res, 200, record()), 100));
    const abort = new AbortController();
    setTimeout(() => abort.abort(new Error('user left')), 150);
    await expect(server.client().waitForAnswer('q_1', { signal: abort.signal })).rejects.toThrow('user left');
  });

  it('lists documents page by page and reads jobs, documents and health', async () => {
    server = await startServer((req, res) => {
      if (req.url!.startsWith('/api/v2/documents/?'))
        return json(res, 200, { documents: [], next_cursor: req.url!.includes('cursor=abc') ? null : 'abc' });
      if (req.url === '/api/v2/health?mode=full')
        return json(res, 503, { status: 'error', mode: 'full', checks: {}, version: 't' });
      if (req.method === 'DELETE') {
        res.writeHead(204);
        return res.end();
      }
      json(res, 200, { id: 'x' });
    });
    const client = server.client();
    expect((await client.documents.list({ limit: 10 })).next_cursor).toBe('abc');
    expect((await client.documents.list({ cursor: 'abc', limit: 10 })).next_cursor).toBeNull();
    await client.documents.list({ q: 'install linux', cursor: 'abc' });
    await client.documents.delete('guide/intro.md');
    expect((await client.health('full')).status).toBe('error');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v2/documents/?limit=10',
      'GET /api/v2/documents/?cursor=abc&limit=10',
      'GET /api/v2/documents/?cursor=abc&q=install+linux',
      'DELETE /api/v2/documents/guide%2Fintro.md',
      'GET /api/v2/health?mode=full',
    ]);
  });
});
