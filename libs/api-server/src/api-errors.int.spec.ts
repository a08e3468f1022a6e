import { ScriptedAnswerer } from '@docqa/answering/testing';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';

describe('errors, auth and limits', () => {
  let stack: Stack;
  let redis: Redis;
  let asker: string;
  const prefix = testPrefix('errors');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      answerer: new ScriptedAnswerer(),
      services: noKnowledgeBase(),
      env: {
        BODY_LIMIT: '2kb',
        RATE_LIMIT_PER_MINUTE: '3',
        QUESTION_MAX_CHARS: '200',
        QUESTION_METADATA_MAX_BYTES: '64',
        BATCH_MAX_QUESTIONS: '2',
      },
    });
    asker = await stack.createToken({ tenant: 'acme', scopes: ['ask'], rateLimit: 1000 });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(stack.apiUrl + path, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${asker}`, 'content-type': 'application/json', ...headers },
    });

  async function expectProblem(res: Response, status: number) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const problem = await res.json();
    expect(problem).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
    expect(JSON.stringify(problem)).not.toMatch(/at .*\.(ts|js):\d+/);
    return problem;
  }

  it('answers 400 with the failing fields for an invalid body', async () => {
    const problem = await expectProblem(
      await post('question/', JSON.stringify({ question: '', chat_id: 5 })),
      400,
    );
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.chat_id',
      'body.question',
    ]);
  });

  it('answers 400 past the configured question, metadata and batch limits, and documents them', async () => {
    const tooLong = await expectProblem(
      await post('question/', JSON.stringify({ question: 'x'.repeat(201) })),
      400,
    );
    expect(tooLong.errors).toEqual([{ path: 'body.question', message: expect.stringContaining('200') }]);
    expect((await post('question/', JSON.stringify({ question: 'x'.repeat(200) }))).status).toBe(201);
    const metadata = { question: 'q', question_metadata: { note: 'y'.repeat(60) } };
    const big = await expectProblem(await post('question/', JSON.stringify(metadata)), 400);
    expect(big.errors).toEqual([
      { path: 'body.question_metadata', message: 'must be at most 64 bytes as JSON' },
    ]);
    const three = { questions: [{ question: 'a' }, { question: 'b' }, { question: 'c' }] };
    const batch = await expectProblem(await post('question/batch/', JSON.stringify(three)), 400);
    expect(batch.errors).toEqual([{ path: 'body.questions', message: expect.stringContaining('2') }]);

    const doc = await (await fetch(stack.apiUrl + 'docs/openapi.json')).json();
    expect(doc.components.schemas.QuestionRequest.properties.question.maxLength).toBe(200);
    expect(doc.components.schemas.BatchRequest.properties.questions.maxItems).toBe(2);
  });

  it('answers 400 for a path that is not validly percent-encoded', async () => {
    const res = await fetch(stack.apiUrl + 'question/q_%E0%A4%A/', {
      headers: { authorization: `Bearer ${asker}` },
    });
    expect((await expectProblem(res, 400)).detail).toMatch(/percent-encoded/);
  });

  it('answers 400 for malformed JSON, and says so when the JSON is not an object', async () => {
    const problem = await expectProblem(await post('question/', '{"question":'), 400);
    expect(problem.detail).toMatch(/not valid JSON/);
    for (const body of ['null', '"hi"', '3'])
      expect((await expectProblem(await post('question/', body), 400)).detail).toBe(
        'the request body must be a JSON object',
      );
  });

  it('reads a body sent as application/*+json like application/json', async () => {
    const res = await fetch(stack.apiUrl + 'question/', {
      method: 'POST',
      headers: { authorization: `Bearer ${asker}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ question: 'How do I create a token?' }),
    });
    expect(res.status).toBe(201);
  });

  it('answers 401 with WWW-Authenticate for a missing, malformed or unknown token', async () => {
    const none = await fetch(stack.apiUrl + 'question/q_abcdefgh/');
    await expectProblem(none, 401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expectProblem(
      await fetch(stack.apiUrl + 'question/q_abcdefgh/', { headers: { authorization: 'Basic abc' } }),
      401,
    );
    await expectProblem(
      await fetch(stack.apiUrl + 'question/q_abcdefgh/', {
        headers: { authorization: 'Bearer dq_nope_nope' },
      }),
      401,
    );
  });

  it('answers 401 for an expired token and for a revoked one', async () => {
    const { token, record } = await stack.tokens.create({ tenant: 'acme', scopes: ['ask'], ttlMs: 50 });
    await new Promise((r) => setTimeout(r, 80));
    await expectProblem(
      await fetch(stack.apiUrl + 'chat/c_abcdefgh/', { headers: { authorization: `Bearer ${token}` } }),
      401,
    );
    const live = await stack.tokens.create({ tenant: 'acme', scopes: ['ask'] });
    const used = await fetch(stack.apiUrl + 'settings/', {
      headers: { authorization: `Bearer ${live.token}` },
    });
    expect(used.status).toBe(200);
    expect(await stack.tokens.revoke(live.record.id)).toBe(true);
    // The revocation reaches the API by pub/sub: wait for it to arrive, however long that takes.
    const read = () =>
      fetch(stack.apiUrl + 'chat/c_abcdefgh/', { headers: { authorization: `Bearer ${live.token}` } });
    let revoked = await read();
    while (revoked.status !== 401) {
      expect(revoked.status).toBe(404);
      revoked = await read();
    }
    await expectProblem(revoked, 401);
    expect(record.expires_at).not.toBeNull();
  });

  it('answers 403 when the token lacks the scope', async () => {
    const searchOnly = await stack.createToken({ tenant: 'acme', scopes: ['search'] });
    await expectProblem(
      await post('question/', JSON.stringify({ question: 'q' }), { authorization: `Bearer ${searchOnly}` }),
      403,
    );
    const res = await fetch(stack.apiUrl + 'rag/search/', {
      method: 'POST',
      headers: { authorization: `Bearer ${asker}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'q' }),
    });
    await expectProblem(res, 403);
  });

  it('answers 403 for a search of a tenant the token may not search', async () => {
    const searcher = await stack.createToken({ tenant: 'acme', scopes: ['search'], tenants: ['shared'] });
    const search = (tenants: string[]) =>
      fetch(stack.apiUrl + 'rag/search/', {
        method: 'POST',
        headers: { authorization: `Bearer ${searcher}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'q', tenants }),
      });
    expect((await search(['acme', 'shared'])).status).toBe(200);
    await expectProblem(await search(['globex']), 403);
  });

  it('answers 404 for unknown routes and unknown questions, 405 with Allow for a wrong method', async () => {
    await expectProblem(
      await fetch(stack.apiUrl + 'nope', { headers: { authorization: `Bearer ${asker}` } }),
      404,
    );
    const notHere = await expectProblem(await fetch(stack.baseUrl + '/not/here'), 404);
    expect(notHere.detail).toBe('no route for GET /not/here');
    // An API path asked without the base path says where the API is.
    const ask = await expectProblem(await fetch(stack.baseUrl + '/question/', { method: 'POST' }), 404);
    expect(ask.detail).toBe(
      'no route for POST /question/; the API is under /api/v2/ (POST /api/v2/question/)',
    );
    await expectProblem(
      await fetch(stack.apiUrl + 'question/q_unknown123/', { headers: { authorization: `Bearer ${asker}` } }),
      404,
    );
    const res = await fetch(stack.apiUrl + 'question/', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${asker}` },
    });
    await expectProblem(res, 405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers 413 for a body over the limit and 415 for a body that is not JSON', async () => {
    await expectProblem(await post('question/', JSON.stringify({ question: 'x'.repeat(3000) })), 413);
    await expectProblem(
      await post('question/', 'question=hi', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
  });

  it('answers 429 with Retry-After and RateLimit headers past the per-token limit', async () => {
    const limited = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    const headers = { authorization: `Bearer ${limited}` };
    for (let i = 0; i < 3; i++) {
      const ok = await post('question/', JSON.stringify({ question: `q${i}` }), headers);
      expect(ok.status).toBe(201);
      expect(ok.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const res = await post('question/', JSON.stringify({ question: 'one too many' }), headers);
    await expectProblem(res, 429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-limit')).toBe('3');
  });

  it('refuses a browser origin no token allows with a 403 the page can read, its preflight answered', async () => {
    const widget = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: ['https://docs.acme.test'],
    });
    const preflight = (origin: string) =>
      fetch(stack.apiUrl + 'questions/', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const ok = await preflight('https://docs.acme.test');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://docs.acme.test');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    // Every method of the API (PATCH /sources/{id} from a browser too).
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    const evil = await preflight('https://evil.test');
    expect(evil.status).toBe(204);
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
    const fromEvil = await fetch(stack.apiUrl + 'settings/', {
      headers: { authorization: `Bearer ${widget}`, origin: 'https://evil.test' },
    });
    await expectProblem(fromEvil, 403);
    expect(fromEvil.headers.get('access-control-allow-origin')).toBe('https://evil.test');

    const fromOther = await fetch(stack.apiUrl + 'settings/', {
      headers: { authorization: `Bearer ${asker}`, origin: 'https://docs.acme.test' },
    });
    await expectProblem(fromOther, 403);
    expect(fromOther.headers.get('access-control-allow-origin')).toBe('https://docs.acme.test');
    const fromAllowed = await fetch(stack.apiUrl + 'settings/', {
      headers: { authorization: `Bearer ${widget}`, origin: 'https://docs.acme.test' },
    });
    expect(fromAllowed.status).toBe(200);
    expect(fromAllowed.headers.get('access-control-allow-origin')).toBe('https://docs.acme.test');
  });
});
