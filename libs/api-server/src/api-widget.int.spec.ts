import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { readEvents } from './testing/read-events';

const source = {
  document_id: 'd1',
  chunk_id: 'd1#0',
  title: 'Tokens',
  url: 'https://docs.acme.test/tokens',
  snippet: 'Create tokens with the CLI.',
  score: 0.9,
  cited: true,
  metadata: {},
};

describe('widget endpoints', () => {
  let stack: Stack;
  let redis: Redis;
  let token: string;
  const prefix = testPrefix('widget');
  const origin = 'https://docs.acme.test';
  const answerer = new ScriptedAnswerer({
    pieces: ['Use ', 'the ', 'CLI ', '[1].'],
    delayMs: 20,
    sources: [source],
  });

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer,
      services: noKnowledgeBase(),
      env: { VISITOR_RATE_LIMIT_PER_MINUTE: '100' },
    });
    token = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [origin],
      filters: [{ type: 'eq', property: 'product', value: 'cli' }],
    });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const call = (path: string, init: RequestInit = {}, bearer = token) =>
    fetch(stack.apiUrl + path, {
      ...init,
      headers: {
        authorization: `Bearer ${bearer}`,
        origin,
        'content-type': 'application/json',
        ...(init.headers as object),
      },
    });

  it('streams an answer: question first, then status, deltas, sources and done, each with an id', async () => {
    const res = await call('questions/', {
      method: 'POST',
      body: JSON.stringify({ question: 'How do I make a token?' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const events = await readEvents(res);
    expect(events[0]!.event).toBe('question');
    expect(events.every((e) => e.id)).toBe(true);
    const types = events.map((e) => e.event);
    expect(types).toEqual(expect.arrayContaining(['status', 'delta', 'sources', 'done']));
    expect(JSON.parse(events.find((e) => e.event === 'sources')!.data).sources).toEqual([source]);
    expect(types.at(-1)).toBe('done');
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => JSON.parse(e.data).text)
      .join('');
    expect(text).toBe('Use the CLI [1].');
    const done = JSON.parse(events.at(-1)!.data).record;
    expect(done).toMatchObject({
      is_ready: true,
      status: 'ready',
      response: 'Use the CLI [1].',
      sources: [source],
    });
  });

  it('ANDs the widget token’s filters into every question it asks', async () => {
    const res = await call('questions/', {
      method: 'POST',
      body: JSON.stringify({
        question: 'filtered?',
        filters: [{ type: 'eq', property: 'version', value: '2' }],
      }),
    });
    await readEvents(res);
    const input = answerer.inputs.find((i) => i.question === 'filtered?');
    expect(input?.filters).toEqual([
      { type: 'eq', property: 'version', value: '2' },
      { type: 'eq', property: 'product', value: 'cli' },
    ]);
  });

  it('resumes a stream with Last-Event-ID without repeating events', async () => {
    const res = await call('questions/', { method: 'POST', body: JSON.stringify({ question: 'resume?' }) });
    const all = await readEvents(res);
    const questionId = JSON.parse(all[0]!.data).question_id;
    const cut = all[2]!;
    const resumed = await readEvents(
      await call(`question/${questionId}/events`, { headers: { 'last-event-id': cut.id! } }),
    );
    expect(resumed.map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
  });

  it('restores a conversation and answers 404 for a chat of another tenant', async () => {
    const events = await readEvents(
      await call('questions/', { method: 'POST', body: JSON.stringify({ question: 'first' }) }),
    );
    const { chat_id } = JSON.parse(events[0]!.data);
    const res = await call('conversation/', { method: 'POST', body: JSON.stringify({ chat_id }) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.chat_id).toBe(chat_id);
    expect(body.questions.map((q: { text: string }) => q.text)).toEqual(['first']);

    const other = await stack.createToken({
      tenant: 'globex',
      scopes: ['ask'],
      widget: true,
      origins: [origin],
    });
    expect(
      (await call('conversation/', { method: 'POST', body: JSON.stringify({ chat_id }) }, other)).status,
    ).toBe(404);
  });

  it('stores widget settings with an admin token and serves them to the widget', async () => {
    const admin = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
    const settings = {
      mode: 'question',
      examples: ['How do I install?'],
      labels: { NEW_CHAT_BUTTON: 'Start over' },
    };
    const put = await fetch(`${stack.apiUrl}admin/settings/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    expect(put.status).toBe(200);
    // The widget is told the longest question the API takes (QUESTION_MAX_CHARS, default 4,000);
    // the portal's form reads what is stored, nothing more.
    expect(await (await call('settings/')).json()).toEqual({ ...settings, question_max_chars: 4000 });
    const stored = await fetch(`${stack.apiUrl}admin/settings/`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(await stored.json()).toEqual(settings);
    expect((await call('admin/settings/', { method: 'PUT', body: JSON.stringify(settings) })).status).toBe(
      403,
    );
    const bad = await fetch(`${stack.apiUrl}admin/settings/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'fullscreen' }),
    });
    expect(bad.status).toBe(400);
    const save = (body: object) =>
      fetch(`${stack.apiUrl}admin/settings/`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = async (body: object) => {
      const res = await save(body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { errors: { path: string }[] }).errors.map((e) => e.path);
    };
    expect(await refused({ logo_url: 'javascript:alert(1)' })).toEqual(['body.logo_url']);
    expect(await refused({ labels: { BOGUS: 'x' } })).toEqual(['body.labels']);
    for (const logo_url of ['https://docs.acme.test/logo.svg', '/logo.svg', 'data:image/png;base64,AAAA'])
      expect((await save({ logo_url })).status).toBe(200);
  });

  it('takes thumbs up and down with details, 404 for an unknown question', async () => {
    const events = await readEvents(
      await call('questions/', { method: 'POST', body: JSON.stringify({ question: 'rate me' }) }),
    );
    const { question_id } = JSON.parse(events[0]!.data);
    const down = {
      rating: 'down',
      details: 'Should mention --expires',
      url: 'https://docs.acme.test/tokens',
    };
    expect(
      (await call(`question/${question_id}/feedback/`, { method: 'POST', body: JSON.stringify(down) }))
        .status,
    ).toBe(204);
    expect(
      (
        await call(`question/${question_id}/feedback/`, {
          method: 'POST',
          body: JSON.stringify({ rating: 'meh' }),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('question/q_nosuchquestion/feedback/', {
          method: 'POST',
          body: JSON.stringify({ rating: 'up' }),
        })
      ).status,
    ).toBe(404);
    const stored = await redis.lrange(`${prefix}:feedback:acme`, 0, -1);
    expect(stored.map((s) => JSON.parse(s))).toContainEqual(
      expect.objectContaining({ question_id, ...down }),
    );
  });

  it('refuses a feedback url that is no web address, as the portal shows it as a link', async () => {
    const events = await readEvents(
      await call('questions/', { method: 'POST', body: JSON.stringify({ question: 'rate my link' }) }),
    );
    const { question_id } = JSON.parse(events[0]!.data);
    for (const url of ['javascript:alert(document.domain)', 'data:text/html,<script>1</script>', 'docs']) {
      const res = await call(`question/${question_id}/feedback/`, {
        method: 'POST',
        body: JSON.stringify({ rating: 'down', url }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.map((e: { path: string }) => e.path)).toEqual(['body.url']);
    }
    const stored = await redis.lrange(`${prefix}:feedback:acme`, 0, -1);
    expect(stored.map((s) => JSON.parse(s))).not.toContainEqual(expect.objectContaining({ question_id }));
  });

  /**
   * Runs `test` against an API of its own with `env`'s rate limits and a widget token of `acme`;
   * `ask` posts a question from `visitor` (the API trusts a loopback proxy, TRUST_PROXY, so
   * X-Forwarded-For names the visitor), or from the test's own address.
   */
  async function withLimitedWidget(
    name: string,
    env: Record<string, string>,
    test: (ask: (visitor?: string) => Promise<Response>) => Promise<void>,
  ): Promise<void> {
    const limited = await startStack({
      redisUrl: stack.redisUrl,
      prefix: `${prefix}-${name}`,
      answerer,
      services: noKnowledgeBase(),
      noWorker: true,
      env,
    });
    try {
      const t = await limited.createToken({
        tenant: 'acme',
        scopes: ['ask'],
        widget: true,
        origins: [origin],
      });
      await test((visitor) =>
        fetch(`${limited.apiUrl}question/`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${t}`,
            origin,
            'content-type': 'application/json',
            ...(visitor && { 'x-forwarded-for': visitor }),
          },
          body: JSON.stringify({ question: 'q' }),
        }),
      );
    } finally {
      await limited.close();
      await deletePrefix(redis, `${prefix}-${name}`);
    }
  }

  it('limits questions per visitor IP on a widget token with 429, Retry-After and RateLimit-* headers', async () => {
    await withLimitedWidget('rl', { VISITOR_RATE_LIMIT_PER_MINUTE: '2' }, async (ask) => {
      expect((await ask()).status).toBe(201);
      expect((await ask()).status).toBe(201);
      const third = await ask();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(third.headers.get('access-control-expose-headers')).toMatch(
        /Retry-After.*RateLimit-Limit.*RateLimit-Remaining.*RateLimit-Reset/,
      );
      expect(third.headers.get('ratelimit-limit')).toBe('2');
      expect(third.headers.get('ratelimit-remaining')).toBe('0');
      const reset = Number(third.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    });
  });

  it('counts a visitor with an IPv6 address by its /56 network, which it could otherwise hop around in', async () => {
    await withLimitedWidget('v6', { VISITOR_RATE_LIMIT_PER_MINUTE: '2' }, async (ask) => {
      const status = async (visitor: string) => (await ask(visitor)).status;
      expect([
        await status('2001:db8:1:2::1'),
        await status('2001:db8:1:3::9'),
        await status('2001:db8:1:ff::7'),
      ]).toEqual([201, 201, 429]);
      expect(await status('2001:db8:1:100::1')).toBe(201);
      expect(await status('203.0.113.9')).toBe(201);
    });
  });

  it('does not spend the widget token’s shared budget on requests the visitor limit refused', async () => {
    const env = { VISITOR_RATE_LIMIT_PER_MINUTE: '2', WIDGET_RATE_LIMIT_PER_MINUTE: '4' };
    await withLimitedWidget('shared', env, async (ask) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await ask('203.0.113.1')).status);
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
      expect((await ask('203.0.113.2')).status).toBe(201);
      expect((await ask('203.0.113.2')).status).toBe(201);
      // Now the token's own budget (4) is spent by the four answered questions.
      const over = await ask('203.0.113.3');
      expect(over.status).toBe(429);
      expect(over.headers.get('ratelimit-limit')).toBe('4');
    });
  });
});
