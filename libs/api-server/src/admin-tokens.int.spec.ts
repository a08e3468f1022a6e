import { AdminAccountStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis, waitFor } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { signIn, type PortalSession } from './testing/portal-session';

const PASSWORD = 'a long enough password';

describe('admin API: tokens of the tenant', () => {
  let stack: Stack;
  let redis: Redis;
  let alice: PortalSession;
  let betaTokenId: string;
  let betaToken: string;
  const prefix = testPrefix('admin-tokens');
  const keys = new Keys(prefix);

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, services: noKnowledgeBase(), noWorker: true });
    const accounts = new AdminAccountStore({ redis, keys });
    await accounts.create({ email: 'alice@acme.test', password: PASSWORD, tenants: ['acme'] });
    alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    betaToken = await stack.createToken({ tenant: 'beta', scopes: ['ask'] });
    betaTokenId = (await stack.tokens.list('beta'))[0]!.id;
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const bearer = (token: string, init: RequestInit = {}) =>
    ({ ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }) as const;

  it('creates a widget token whose clear value appears once, lists it without secrets, and revokes it', async () => {
    const created = await alice.call('admin/tokens/', {
      method: 'POST',
      body: {
        name: 'docs site',
        widget: true,
        origins: ['https://Docs.Acme.test'],
        rate_limit: 30,
        expires_in_days: 7,
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { token, record } = await created.json();
    expect(token).toMatch(/^dq_[0-9a-f]{12}_[\w-]+$/);
    expect(record).toMatchObject({
      tenant: 'acme',
      name: 'docs site',
      scopes: ['ask'],
      widget: true,
      origins: ['https://docs.acme.test'],
      rate_limit: 30,
    });
    expect(Date.parse(record.expires_at) - Date.parse(record.created_at)).toBe(7 * 86400_000);

    const list = await alice.call('admin/tokens/');
    const text = await list.text();
    expect(JSON.parse(text).tokens).toEqual([{ ...record, last_used_at: null }]);
    expect(text).not.toContain(token.slice(20));

    const before = Date.now();
    const asked = await fetch(`${stack.apiUrl}settings/`, {
      headers: { authorization: `Bearer ${token}`, origin: 'https://docs.acme.test' },
    });
    expect(asked.status).toBe(200);
    // The use is written without holding the request up: wait for it to land.
    let used: string | null = null;
    while (!used) {
      [{ last_used_at: used }] = (await (await alice.call('admin/tokens/')).json()).tokens;
      if (!used) await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.parse(used)).toBeGreaterThanOrEqual(before - 1000);

    expect((await alice.call(`admin/tokens/${record.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${stack.apiUrl}settings/`, bearer(token))).status).toBe(401);
    expect((await alice.call(`admin/tokens/${record.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await (await alice.call('admin/tokens/')).json()).tokens).toEqual([]);
    expect(await redis.hexists(keys.tokenLastUsed(), record.id)).toBe(0);
  });

  it('gives an API token the default lifetime of 90 days unless told never, and a widget token none', async () => {
    const create = async (body: object) => {
      const res = await alice.call('admin/tokens/', { method: 'POST', body });
      expect(res.status).toBe(201);
      const { record } = await res.json();
      return record.expires_at && (Date.parse(record.expires_at) - Date.parse(record.created_at)) / 86400_000;
    };
    expect(await create({ scopes: ['search'] })).toBe(90);
    expect(await create({ scopes: ['search'], expires_in_days: 30 })).toBe(30);
    expect(await create({ scopes: ['search'], expires_in_days: null })).toBeNull();
    expect(await create({ widget: true, origins: ['https://docs.acme.test'] })).toBeNull();
    expect(await create({ widget: true, origins: ['https://docs.acme.test'], expires_in_days: 5 })).toBe(5);
  });

  it('issues a short-lived, unlisted preview token of the tenant bound to the portal’s origin', async () => {
    const portal = stack.baseUrl;
    const res = await fetch(`${stack.apiUrl}admin/widget/preview-token`, {
      method: 'POST',
      headers: {
        cookie: `docqa_session=${alice.id}`,
        'x-csrf-token': alice.session.csrf_token,
        origin: portal,
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token, expires_at } = await res.json();
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const record = await stack.tokens.verify(token);
    expect(record).toMatchObject({
      tenant: 'acme',
      scopes: ['ask'],
      widget: true,
      origins: [portal],
    });
    const settings = (origin: string) =>
      fetch(`${stack.apiUrl}settings/`, { headers: { authorization: `Bearer ${token}`, origin } });
    expect((await settings(portal)).status).toBe(200);
    expect((await settings('https://elsewhere.test')).status).toBe(403);
    const put = await fetch(`${stack.apiUrl}admin/settings/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(put.status).toBe(403);
    // Not among the tenant's tokens; its use (written without holding the request) forgotten then.
    await waitFor(async () => (await redis.hexists(keys.tokenLastUsed(), record!.id)) === 1);
    const listed = (await (await alice.call('admin/tokens/')).json()).tokens as { name: string }[];
    expect(listed.map((t) => t.name)).not.toContain('widget preview (portal)');
    expect(await redis.hexists(keys.tokenLastUsed(), record!.id)).toBe(0);
    // Without an Origin (an API client), it is bound to the API's own address.
    const bare = await (await alice.call('admin/widget/preview-token', { method: 'POST' })).json();
    const port = new URL(portal).port;
    expect((await stack.tokens.verify(bare.token))?.origins).toEqual([`http://localhost:${port}`]);
    const asker = await stack.createToken({ tenant: 'acme', scopes: ['ask'] });
    expect(
      (await fetch(`${stack.apiUrl}admin/widget/preview-token`, bearer(asker, { method: 'POST' }))).status,
    ).toBe(403);
  });

  it('refuses an invalid origin with errors[] and writes nothing', async () => {
    const before = await redis.hlen(keys.tokenIndex());
    const res = await alice.call('admin/tokens/', {
      method: 'POST',
      body: {
        widget: true,
        origins: ['https://docs.acme.test', 'docs.acme.test/guide', 'https://x.test/path'],
      },
    });
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors).toEqual([
      { path: 'body.origins.1', message: expect.stringMatching(/must be an origin/) },
      { path: 'body.origins.2', message: expect.stringMatching(/must be an origin/) },
    ]);
    expect(await redis.hlen(keys.tokenIndex())).toBe(before);
  });

  it('refuses a widget token without origins or with more than the ask scope', async () => {
    const res = await alice.call('admin/tokens/', {
      method: 'POST',
      body: { widget: true, scopes: ['ask', 'ingest'] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.origins',
      'body.scopes',
    ]);
  });

  it('keeps tenants apart: another tenant’s token answers 404 and stays alive', async () => {
    expect((await alice.call(`admin/tokens/${betaTokenId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${stack.apiUrl}settings/`, bearer(betaToken))).status).toBe(200);
    const listed = (await (await alice.call('admin/tokens/')).json()).tokens as { id: string }[];
    expect(listed.map((t) => t.id)).not.toContain(betaTokenId);
  });

  it('serves the admin API to a bearer token with the admin scope, and to no other', async () => {
    const admin = await stack.createToken({ tenant: 'beta', scopes: ['admin'] });
    const list = await fetch(`${stack.apiUrl}admin/tokens/`, bearer(admin));
    expect(list.status).toBe(200);
    expect((await list.json()).tokens.map((t: { id: string }) => t.id)).toContain(betaTokenId);
    const created = await fetch(
      `${stack.apiUrl}admin/tokens/`,
      bearer(admin, { method: 'POST', body: JSON.stringify({ scopes: ['search'], name: 'ci' }) }),
    );
    expect(created.status).toBe(201);
    expect((await created.json()).record).toMatchObject({
      tenant: 'beta',
      scopes: ['search'],
      widget: false,
    });
    expect((await fetch(`${stack.apiUrl}admin/tokens/`, bearer(betaToken))).status).toBe(403);
  });
});
