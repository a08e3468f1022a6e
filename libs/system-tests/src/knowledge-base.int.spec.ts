import { NOT_FOUND_ANSWER } from '@docqa/answering';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import type { SearchResponse } from '@docqa/contracts';
import { startStack, type Stack } from './testing/start-stack';

const documents = [
  {
    id: 'tokens',
    title: 'Tokens',
    content:
      '# Tokens\n\nCreate a token with the tokens create command of the CLI. Tokens are stored as SHA-256 hashes.\n\n## Revoking\n\nRevoke a token with tokens revoke and its id. Revocation takes effect at once.',
    content_type: 'text/markdown',
    metadata: { product: 'cli', tags: ['security', 'auth'] },
  },
  {
    id: 'install',
    title: 'Install on Windows',
    content:
      '<html><head><title>Install on Windows</title><script>alert(1)</script></head><body><nav>Home | Blog</nav><main><h1>Install</h1><p>Download the installer and run setup.exe as administrator.</p><pre>setup.exe /quiet</pre></main></body></html>',
    content_type: 'text/html',
    metadata: { product: 'desktop', platform: 'Windows 11 Pro' },
  },
  {
    id: 'widget',
    title: 'Widget',
    content: 'The chat widget is embedded with one script tag and a container element whose id is assistant.',
    content_type: 'text/plain',
    metadata: { product: 'widget' },
  },
];

