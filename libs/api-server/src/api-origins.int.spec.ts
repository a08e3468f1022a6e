import { request } from 'node:http';
import { AdminAccountStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis, waitFor } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { signIn } from './testing/portal-session';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';

const PASSWORD = 'a long enough password';
const PUBLIC_URL = 'https://docs.example.test';

/** GETs `url` with exactly these headers (fetch would not let a test choose `Host`); its status. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    })
      .on('error', reject)
      .end();
  });
}

describe("the installation's own origin, and the order of the token and origin checks", () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('origins');
  const widgetOrigin = 'https://docs.acme.test';
  let widget: string;

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, services: noKnowledgeBase(), noWorker: true, env: { PUBLIC_URL } });
    widget = await stack.createToken({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [widgetOrigin],
    });
    await new AdminAccountStore({ redis, keys: new Keys(prefix) }).create({
      email: 'alice@acme.test',
      password: PASSWORD,
      tenants: ['acme'],
    });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const settings = (headers: Record<string, string>, token = widget) =>
    get(`${stack.apiUrl}settings/`, { authorization: `Bearer ${token}`, ...headers });

  it('refuses a widget token from another origin whose Host header names that origin too (DNS rebinding)', async () => {
    expect(await settings({ origin: 'http://evil.test', host: 'evil.test' })).toBe(403);
    expect(await settings({ origin: 'http://evil.test:8080', host: 'evil.test:8080' })).toBe(403);
    expect(await settings({ origin: widgetOrigin, host: 'evil.test' })).toBe(200);
  });

  it('takes PUBLIC_URL and loopback on its own port as its own origin, whatever the Host header', async () => {
    const port = new URL(stack.baseUrl).port;
    for (const origin of [PUBLIC_URL, `http://127.0.0.1:${port}`, `http://localhost:${port}`])
      expect([origin, await settings({ origin, host: 'evil.test' })]).toEqual([origin, 200]);
    expect(await settings({ origin: 'http://127.0.0.1:1', host: '127.0.0.1:1' })).toBe(403);
  });

  it("refuses a portal session's request from a name rebound to the API (Origin and Host alike)", async () => {
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    const cookie = alice.setCookie.split(';')[0]!;
    const status = (origin: string, host: string) =>
      get(`${stack.apiUrl}admin/settings/`, { cookie, origin, host });
    expect(await status('http://evil.test', 'evil.test')).toBe(403);
    expect(await status(PUBLIC_URL, 'evil.test')).toBe(200);
  });

  it('tells a revoked widget token used from its own page that it is no longer valid (401, not 403)', async () => {
    const origin = 'https://blog.acme.test';
    const { token, record } = await stack.tokens.create({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [origin],
    });
    expect(await settings({ origin }, token)).toBe(200);
    await stack.tokens.revoke(record.id);
    // The API's token cache hears of the revocation through Redis pub/sub.
    await waitFor(async () => (await settings({ origin }, token)) !== 200);
    expect(await settings({ origin }, token)).toBe(401);
    // Its origin is still allowed by another token: the token is judged before the origin there too.
    const shared = await stack.tokens.create({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [widgetOrigin],
    });
    await stack.tokens.revoke(shared.record.id);
    await waitFor(async () => (await settings({ origin: widgetOrigin }, shared.token)) !== 200);
    expect(await settings({ origin: widgetOrigin }, shared.token)).toBe(401);
    expect(await settings({ origin: 'https://never.test' }, 'dq_not_a_token')).toBe(401);
    expect(await settings({ origin: 'https://never.test' })).toBe(403);
  });
});
