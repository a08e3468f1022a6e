import { ScriptedAnswerer } from '@docqa/answering/testing';
import { startOwnRedis, type OwnRedis } from '@docqa/testing';
import { startStack, type Stack } from '@docqa/system-tests/testing';

describe('health', () => {
  let redis: OwnRedis;
  let stack: Stack;
  let modelCalls = 0;
  let vectorStoreUp = true;

  beforeAll(async () => {
    redis = await startOwnRedis();
    stack = await startStack({
      redisUrl: redis.url,
      answerer: new ScriptedAnswerer(),
      noWorker: true,
      services: {
        retrieval: { search: async () => ({ results: [], took_ms: 0 }) },
        probes: {
          vector_store: async () => {
            if (!vectorStoreUp) throw new Error('table unreadable');
          },
          embeddings: async () => undefined,
        },
        modelProbe: async () => void modelCalls++,
      },
    });
  });
  afterAll(async () => {
    await stack.close();
    await redis.stop();
  });

  const health = (mode?: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.apiUrl}health${mode ? `?mode=${mode}` : ''}`, { headers });
  const staleToken = { authorization: 'Bearer dq_000000000000_revokedlongago' };

  it('checks Redis, the vector store and the embeddings by default (basic), without a token', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', mode: 'basic', version: 'test' });
    expect(Object.keys(body.checks).sort()).toEqual(['embeddings', 'redis', 'vector_store']);
    expect(body.checks.redis).toEqual({ status: 'ok', latency_ms: expect.any(Number) });
  });

  it('ignores a stale token sent to the public endpoints (health, docs)', async () => {
    expect((await health('basic', staleToken)).status).toBe(200);
    const docs = await fetch(`${stack.apiUrl}docs/openapi.json`, { headers: staleToken });
    expect(docs.status).toBe(200);
  });

  it('runs no check in minimal mode', async () => {
    const body = await (await health('minimal')).json();
    expect(body).toMatchObject({ status: 'ok', mode: 'minimal', checks: {} });
  });

  it('checks the model in full mode and caches that check for 30 s', async () => {
    const first = await (await health('full')).json();
    expect(first.checks.llm.status).toBe('ok');
    await health('full');
    expect(modelCalls).toBe(1);
  });

  it('answers 503 naming the failing check', async () => {
    vectorStoreUp = false;
    try {
      const res = await health('basic');
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe('error');
      expect(body.checks.vector_store).toMatchObject({ status: 'error', error: 'table unreadable' });
    } finally {
      vectorStoreUp = true;
    }
  });

  it('answers 400 for an unknown mode', async () => {
    const res = await health('deep');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('with Redis down: questions answer 503 problems, basic 503 and minimal still 200; back up, basic recovers', async () => {
    const token = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect((await fetch(`${stack.apiUrl}settings/`, { headers })).status).toBe(200);
    await redis.stop();
    const ask = await fetch(`${stack.apiUrl}question/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: 'q' }),
    });
    expect(ask.status).toBe(503);
    expect(ask.headers.get('content-type')).toContain('application/problem+json');
    expect((await ask.json()).title).toBe('Service Unavailable');
    const other = await fetch(`${stack.apiUrl}chat/c_abcdefgh/`, {
      headers: { authorization: 'Bearer dq_000000000000_uncached' },
    });
    expect(other.status).toBe(503);
    const basic = await health('basic');
    expect(basic.status).toBe(503);
    expect((await basic.json()).checks.redis.status).toBe('error');
    expect((await health('minimal')).status).toBe(200);
    expect((await health('minimal', staleToken)).status).toBe(200);

    await redis.restart();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await health('basic')).status;
    }
    expect(status).toBe(200);
  });
});