describe('knowledge base (embedded store, local embeddings, extractive answers)', () => {
  let stack: Stack;
  let redis: Redis;
  let headers: Record<string, string>;
  const prefix = testPrefix('kb');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'search', 'ingest'] });
    headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit = {}) => fetch(stack.apiUrl + path, { ...init, headers });
  const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });
  const search = async (body: object) =>
    (await (await post('rag/search/', body)).json()) as Pick<SearchResponse, 'results'>;

  async function ingest(docs: unknown[]) {
    const res = await post('documents/', { documents: docs });
    expect(res.status).toBe(202);
    const { job_id } = await res.json();
    for (let i = 0; i < 300; i++) {
      const job = await (await call(`jobs/${job_id}`)).json();
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('ingest job did not finish');
  }

  async function ask(question: string, chatId?: string) {
    const created = await (await post('question/', { question, chat_id: chatId })).json();
    let record = await (await call(`question/${created.question_id}/?wait=10`)).json();
    while (!record.is_ready) record = await (await call(`question/${created.question_id}/?wait=10`)).json();
    return record;
  }

  it('ingests Markdown, HTML and text documents and reports the job', async () => {
    const job = await ingest(documents);
    expect(job).toMatchObject({ status: 'completed', total: 3, processed: 3, skipped: 0, failed: 0 });
    expect(job.chunks).toBeGreaterThanOrEqual(3);
    const list = await (await call('documents/?limit=2')).json();
    expect(list.documents.map((d: { id: string }) => d.id)).toEqual(['install', 'tokens']);
    const next = await (await call(`documents/?limit=2&cursor=${list.next_cursor}`)).json();
    expect(next).toEqual({ documents: [expect.objectContaining({ id: 'widget' })], next_cursor: null });
  });

  it('searches documents by the words of their title, URL or id, page by page', async () => {
    const list = async (query: string) => await (await call(`documents/?${query}`)).json();
    const first = await list('q=O&limit=1');
    expect(first.documents.map((d: { id: string }) => d.id)).toEqual(['install']);
    const second = await list(`q=O&limit=1&cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ documents: [{ id: 'tokens' }], next_cursor: null });
    expect((await list('q=windows%20INSTALL')).documents.map((d: { id: string }) => d.id)).toEqual([
      'install',
    ]);
    expect(await list('q=windows%20tokens')).toEqual({ documents: [], next_cursor: null });
    const tooLong = await call(`documents/?q=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).errors).toEqual([expect.objectContaining({ path: 'query.q' })]);
    const other = await stack.createToken({ tenant: 'initech', scopes: ['ingest'] });
    const foreign = await fetch(`${stack.apiUrl}documents/?q=install`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(await foreign.json()).toEqual({ documents: [], next_cursor: null });
  });

  it('skips unchanged documents when they are ingested again', async () => {
    const job = await ingest(documents.slice(0, 1));
    expect(job).toMatchObject({ processed: 1, skipped: 1, chunks: 0 });
  });

  it('finds passages by keyword, by meaning and hybrid, with took_ms', async () => {
    for (const mode of ['keyword', 'semantic', 'hybrid']) {
      const res = await post('rag/search/', { query: 'revoke a token', search_mode: mode });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.search_mode).toBe(mode);
      expect(body.took_ms).toEqual(expect.any(Number));
      expect(body.results[0].document_id).toBe('tokens');
    }
  });

  it('drops navigation and scripts from HTML but keeps its text and code', async () => {
    const { results } = await search({ query: 'setup.exe administrator', search_mode: 'keyword' });
    expect(results[0]!.document_id).toBe('install');
    const text = results[0]!.text;
    expect(text).toContain('setup.exe /quiet');
    expect(text).not.toMatch(/alert|Blog/);
    expect((await search({ query: 'alert blog', search_mode: 'keyword' })).results).toEqual([]);
  });

  it('reads a document back as its chunks, in document order, with their heading paths', async () => {
    const res = await call('documents/tokens/chunks');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      document_id: string;
      chunks: { chunk_id: string; heading: string; url: string | null; text: string }[];
    };
    expect(body.document_id).toBe('tokens');
    expect(body.chunks.length).toBeGreaterThanOrEqual(2);
    expect(body.chunks.map((c) => c.chunk_id)).toEqual(body.chunks.map((_c, i) => `tokens#${i}`));
    expect(body.chunks[0]).toMatchObject({ url: null, text: expect.stringContaining('Create a token') });
    const revoking = body.chunks.find((c) => c.heading.endsWith('Revoking'));
    expect(revoking?.text).toContain('Revoke a token with tokens revoke');
    expect(body.chunks.indexOf(revoking!)).toBeGreaterThan(0);
    expect((await call('documents/never-ingested/chunks')).status).toBe(404);
  });

  it('applies eq and contains filters, and an unknown property matches nothing', async () => {
    const q = { query: 'install token widget', search_mode: 'hybrid' };
    const ids = async (filters: object[]) =>
      [...new Set((await search({ ...q, filters })).results.map((r) => r.document_id))].sort();
    expect(await ids([{ type: 'eq', property: 'product', value: 'cli' }])).toEqual(['tokens']);
    expect(await ids([{ type: 'eq', property: 'product', value: ['cli', 'widget'] }])).toEqual([
      'tokens',
      'widget',
    ]);
    expect(await ids([{ type: 'contains', property: 'tags', value: 'auth' }])).toEqual(['tokens']);
    expect(await ids([{ type: 'contains', property: 'platform', value: 'windows 11' }])).toEqual(['install']);
    expect(await ids([{ type: 'contains', property: 'platform', value: 'Win' }])).toEqual([]);
    expect(await ids([{ type: 'eq', property: 'nope', value: 'x' }])).toEqual([]);
  });

  it('treats hostile filter values and queries as data', async () => {
    const hostile = [
      "' OR 1=1 --",
      'product = cli',
      '"; DROP TABLE chunks; --',
      '🙂 ünïcödé',
      'x'.repeat(1000),
      '(',
      'AND NOT',
    ];
    for (const value of hostile) {
      const res = await post('rag/search/', {
        query: value,
        filters: [{ type: 'eq', property: value.slice(0, 200), value }],
      });
      expect(res.status).toBe(200);
      expect((await res.json()).results).toEqual([]);
      const plain = await post('rag/search/', { query: value });
      expect(plain.status).toBe(200);
    }
  });

  it('answers from the documents with a citation of the right source', async () => {
    const record = await ask('How do I revoke a token?');
    expect(record.status).toBe('ready');
    expect(record.response).toMatch(/revoke/i);
    expect(record.response).toMatch(/\[\d\]/);
    const cited = record.sources.filter((s: { cited: boolean }) => s.cited);
    expect(cited.map((s: { document_id: string }) => s.document_id)).toContain('tokens');
  });

  it('uses the chat to understand a follow-up', async () => {
    const first = await ask('How do I revoke a token?');
    const follow = await ask('How are they stored?', first.chat_id);
    expect(follow.response).toMatch(/SHA-256/);
  });

  it('says the documents do not cover a question instead of inventing an answer', async () => {
    const record = await ask('What is the airspeed velocity of an unladen swallow?');
    expect(record.status).toBe('ready');
    expect(record.response).toBe(NOT_FOUND_ANSWER);
    expect(record.sources.every((s: { cited: boolean }) => !s.cited)).toBe(true);
  });

  it('deletes a document with every chunk of it', async () => {
    expect((await call('documents/widget', { method: 'DELETE' })).status).toBe(204);
    expect((await call('documents/widget')).status).toBe(404);
    expect(
      (await search({ query: 'chat widget script tag' })).results.map((r) => r.document_id),
    ).not.toContain('widget');
    expect((await call('documents/widget', { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps tenants apart', async () => {
    const other = await stack.createToken({ tenant: 'globex', scopes: ['search', 'ingest'] });
    const res = await fetch(`${stack.apiUrl}rag/search/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'revoke a token' }),
    });
    expect((await res.json()).results).toEqual([]);
    expect(
      (await fetch(`${stack.apiUrl}documents/tokens`, { headers: { authorization: `Bearer ${other}` } }))
        .status,
    ).toBe(404);
    const chunks = await fetch(`${stack.apiUrl}documents/tokens/chunks`, {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(chunks.status).toBe(404);
  });
});
