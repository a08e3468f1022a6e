import { Queue, QueueEvents } from 'bullmq';
import { QUEUE_NAMES } from '@docqa/contracts';
import { ScriptedAnswerer } from '@docqa/answering/testing';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';

describe('questions API', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  const answerer = new ScriptedAnswerer({
    pieces: ['Tokens ', 'are ', 'created ', 'with the CLI [1].'],
    delayMs: 30,
  });
  const prefix = testPrefix('qapi');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer,
      services: noKnowledgeBase(),
      env: { RATE_LIMIT_PER_MINUTE: '1000' },
    });
    token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const bearer = init.token === undefined ? token : init.token;
    if (bearer) headers.set('authorization', `Bearer ${bearer}`);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(stack.apiUrl + path, { ...init, headers });
  };
  const ask = (body: object, headers: Record<string, string> = {}) =>
    call('question/', { method: 'POST', body: JSON.stringify(body), headers });

  async function pollUntilReady(id: string) {
    for (let i = 0; i < 200; i++) {
      const record = await (await call(`question/${id}/?wait=5`)).json();
      if (record.is_ready) return record;
    }
    throw new Error('never ready');
  }

  it('answers a question end to end: 201 with Location, then polling reaches ready', async () => {
    const res = await ask({ question: 'How do I create a token?' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      question_id: expect.stringMatching(/^q_/),
      chat_id: expect.stringMatching(/^c_/),
    });
    expect(res.headers.get('location')).toBe(`/api/v2/question/${created.question_id}/`);

    const record = await pollUntilReady(created.question_id);
    expect(record).toMatchObject({
      id: created.question_id,
      text: 'How do I create a token?',
      response: 'Tokens are created with the CLI [1].',
      is_ready: true,
      status: 'ready',
      chat_id: created.chat_id,
      sources: [],
    });
  });

  it('shows the partial answer while it is generated', async () => {
    const { question_id } = await (await ask({ question: 'partial?' })).json();
    let partial = '';
    for (let i = 0; i < 100 && !partial; i++) {
      const record = await (await call(`question/${question_id}/`)).json();
      if (!record.is_ready && record.response) partial = record.response;
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(partial.length).toBeGreaterThan(0);
    expect('Tokens are created with the CLI [1].'.startsWith(partial)).toBe(true);
    await pollUntilReady(question_id);
  });

  it('continues a chat: the follow-up joins it and the answerer gets the earlier turn', async () => {
    const first = await (await ask({ question: 'How do I create a token?' })).json();
    await pollUntilReady(first.question_id);
    const res = await ask({ question: 'And revoke it?', chat_id: first.chat_id });
    expect(res.status).toBe(201);
    const second = await res.json();
    expect(second.chat_id).toBe(first.chat_id);
    await pollUntilReady(second.question_id);
    const input = answerer.inputs.find((i) => i.question === 'And revoke it?');
    expect(input?.history).toEqual([
      { question: 'How do I create a token?', answer: 'Tokens are created with the CLI [1].' },
    ]);

    const chat = await (await call(`chat/${first.chat_id}/`)).json();
    expect(chat.questions.map((q: { id: string }) => q.id)).toEqual([first.question_id, second.question_id]);
  });

  it('answers 404 for an unknown chat_id', async () => {
    const res = await ask({ question: 'x', chat_id: 'c_doesnotexist' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses a batch with an unknown chat_id as a whole, naming the item, and asks nothing', async () => {
    const chat = (await (await ask({ question: 'batch chat?' })).json()).chat_id;
    const asked = answerer.inputs.length;
    const res = await call('question/batch/', {
      method: 'POST',
      body: JSON.stringify({
        questions: [
          { question: 'batch ok?', chat_id: chat },
          { question: 'batch bad?', chat_id: 'c_doesnotexist' },
          { question: 'batch new?' },
        ],
      }),
    });
    expect(res.status).toBe(404);
    expect((await res.json()).errors).toEqual([
      { path: 'questions.1.chat_id', message: 'chat c_doesnotexist was not found' },
    ]);
    const history = await (await call(`chat/${chat}/`)).json();
    expect(history.questions.map((q: { text: string }) => q.text)).toEqual(['batch chat?']);
    await stack.waitUntilIdle();
    expect(answerer.inputs.slice(asked).map((i) => i.question)).toEqual(['batch chat?']);
  });

  it('replays an idempotent request with the same ids and refuses another body with 409', async () => {
    const key = `key-${Date.now()}`;
    const a = await (await ask({ question: 'same' }, { 'idempotency-key': key })).json();
    const replay = await ask({ question: 'same' }, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(a);
    const conflict = await ask({ question: 'different' }, { 'idempotency-key': key });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).title).toBe('Conflict');
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const { question_id } = await (await ask({ question: 'etag' })).json();
    await pollUntilReady(question_id);
    const first = await call(`question/${question_id}/`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"v\d+"$/);
    const second = await call(`question/${question_id}/`, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });

  it('long polling returns as soon as the record changes, and after the wait when it does not', async () => {
    const { question_id } = await (await ask({ question: 'long poll' })).json();
    const first = await call(`question/${question_id}/`);
    const etag = first.headers.get('etag')!;
    const started = Date.now();
    const changed = await call(`question/${question_id}/?wait=10`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    // Well before the 10 s wait, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(9000);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const ready = await pollUntilReady(question_id);
    expect(ready.is_ready).toBe(true);
    const final = await call(`question/${question_id}/`);
    const t0 = Date.now();
    const unchanged = await call(`question/${question_id}/?wait=1`, {
      headers: { 'if-none-match': final.headers.get('etag')! },
    });
    expect(unchanged.status).toBe(304);
    // Not held for long: at most its second (room for a loaded machine).
    expect(Date.now() - t0).toBeLessThan(9000);
  });

  it('times out a long poll on a record that does not change', async () => {
    const idle = await startStack({
      redisUrl: stack.redisUrl,
      prefix: `${prefix}-idle`,
      services: noKnowledgeBase(),
      noWorker: true,
      answerer,
    });
    try {
      const t = await idle.createToken({ tenant: 'acme', scopes: ['ask'] });
      const headers = { authorization: `Bearer ${t}`, 'content-type': 'application/json' };
      const created = await (
        await fetch(`${idle.apiUrl}question/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ question: 'q' }),
        })
      ).json();
      const first = await fetch(`${idle.apiUrl}question/${created.question_id}/`, { headers });
      const t0 = Date.now();
      const res = await fetch(`${idle.apiUrl}question/${created.question_id}/?wait=1`, {
        headers: { ...headers, 'if-none-match': first.headers.get('etag')! },
      });
      expect(res.status).toBe(304);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    } finally {
      await idle.close();
      await deletePrefix(redis, `${prefix}-idle`);
    }
  });

  it('fails a malformed questions job at once instead of retrying it', async () => {
    const opts = { connection: { url: stack.redisUrl }, prefix: new Keys(stack.prefix).queuePrefix() };
    const queue = new Queue(QUEUE_NAMES.questions, opts);
    const events = new QueueEvents(QUEUE_NAMES.questions, opts);
    try {
      await events.waitUntilReady();
      const job = await queue.add('answer', { question_id: 42 }, { attempts: 3 });
      const reason = await new Promise<string>((resolve) =>
        events.on('failed', ({ jobId, failedReason }) => jobId === job.id && resolve(failedReason)),
      );
      expect(reason).toMatch(/^malformed questions job/);
      expect((await queue.getJob(job.id!))?.attemptsMade).toBe(1);
    } finally {
      await events.close();
      await queue.close();
    }
  });

  it('hides another tenant’s question and chat behind 404', async () => {
    const { question_id, chat_id } = await (await ask({ question: 'mine' })).json();
    const other = await stack.createToken({ tenant: 'globex', scopes: ['ask'] });
    expect((await call(`question/${question_id}/`, { token: other })).status).toBe(404);
    expect((await call(`chat/${chat_id}/`, { token: other })).status).toBe(404);
    expect((await ask({ question: 'x', chat_id })).status).toBe(201);
    const res = await call('question/', {
      method: 'POST',
      token: other,
      body: JSON.stringify({ question: 'x', chat_id }),
    });
    expect(res.status).toBe(404);
  });

  it('takes filters in the object form of the specification in questions, search and the widget', async () => {
    const filters = { product: 'cli', tags: ['setup', 'tokens'] };
    const eq = [
      { type: 'eq', property: 'product', value: 'cli' },
      { type: 'eq', property: 'tags', value: ['setup', 'tokens'] },
    ];
    const created = await (await ask({ question: 'object filters?', filters })).json();
    await pollUntilReady(created.question_id);
    expect(answerer.inputs.at(-1)!.filters).toEqual(eq);

    const both = await stack.createToken({ tenant: 'acme', scopes: ['ask', 'search'] });
    const search = await call('rag/search/', {
      method: 'POST',
      token: both,
      body: JSON.stringify({ query: 'tokens', filters }),
    });
    expect(search.status).toBe(200);
    const streamed = await call('questions/', {
      method: 'POST',
      body: JSON.stringify({ question: 'streamed with object filters', filters }),
    });
    expect(streamed.status).toBe(200);
    await streamed.text();
    expect(answerer.inputs.at(-1)!.filters).toEqual(eq);

    const bad = await ask({ question: 'q', filters: { product: 5 } });
    expect(bad.status).toBe(400);
  });
});
