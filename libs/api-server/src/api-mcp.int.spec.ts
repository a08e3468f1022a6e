import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import type { Redis } from 'ioredis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

const ACME_DOCS = [
  {
    id: 'tokens',
    title: 'Tokens',
    url: 'https://docs.acme.test/tokens',
    content:
      '# Tokens\n\nCreate a token with the tokens create command of the CLI. Tokens are stored as SHA-256 hashes.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
    metadata: { product: 'cli' },
  },
  {
    id: 'install',
    title: 'Install on Windows',
    content: 'Download the installer and run setup.exe as administrator to install the desktop app.',
    content_type: 'text/plain',
    metadata: { product: 'desktop' },
  },
];
const GLOBEX_DOCS = [
  { id: 'vault', title: 'Vault', content: 'The vault code of globex is kept in the tokens safe.' },
];

describe('MCP server at /api/v2/mcp (SDK client over HTTP, real worker)', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('mcp');
  const tokens: Record<string, string> = {};
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    const make = (name: string, opts: Parameters<Stack['createToken']>[0]) =>
      stack.createToken(opts).then((t) => (tokens[name] = t));
    await Promise.all([
      make('acme', { tenant: 'acme', scopes: ['ask', 'search', 'ingest'] }),
      make('globex', { tenant: 'globex', scopes: ['search', 'ingest'] }),
      make('searchOnly', { tenant: 'acme', scopes: ['search'] }),
      make('askOnly', { tenant: 'acme', scopes: ['ask'] }),
      make('ingestOnly', { tenant: 'acme', scopes: ['ingest'] }),
      make('cliOnly', {
        tenant: 'acme',
        scopes: ['search'],
        filters: [{ type: 'eq', property: 'product', value: 'cli' }],
      }),
      make('widget', { tenant: 'acme', scopes: ['ask'], widget: true, origins: ['https://docs.acme.test'] }),
      make('oneQuestion', { tenant: 'acme', scopes: ['ask'], rateLimit: 1 }),
    ]);
    await ingest(tokens.acme!, ACME_DOCS);
    await ingest(tokens.globex!, GLOBEX_DOCS);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const api = (path: string, token: string, init: RequestInit = {}) =>
    fetch(stack.apiUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });

  async function ingest(token: string, documents: object[]): Promise<void> {
    const { job_id } = await (
      await api('documents/', token, { method: 'POST', body: JSON.stringify({ documents }) })
    ).json();
    for (;;) {
      const job = await (await api(`jobs/${job_id}?wait=1`, token)).json();
      if (job.status === 'completed') return;
      if (job.status === 'failed') throw new Error(JSON.stringify(job));
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function connect(token?: string): Promise<Client> {
    const client = new Client({ name: 'docqa-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${stack.apiUrl}mcp`), {
      requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result: CallToolResult) =>
    result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

  it('lists the four tools with input schemas and descriptions', async () => {
    const { tools } = await (await connect(tokens.acme)).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'ask_question',
      'get_answer',
      'get_document',
      'search_docs',
    ]);
    const search = tools.find((t) => t.name === 'search_docs')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties!)).toEqual([
      'query',
      'mode',
      'filters',
      'limit',
      'version',
    ]);
    for (const tool of tools) expect(tool.description!.length).toBeGreaterThan(100);
  });

  it.each([
    ['acme', { query: 'revoke a token', limit: 5 }, { query: 'revoke a token', limit: 5 }],
    ['acme', { query: 'installer', mode: 'keyword' }, { query: 'installer', search_mode: 'keyword' }],
    [
      'cliOnly',
      { query: 'token installer', mode: 'semantic' },
      { query: 'token installer', search_mode: 'semantic' },
    ],
  ])('search_docs with the %s token returns what POST /rag/search/ returns', async (name, args, body) => {
    const result = await call(await connect(tokens[name]), 'search_docs', args);
    const http = await (
      await api('rag/search/', tokens[name]!, { method: 'POST', body: JSON.stringify(body) })
    ).json();
    expect(result.isError).toBeFalsy();
    expect(http.results.length).toBeGreaterThan(0);
    expect((result.structuredContent as { results: unknown }).results).toEqual(http.results);
    expect(text(result)).toContain(`[1] ${http.results[0].title}`);
    expect(text(result)).toContain(http.results[0].text);
  });

  it('search_docs cites title, URL and document id in its text', async () => {
    const result = await call(await connect(tokens.acme), 'search_docs', { query: 'revoke a token' });
    expect(text(result)).toMatch(
      /\[1\] Tokens\nURL: https:\/\/docs\.acme\.test\/tokens#revoking\ndocument_id: tokens /,
    );
  });

  it('get_document returns the document text with its title and URL', async () => {
    const result = await call(await connect(tokens.acme), 'get_document', { document_id: 'tokens' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      document_id: 'tokens',
      title: 'Tokens',
      truncated: false,
    });
    const body = (result.structuredContent as { text: string }).text;
    expect(body).toContain('Create a token with the tokens create command of the CLI.');
    expect(body).toContain('## Revoking\n\nRevoke a token with tokens revoke and its id.');
    expect(text(result)).toContain('URL: https://docs.acme.test/tokens');

    // Read on from an offset: the rest of the same text.
    const rest = await call(await connect(tokens.acme), 'get_document', {
      document_id: 'tokens',
      offset: 10,
    });
    expect(rest.structuredContent).toMatchObject({
      text: body.slice(10),
      offset: 10,
      truncated: false,
      next_offset: null,
    });
    const bad = await call(await connect(tokens.acme), 'get_document', { document_id: 'tokens', offset: -1 });
    expect(bad.isError).toBe(true);
  });

  it("keeps tenants and token filters: another tenant's document is not found", async () => {
    const globex = await connect(tokens.globex);
    for (const id of ['tokens', 'install']) {
      const result = await call(globex, 'get_document', { document_id: id });
      expect(result).toMatchObject({ isError: true });
      expect(text(result)).toContain(`Document ${id} was not found`);
    }
    expect(text(await call(globex, 'get_document', { document_id: 'vault' }))).toContain('vault code');
    const acme = await call(await connect(tokens.acme), 'get_document', { document_id: 'vault' });
    expect(acme.isError).toBe(true);
    const cliOnly = await connect(tokens.cliOnly);
    expect((await call(cliOnly, 'get_document', { document_id: 'install' })).isError).toBe(true);
    expect((await call(cliOnly, 'get_document', { document_id: 'tokens' })).isError).toBeFalsy();
    const found = await call(globex, 'search_docs', { query: 'tokens create revoke' });
    expect(
      (found.structuredContent as { results: { document_id: string }[] }).results.map((r) => r.document_id),
    ).toEqual(['vault']);
  });

  it('ask_question waits for the answer, reports progress and returns numbered sources', async () => {
    const client = await connect(tokens.acme);
    const progress: Progress[] = [];
    const result = (await client.callTool(
      { name: 'ask_question', arguments: { question: 'How do I revoke a token?' } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as {
      question_id: string;
      chat_id: string;
      answer: string;
      sources: { document_id: string }[];
    };
    const record = await (await api(`question/${answer.question_id}/`, tokens.acme!)).json();
    expect(record).toMatchObject({ status: 'ready', response: answer.answer, chat_id: answer.chat_id });
    expect(answer.sources).toEqual(record.sources);
    expect(answer.sources[0]!.document_id).toBe('tokens');
    expect(text(result)).toContain(
      'Sources:\n[1] Tokens — https://docs.acme.test/tokens#revoking (document_id: tokens)',
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.message)).toContain('Answer generating.');
    const values = progress.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));

    const followUp = await call(client, 'ask_question', {
      question: 'And how do I create one?',
      chat_id: answer.chat_id,
    });
    expect((followUp.structuredContent as { chat_id: string }).chat_id).toBe(answer.chat_id);
  });

  it('get_answer returns the answer of a question asked before, to its own tenant only', async () => {
    const created = await api('question/', tokens.acme!, {
      method: 'POST',
      body: JSON.stringify({ question: 'How do I revoke a token?' }),
    });
    const { question_id } = (await created.json()) as { question_id: string };
    const result = await call(await connect(tokens.askOnly), 'get_answer', { question_id });
    expect(result.isError).toBeFalsy();
    const record = await (await api(`question/${question_id}/`, tokens.acme!)).json();
    expect(record.status).toBe('ready');
    expect(result.structuredContent).toEqual({
      question_id,
      chat_id: record.chat_id,
      answer: record.response,
      sources: record.sources,
    });
    // Asked again once it is ready: the same answer at once.
    expect(
      (await call(await connect(tokens.askOnly), 'get_answer', { question_id })).structuredContent,
    ).toEqual(result.structuredContent);
    const globex = await stack.createToken({ tenant: 'globex', scopes: ['ask'] });
    const other = await call(await connect(globex), 'get_answer', { question_id });
    expect(other.isError).toBe(true);
    expect(text(other)).toBe(`question ${question_id} was not found`);
  });

  it('ask_question spends the token’s question budget like POST /question/', async () => {
    const client = await connect(tokens.oneQuestion);
    expect(
      (await call(client, 'ask_question', { question: 'How do I revoke a token?' })).isError,
    ).toBeFalsy();
    const limited = await call(client, 'ask_question', { question: 'How do I create a token?' });
    expect(limited.isError).toBe(true);
    expect(text(limited)).toMatch(/rate limit of 1 question per minute reached; retry in \d+ s/);
  });

  it('refuses a tool the token lacks the scope for, with a tool error naming the scope', async () => {
    const searchOnly = await call(await connect(tokens.searchOnly), 'ask_question', { question: 'Hi?' });
    expect(searchOnly).toMatchObject({ isError: true });
    expect(text(searchOnly)).toContain('lacks the "ask" scope');
    const askOnly = await connect(tokens.askOnly);
    for (const [name, args] of [
      ['search_docs', { query: 'token' }],
      ['get_document', { document_id: 'tokens' }],
    ] as const) {
      const result = await call(askOnly, name, args);
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('lacks the "search" scope');
    }
  });

  it('answers an unknown tool and bad arguments with tool errors', async () => {
    const client = await connect(tokens.acme);
    const unknown = await call(client, 'delete_everything', {});
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('Tool delete_everything not found');
    for (const args of [
      {},
      { query: '' },
      { query: 'x', limit: 500 },
      { query: 'x', mode: 'fuzzy' },
      { query: 'x', filters: [{ type: 'regex' }] },
    ]) {
      const bad = await call(client, 'search_docs', args);
      expect(bad.isError).toBe(true);
      expect(text(bad)).toContain('Input validation error');
    }
    const badId = await call(client, 'get_document', { document_id: "../../etc/passwd'" });
    expect(badId.isError).toBe(true);
  });

  it.each([
    [
      'search_docs',
      { query: 'installer', search_mode: 'keyword' },
      'search_mode',
      'query, mode, filters, limit',
    ],
    ['search_docs', { query: 'installer', top_k: 3 }, 'top_k', 'query, mode, filters, limit'],
    ['get_document', { document_id: 'install.md', chunk_id: 'install.md#0' }, 'chunk_id', 'document_id'],
    [
      'ask_question',
      { question: 'How do I install?', filters: { product: 'cli' } },
      'filters',
      'question, chat_id',
    ],
  ])(
    'refuses %s with an argument it does not take (%j), naming the ones it does',
    async (tool, args, extra, names) => {
      const result = await call(await connect(tokens.acme), tool, args);
      expect(result.isError).toBe(true);
      expect(text(result)).toContain(`unknown argument ${extra}; this tool takes ${names}`);
    },
  );

  it.each([
    ['no token', 401, undefined],
    ['an unknown token', 401, 'dq_not_a_token'],
    ['a widget token', 403, 'widget'],
    ['a token with neither search nor ask', 403, 'ingestOnly'],
  ])('refuses %s with HTTP %s and a problem, before any MCP message', async (_label, status, name) => {
    const token = name && (tokens[name] ?? name);
    const error = await connect(token).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(status);
    const res = await fetch(`${stack.apiUrl}mcp`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await res.text()).not.toMatch(/\n\s+at /);
  });

  const raw = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.apiUrl}mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.acme}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body,
    });

  it('search_docs and ask_question keep to the version asked, and refuse an unknown one', async () => {
    const token = await stack.createToken({ tenant: 'initech', scopes: ['ask', 'search', 'ingest'] });
    await ingest(
      token,
      ['1.x', '2.x'].map((version, i) => ({
        id: `install-${version}`,
        title: `Install ${version}`,
        content: `Install the agent with ${i ? 'the package manager' : 'the legacy installer'}.`,
        version,
      })),
    );
    const client = await connect(token);
    for (const version of ['1.x', '2.x']) {
      const found = await call(client, 'search_docs', { query: 'install the agent', version });
      const ids = (found.structuredContent as { results: { document_id: string }[] }).results.map(
        (r) => r.document_id,
      );
      expect(ids).toEqual([`install-${version}`]);
      const answer = await call(client, 'ask_question', { question: 'How do I install the agent?', version });
      const sources = (answer.structuredContent as { sources: { document_id: string }[] }).sources;
      expect(sources.map((s) => s.document_id)).toEqual([`install-${version}`]);
    }
    const unknown = await call(client, 'search_docs', { query: 'install', version: '9.x' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('the known versions are 2.x, 1.x');
  });

  it('refuses an oversized request with 413, and malformed JSON-RPC with a JSON-RPC error', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_docs', arguments: { query: 'x'.repeat(100_000) } },
    });
    const tooBig = await raw(huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toContain('application/problem+json');
    const client = await connect(tokens.acme);
    const error = await client
      .callTool({ name: 'search_docs', arguments: { query: 'y'.repeat(100_000) } })
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ code: 413 });

    const notRpc = await raw(JSON.stringify({ hello: 'world' }));
    expect(notRpc.status).toBe(400);
    expect(await notRpc.json()).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
    const noAccept = await raw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      accept: 'application/json',
    });
    expect(noAccept.status).toBe(406);
    const get = await fetch(`${stack.apiUrl}mcp`, { headers: { authorization: `Bearer ${tokens.acme}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers a tool call with "arguments": null as one without arguments: a tool error naming them', async () => {
    const res = await raw(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'search_docs', arguments: null },
      }),
    );
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0]!.text).toMatch(/Input validation error.*query/s);
  });
});

describe('MCP ask_question without a worker', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('mcp-timeout');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, noWorker: true, env: { MCP_ANSWER_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('gives up after MCP_ANSWER_TIMEOUT_SECONDS with a tool error naming the pending question', async () => {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const client = new Client({ name: 'docqa-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.apiUrl}mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const result = (await client.callTool({
        name: 'ask_question',
        arguments: { question: 'Is anyone there?' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      const message = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      expect(message).toMatch(
        /^No answer within 1 s\. The question (q_\S+) is still being answered: call get_answer with question_id "\1"/,
      );
      // get_answer waits for it again, as long, and says the same.
      const questionId = /The question (q_\S+)/.exec(message)![1]!;
      const again = await client.callTool({ name: 'get_answer', arguments: { question_id: questionId } });
      expect(again.isError).toBe(true);
      expect((again as CallToolResult).content).toEqual([
        expect.objectContaining({
          text: expect.stringMatching(`^No answer within 1 s. The question ${questionId} is still`),
        }),
      ]);
    } finally {
      await client.close();
    }
  });
});
