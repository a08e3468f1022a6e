import { AdminAccountStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { startOidcProvider, type IdTokenMode, type TestOidcProvider } from './testing/oidc-provider';
import { postSignIn } from './testing/portal-session';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';

const PASSWORD = 'a long enough password';

/** `name=value` of a `Set-Cookie` header of `res`, or undefined. */
function cookieOf(res: Response, name: string): string | undefined {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);
}

describe('single sign-on with a real OpenID Connect provider', () => {
  let idp: TestOidcProvider;
  let stack: Stack;
  let redis: Redis;
  const prefix = testPrefix('admin-sso');

  beforeAll(async () => {
    redis = testRedis();
    idp = await startOidcProvider();
    stack = await startStack({
      prefix,
      services: noKnowledgeBase(),
      noWorker: true,
      env: {
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_PROVIDER_NAME: 'Acme ID',
        OIDC_ALLOWED_DOMAINS: 'acme.test',
        OIDC_NEW_USER_TENANTS: 'acme',
        OIDC_NEW_USER_ROLE: 'editor',
        PASSWORD_SIGNIN: 'false',
      },
    });
    await idp.setUp(`http://localhost:${new URL(stack.apiUrl).port}/api/v2/admin/sso/callback`);
    await new AdminAccountStore({ redis, keys: new Keys(prefix) }).create({
      email: 'olga@acme.test',
      password: PASSWORD,
      tenants: ['acme', 'beta'],
    });
  });
  afterEach(() => idp.setMode('normal'));
  afterAll(async () => {
    await stack.close();
    await idp.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /**
   * Goes through the provider as a browser would, signing in as `login`: the callback URL it
   * sends the browser back to, and the cookie docqa bound the sign-in to that browser with.
   */
  async function authorize(login: string): Promise<{ callback: string; browser: string }> {
    const start = await fetch(`${stack.apiUrl}admin/sso/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const browser = cookieOf(start, 'docqa_sso')!;
    const jar = new Map<string, string>();
    const visit = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...init.headers, cookie: [...jar.values()].join('; ') },
      });
      for (const c of res.headers.getSetCookie()) jar.set(c.split('=')[0]!, c.split(';')[0]!);
      return new URL(res.headers.get('location')!, url).href;
    };
    const interaction = await visit(start.headers.get('location')!);
    const resume = await visit(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login }).toString(),
    });
    const callback = await visit(resume);
    expect(callback).toContain('/api/v2/admin/sso/callback?');
    // The API listens on 127.0.0.1; `localhost` is the name registered with the provider.
    return { callback: callback.replace('//localhost:', '//127.0.0.1:'), browser };
  }

  const finish = (callback: string, browser?: string) =>
    fetch(callback, { redirect: 'manual', headers: browser ? { cookie: browser } : {} });

  async function expectRefused(res: Response, reason: RegExp): Promise<void> {
    expect(res.status).toBe(401);
    expect(cookieOf(res, 'docqa_session')).toBeUndefined();
    const page = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page).toContain('Sign-in refused');
    expect(page).toMatch(reason);
  }

  it('signs an existing admin in with the provider, and says so on the sign-in page’s options', async () => {
    const options = await (await fetch(`${stack.apiUrl}admin/sign-in-options`)).json();
    expect(options).toEqual({
      password: false,
      sso: { name: 'Acme ID', start_url: '/api/v2/admin/sso/start' },
    });
    const { callback, browser } = await authorize('olga@acme.test');
    const res = await finish(callback, browser);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<meta http-equiv="refresh" content="0;url=/admin/">');
    const session = cookieOf(res, 'docqa_session')!;
    const me = await fetch(`${stack.apiUrl}admin/session`, { headers: { cookie: session } });
    expect(await me.json()).toMatchObject({
      email: 'olga@acme.test',
      roles: { acme: 'owner', beta: 'owner' },
    });
  });

  it('makes the account of a new verified email of an allowed domain, with the configured role and tenants', async () => {
    const { callback, browser } = await authorize('Nina@Acme.test');
    const res = await finish(callback, browser);
    expect(res.status).toBe(200);
    const me = await fetch(`${stack.apiUrl}admin/session`, {
      headers: { cookie: cookieOf(res, 'docqa_session')! },
    });
    expect(await me.json()).toMatchObject({
      email: 'nina@acme.test',
      tenants: ['acme'],
      roles: { acme: 'editor' },
    });
  });

  it('refuses a tampered state, another browser’s sign-in and a replayed code', async () => {
    const first = await authorize('olga@acme.test');
    await expectRefused(
      await finish(first.callback.replace(/state=[^&]+/, 'state=forged'), first.browser),
      /state/,
    );
    const second = await authorize('olga@acme.test');
    await expectRefused(await finish(second.callback), /state/);
    const third = await authorize('olga@acme.test');
    expect((await finish(third.callback, third.browser)).status).toBe(200);
    await expectRefused(await finish(third.callback, third.browser), /used already/);
    // The used code with the state of a sign-in started afterwards: the provider refuses it.
    const fourth = await authorize('olga@acme.test');
    const state = new URL(fourth.callback).searchParams.get('state')!;
    await expectRefused(
      await finish(third.callback.replace(/state=[^&]+/, `state=${state}`), fourth.browser),
      /invalid_grant/,
    );
  });

  it.each<[IdTokenMode, RegExp]>([
    ['nonce', /nonce/],
    ['issuer', /iss/],
    ['audience', /aud/],
    ['expired', /exp/],
  ])('refuses an altered ID token (%s)', async (mode, reason) => {
    await idp.setMode(mode);
    const { callback, browser } = await authorize('olga@acme.test');
    await expectRefused(await finish(callback, browser), reason);
  });

  it('refuses an email outside the allowed domains, and an unverified one', async () => {
    const outside = await authorize('eve@elsewhere.test');
    await expectRefused(await finish(outside.callback, outside.browser), /elsewhere\.test may not sign in/);
    const unverified = await authorize('unverified:olga@acme.test');
    await expectRefused(await finish(unverified.callback, unverified.browser), /not verified/);
  });

  it('keeps password sign-in off when PASSWORD_SIGNIN is false', async () => {
    const res = await postSignIn(stack.apiUrl, 'olga@acme.test', PASSWORD);
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toContain('password sign-in is switched off');
  });

  it('records each SSO sign-in, refused or not, in the audit log', async () => {
    const entries = await redis.xrange(new Keys(prefix).auditLog(), '-', '+');
    const sso = entries.map(([, fields]) => JSON.parse(fields[1]!)).filter((e) => e.action === 'signInSso');
    expect(sso.some((e) => e.outcome === 'success' && e.actor === 'olga@acme.test')).toBe(true);
    expect(sso.some((e) => e.outcome === 'failure' && e.actor === 'eve@elsewhere.test')).toBe(true);
  });

  it('answers a clear page, never a 500, when the provider does not answer', async () => {
    const down = await startOidcProvider();
    await down.close();
    const other = await startStack({
      prefix: `${prefix}-down`,
      services: noKnowledgeBase(),
      noWorker: true,
      env: { OIDC_ISSUER_URL: down.issuer, OIDC_CLIENT_ID: 'docqa', OIDC_PROVIDER_NAME: 'Acme ID' },
    });
    try {
      const res = await fetch(`${other.apiUrl}admin/sso/start`, { redirect: 'manual' });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain(`the identity provider at ${down.issuer} does not answer`);
    } finally {
      await other.close();
      await deletePrefix(redis, `${prefix}-down`);
    }
  });
});
