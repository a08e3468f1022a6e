import { createHash } from 'node:crypto';
import { AdminAccountStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { postSignIn, signIn } from './testing/portal-session';

const PASSWORD = 'a long enough password';

describe('portal sessions: sign-in, sign-out, idle time-out, CSRF, tenants', () => {
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('admin-session');
  const keys = new Keys(prefix);

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({
      prefix,
      services: noKnowledgeBase(),
      noWorker: true,
      env: { ADMIN_SIGNIN_LIMIT_PER_EMAIL: '3', ADMIN_SIGNIN_LIMIT_PER_IP: '1000' },
    });
    const accounts = new AdminAccountStore({ redis, keys });
    await accounts.create({ email: 'alice@acme.test', password: PASSWORD, tenants: ['acme'] });
    await accounts.create({ email: 'Bob@Acme.test', password: PASSWORD, tenants: ['acme', 'beta'] });
    await accounts.create({ email: 'carol@acme.test', password: PASSWORD, tenants: ['acme'] });
    await accounts.create({ email: 'root@ops.test', password: PASSWORD, allTenants: true });
    await stack.createToken({ tenant: 'gamma', scopes: ['ask'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const sessionKey = (id: string) => keys.adminSession(createHash('sha256').update(id).digest('hex'));

  it('signs in with an HttpOnly SameSite=Strict cookie, reads the session, and signs out on the server', async () => {
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    expect(alice.setCookie).toMatch(/^docqa_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(alice.session).toEqual({
      email: 'alice@acme.test',
      tenants: ['acme'],
      all_tenants: false,
      roles: { acme: 'owner' },
      csrf_token: expect.stringMatching(/^[\w-]{32}$/),
    });
    expect(await redis.exists(sessionKey(alice.id))).toBe(1);
    const read = await alice.call('admin/session');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(alice.session);

    const out = await alice.call('admin/session', { method: 'DELETE' });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(
      /^docqa_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(await redis.exists(sessionKey(alice.id))).toBe(0);
    expect((await alice.call('admin/session')).status).toBe(401);
    expect((await alice.call('admin/settings/')).status).toBe(401);
  });

  it('signs in whatever the case of the email', async () => {
    const bob = await signIn(stack.apiUrl, ' BOB@acme.TEST ', PASSWORD);
    expect(bob.session.email).toBe('bob@acme.test');
  });

  it('answers a wrong password and an unknown email alike, and sets no cookie', async () => {
    const wrong = await postSignIn(stack.apiUrl, 'bob@acme.test', 'not the password');
    const unknown = await postSignIn(stack.apiUrl, 'nobody@acme.test', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a.detail).toBe('wrong email or password');
    expect({ ...a, instance: undefined }).toEqual({ ...b, instance: undefined });
  });

  it('rate limits sign-in per account, known or not, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await postSignIn(stack.apiUrl, 'carol@acme.test', 'wrong')).status).toBe(401);
    const limited = await postSignIn(stack.apiUrl, 'carol@acme.test', PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).detail).toMatch(/too many sign-in attempts/);

    for (let i = 0; i < 3; i++)
      expect((await postSignIn(stack.apiUrl, 'ghost@acme.test', 'x')).status).toBe(401);
    expect((await postSignIn(stack.apiUrl, 'ghost@acme.test', 'x')).status).toBe(429);
  });

  /** Posts a sign-in from `ip` (the API trusts its loopback proxy: X-Forwarded-For names the client). */
  const signInFrom = (ip: string, email: string, password: string) =>
    fetch(`${stack.apiUrl}admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });

  it('lets the owner in from an address that has not failed, however many others failed their password', async () => {
    await new AdminAccountStore({ redis, keys }).create({
      email: 'owner@acme.test',
      password: PASSWORD,
      tenants: ['acme'],
    });
    // Ten wrong passwords from ten addresses (three from the first: its limit for this account).
    for (let i = 1; i <= 10; i++)
      expect((await signInFrom(`203.0.113.${i}`, 'owner@acme.test', 'wrong')).status).toBe(401);
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await signInFrom('203.0.113.1', 'owner@acme.test', 'wrong')).status).toBe(401);
    expect((await signInFrom('203.0.113.1', 'owner@acme.test', PASSWORD)).status).toBe(429);
    expect((await signInFrom('198.51.100.7', 'owner@acme.test', PASSWORD)).status).toBe(200);
    // An address that failed is not held back from another account.
    expect((await signInFrom('203.0.113.1', 'alice@acme.test', PASSWORD)).status).toBe(200);
  });

  it('makes an address that keeps failing an account wait twice as long each time', async () => {
    const retryAfter = async () => {
      for (let attempt = 0; attempt < 3; attempt++)
        expect((await signInFrom('192.0.2.50', 'bob@acme.test', 'wrong')).status).toBe(401);
      const refused = await signInFrom('192.0.2.50', 'bob@acme.test', PASSWORD);
      expect(refused.status).toBe(429);
      return Number(refused.headers.get('retry-after'));
    };
    const first = await retryAfter();
    expect(first).toBeGreaterThan(800);
    expect(first).toBeLessThanOrEqual(900);
    // The block ends (its key expires; the count of blocks of the day stays).
    await redis.del(`${keys.signInRateLimit()}:account-ip:192.0.2.50 bob@acme.test`);
    const second = await retryAfter();
    expect(second).toBeGreaterThan(1700);
    expect(second).toBeLessThanOrEqual(1800);
  });

  it('ends a session that stayed idle past its time-out', async () => {
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    expect(await redis.pttl(sessionKey(alice.id))).toBeGreaterThan(11 * 3600_000);
    await redis.pexpire(sessionKey(alice.id), 1);
    while (await redis.exists(sessionKey(alice.id))) await new Promise((r) => setImmediate(r));
    expect((await alice.call('admin/session')).status).toBe(401);
    const res = await alice.call('admin/settings/');
    expect(res.status).toBe(401);
    expect((await res.json()).detail).toBe('a bearer token or a portal session is required');
  });

  it('restarts the idle time-out on each request', async () => {
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    await redis.pexpire(sessionKey(alice.id), 60_000);
    expect((await alice.call('admin/settings/')).status).toBe(200);
    expect(await redis.pttl(sessionKey(alice.id))).toBeGreaterThan(11 * 3600_000);
  });

  it('refuses state-changing calls without the session’s CSRF token', async () => {
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    const body = { labels: { POPUP_TITLE: 'Acme help' } };
    for (const csrf of [false, 'wrong-token'] as const) {
      const res = await alice.call('admin/settings/', { method: 'PUT', body, csrf });
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toMatch(/X-CSRF-Token/);
      expect((await alice.call('admin/session', { method: 'DELETE', csrf })).status).toBe(403);
    }
    expect(await (await alice.call('admin/settings/')).json()).toEqual({});
    expect((await alice.call('admin/settings/', { method: 'PUT', body })).status).toBe(200);
    expect(await (await alice.call('admin/settings/')).json()).toEqual(body);
    expect((await alice.call('admin/session')).status).toBe(200);
  });

  it('acts for the one tenant of the session, or the one X-Docqa-Tenant names', async () => {
    const bob = await signIn(stack.apiUrl, 'bob@acme.test', PASSWORD);
    const ambiguous = await bob.call('admin/settings/');
    expect(ambiguous.status).toBe(400);
    expect((await ambiguous.json()).detail).toMatch(/X-Docqa-Tenant/);
    const put = await bob.call('admin/settings/', {
      method: 'PUT',
      tenant: 'beta',
      body: { mode: 'question' },
    });
    expect(put.status).toBe(200);
    expect(await (await bob.call('settings/', { tenant: 'beta' })).json()).toEqual({
      mode: 'question',
      question_max_chars: 4000,
    });
    expect((await bob.call('admin/settings/', { tenant: 'gamma' })).status).toBe(404);

    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    expect((await alice.call('settings/', { tenant: 'beta' })).status).toBe(404);
    expect((await (await alice.call('settings/')).json()).mode).not.toBe('question');
  });

  it('lets an all-tenants admin pick any tenant, listing the known ones', async () => {
    const root = await signIn(stack.apiUrl, 'root@ops.test', PASSWORD);
    expect(root.session).toMatchObject({ all_tenants: true, tenants: ['acme', 'beta', 'gamma'] });
    expect((await root.call('admin/settings/')).status).toBe(400);
    expect(await (await root.call('admin/settings/', { tenant: 'beta' })).json()).toEqual({
      mode: 'question',
    });
    expect((await root.call('admin/settings/', { tenant: 'Not A Tenant' })).status).toBe(404);
  });

  it('refuses a session cookie sent from another origin', async () => {
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    const res = await fetch(`${stack.apiUrl}admin/settings/`, {
      headers: { cookie: `docqa_session=${alice.id}`, origin: 'https://evil.test' },
    });
    expect(res.status).toBe(403);
  });

  it('stops the sessions of a removed admin at their next request', async () => {
    const accounts = new AdminAccountStore({ redis, keys });
    await accounts.create({ email: 'temp@acme.test', password: PASSWORD, tenants: ['acme'] });
    const temp = await signIn(stack.apiUrl, 'temp@acme.test', PASSWORD);
    expect((await temp.call('admin/settings/')).status).toBe(200);
    await accounts.remove('temp@acme.test');
    expect((await temp.call('admin/settings/')).status).toBe(401);
  });

  it('ends the sessions of an admin whose password is replaced, or who is removed and created again', async () => {
    const accounts = new AdminAccountStore({ redis, keys });
    const erin = { email: 'erin@acme.test', password: PASSWORD, tenants: ['acme'] };
    await accounts.create(erin);
    const stolen = await signIn(stack.apiUrl, erin.email, PASSWORD);
    await accounts.create({ ...erin, password: 'a brand new password', replace: true });
    expect((await stolen.call('admin/settings/')).status).toBe(401);
    expect((await stolen.call('admin/session')).status).toBe(401);

    const fresh = await signIn(stack.apiUrl, erin.email, 'a brand new password');
    expect((await fresh.call('admin/settings/')).status).toBe(200);
    await accounts.remove(erin.email);
    await accounts.create(erin);
    expect((await fresh.call('admin/settings/')).status).toBe(401);
    expect((await (await signIn(stack.apiUrl, erin.email, PASSWORD)).call('admin/settings/')).status).toBe(
      200,
    );
  });

  it('lets an all-tenants admin list every admin, invite and remove them, and no token', async () => {
    const root = await signIn(stack.apiUrl, 'root@ops.test', PASSWORD);
    const alice = await signIn(stack.apiUrl, 'alice@acme.test', PASSWORD);
    const list = await root.call('admin/accounts/', { tenant: 'acme' });
    expect(list.status).toBe(200);
    const listed = (await list.json()).accounts;
    expect(listed.map((a: { email: string }) => a.email)).toEqual(
      expect.arrayContaining(['alice@acme.test', 'bob@acme.test', 'root@ops.test']),
    );
    expect(JSON.stringify(listed)).not.toContain('scrypt');
    const ofAcme = await (await alice.call('admin/accounts/')).json();
    expect(ofAcme.accounts.map((a: { email: string }) => a.email)).not.toContain('root@ops.test');
    const adminToken = await stack.createToken({ tenant: 'acme', scopes: ['admin'] });
    const byToken = await fetch(`${stack.apiUrl}admin/accounts/`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(byToken.status).toBe(403);

    const invite = { email: 'dan@acme.test', tenants: ['acme'] };
    const post = (body: unknown, csrf = true) =>
      root.call('admin/accounts/', { method: 'POST', body, csrf, tenant: 'acme' });
    expect((await post(invite, false)).status).toBe(403);
    const bad = await post({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.email',
      'body.tenants',
    ]);
    const created = await post(invite);
    expect(created.status).toBe(201);
    const { account, password } = await created.json();
    expect(account).toMatchObject({
      email: 'dan@acme.test',
      tenants: ['acme'],
      all_tenants: false,
      roles: { acme: 'owner' },
    });
    const dan = await signIn(stack.apiUrl, 'dan@acme.test', password);
    expect((await dan.call('admin/settings/')).status).toBe(200);

    const remove = (email: string) =>
      root.call(`admin/accounts/${email}`, { method: 'DELETE', tenant: 'acme' });
    expect((await remove('dan@acme.test')).status).toBe(204);
    expect((await dan.call('admin/settings/')).status).toBe(401);
    expect((await remove('dan@acme.test')).status).toBe(404);
    expect((await remove('root@ops.test')).status).toBe(400);
  });
});
