import { DocqaClient, DocqaProblemError, type StreamedEvent } from '@docqa/client';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';

/** The SDK against the real API and worker (embedded store, local embeddings, extractive answers). */
describe('DocqaClient against the stack', () => {
  let stack: Stack;
  let redis: Redis;
  let client: DocqaClient;
  const called: { method: string; path: string }[] = [];
  const prefix = testPrefix('sdk');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'search', 'ingest'] });
    const recording: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      called.push({ method: init?.method ?? 'GET', path: url.pathname });
      return fetch(input, init);
    };
    client = new DocqaClient({ baseUrl: stack.apiUrl, token, fetch: recording });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('ingests documents and follows the job to completion', async () => {
    const { job_id, document_ids } = await client.documents.create([
      {
        id: 'tokens',
        title: 'Tokens',
        content:
          '# Tokens\n\nRevoke a token with the tokens revoke command and its id. Revocation takes effect at once.',
        metadata: { product: 'cli' },
      },
      {
        id: 'widget',
        title: 'Widget',
        content: 'The widget is embedded with one script tag.',
        content_type: 'text/plain',
      },
    ]);
    expect(document_ids).toEqual(['tokens', 'widget']);
    let job = await client.jobs.get(job_id);
    for (let i = 0; i < 200 && job.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await client.jobs.get(job_id);
    }
    expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 0 });
    const page = await client.documents.list({ limit: 1 });
    expect(page.documents).toHaveLength(1);
    const rest = await client.documents.list({ cursor: page.next_cursor!, limit: 10 });
    expect([...page.documents, ...rest.documents].map((d) => d.id).sort()).toEqual(['tokens', 'widget']);
    expect((await client.documents.get('tokens')).title).toBe('Tokens');
  });

  it('searches with filters and modes', async () => {
    const found = await client.search({
      query: 'revoke a token',
      search_mode: 'keyword',
      filters: [{ type: 'eq', property: 'product', value: 'cli' }],
    });
    expect(found.search_mode).toBe('keyword');
    expect(found.results.map((r) => r.document_id)).toEqual(['tokens']);
  });

  it('asks idempotently, long-polls to the answer, and reads the chat', async () => {
    const key = `sdk-${Date.now()}`;
    const created = await client.ask({ question: 'How do I revoke a token?' }, { idempotencyKey: key });
    expect(await client.ask({ question: 'How do I revoke a token?' }, { idempotencyKey: key })).toEqual(
      created,
    );
    const updates: string[] = [];
    const record = await client.waitForAnswer(created.question_id, {
      timeoutMs: 30_000,
      onUpdate: (r) => updates.push(r.status),
    });
    expect(record).toMatchObject({ status: 'ready', is_ready: true });
    expect(record.response).toMatch(/revoke/i);
    expect(record.sources.some((s) => s.cited && s.document_id === 'tokens')).toBe(true);
    expect(updates.at(-1)).toBe('ready');
    const chat = await client.chat(created.chat_id);
    expect(chat.questions.map((q) => q.id)).toEqual([created.question_id]);
    await client.feedback(created.question_id, { rating: 'up' });
  });

  it('streams an answer and resumes it from an event id', async () => {
    const events: StreamedEvent[] = [];
    for await (const e of client.stream({ question: 'How is the widget embedded?' })) events.push(e);
    expect(events[0]!.type).toBe('question');
    expect(events.at(-1)!.type).toBe('done');
    const text = events.flatMap((e) => (e.type === 'delta' ? [e.data.text] : [])).join('');
    const done = events.at(-1)!;
    expect(done.type === 'done' && done.data.record.response).toBe(text);
    const questionId = events[0]!.type === 'question' ? events[0]!.data.question_id : '';
    const resumed: StreamedEvent[] = [];
    for await (const e of client.stream({ questionId, lastEventId: events.at(-2)!.id })) resumed.push(e);
    expect(resumed.map((e) => e.id)).toEqual([done.id]);
  });

  it('throws typed problems: 404 for an unknown question, 401 for a bad token, 400 for a bad body', async () => {
    await expect(client.get('q_doesnotexist')).rejects.toMatchObject({
      status: 404,
      problem: { title: 'Not Found' },
    });
    const stranger = new DocqaClient({ baseUrl: stack.apiUrl, token: 'dq_nope_nope' });
    await expect(stranger.ask({ question: 'x' })).rejects.toBeInstanceOf(DocqaProblemError);
    await expect(stranger.ask({ question: 'x' })).rejects.toMatchObject({ status: 401 });
    const err = await client.ask({ question: '' }).catch((e: DocqaProblemError) => e);
    expect(err).toMatchObject({
      status: 400,
      problem: { errors: [expect.objectContaining({ path: 'body.question' })] },
    });
  });

  it('deletes a document and reports health', async () => {
    await client.documents.delete('widget');
    await expect(client.documents.get('widget')).rejects.toMatchObject({ status: 404 });
    expect((await client.health('basic')).status).toBe('ok');
  });

  it('only calls operations of the OpenAPI document', async () => {
    const document = (await (await fetch(`${stack.apiUrl}docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    );
    const distinct = [
      ...new Set(called.map((c) => `${c.method} ${c.path.replace(/[qcj]_[\w-]+/g, '{id}')}`)),
    ];
    expect(distinct.length).toBeGreaterThanOrEqual(14);
    const unknown = called.filter(
      (c) => !operations.some((op) => op.method === c.method && op.pattern.test(c.path)),
    );
    expect(unknown).toEqual([]);
  });
});
