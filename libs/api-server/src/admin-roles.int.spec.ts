import { AdminAccountStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { noKnowledgeBase, startStack, type Stack } from '@docqa/system-tests/testing';
import { signIn } from './testing/portal-session';

const PASSWORD = 'a long enough password';

describe('roles per tenant: invites with a role, role changes, the last owner', () => {
  let stack: Stack;
  let redis: Redis;
  let accounts: AdminAccountStore;
  const prefix = testPrefix('admin-roles');

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix, services: noKnowledgeBase(), noWorker: true });
    accounts = new AdminAccountStore({ redis, keys: new Keys(prefix) });
    await accounts.create({ email: 'olga@acme.test', password: PASSWORD, tenants: ['acme', 'beta'] });
    await accounts.create({ email: 'bert@beta.test', password: PASSWORD, tenants: ['beta'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('lets an owner invite an editor and a viewer, who see only what their role allows', async () => {
    const olga = await signIn(stack.apiUrl, 'olga@acme.test', PASSWORD);
    const invite = async (email: string, role: string) => {
      const res = await olga.call('admin/accounts/', {
        method: 'POST',
        tenant: 'acme',
        body: { email, tenants: ['acme'], role },
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { account: { roles: Record<string, string> }; password: string };
    };
    const ed = await invite('ed@acme.test', 'editor');
    const vi = await invite('vi@acme.test', 'viewer');
    expect(ed.account.roles).toEqual({ acme: 'editor' });
    const editor = await signIn(stack.apiUrl, 'ed@acme.test', ed.password);
    const viewer = await signIn(stack.apiUrl, 'vi@acme.test', vi.password);
    expect(viewer.session.roles).toEqual({ acme: 'viewer' });

    expect(
      (await editor.call('admin/settings/', { method: 'PUT', body: { labels: { POPUP_TITLE: 'Docs' } } }))
        .status,
    ).toBe(200);
    expect((await editor.call('admin/tokens/')).status).toBe(403);
    expect((await editor.call('admin/accounts/')).status).toBe(403);
    expect((await viewer.call('admin/insights/')).status).toBe(200);
    expect((await viewer.call('admin/conversations/')).status).toBe(200);
    const put = await viewer.call('admin/settings/', {
      method: 'PUT',
      body: { labels: { POPUP_TITLE: 'Mine' } },
    });
    expect(put.status).toBe(403);
    expect(await put.json()).toMatchObject({ code: 'role_forbidden' });
  });

  it('applies a role change to open sessions at their next request', async () => {
    const olga = await signIn(stack.apiUrl, 'olga@acme.test', PASSWORD);
    const { password } = await (
      await olga.call('admin/accounts/', {
        method: 'POST',
        tenant: 'acme',
        body: { email: 'pat@acme.test', tenants: ['acme'], role: 'editor' },
      })
    ).json();
    const pat = await signIn(stack.apiUrl, 'pat@acme.test', password);
    expect((await pat.call('admin/settings/')).status).toBe(200);

    const demote = await olga.call('admin/accounts/pat@acme.test', {
      method: 'PATCH',
      tenant: 'acme',
      body: { role: 'viewer' },
    });
    expect(demote.status).toBe(200);
    expect((await demote.json()).roles).toEqual({ acme: 'viewer' });
    expect((await pat.call('admin/settings/')).status).toBe(403);
    expect((await pat.call('admin/session')).status).toBe(200);

    const promote = await olga.call('admin/accounts/pat@acme.test', {
      method: 'PATCH',
      tenant: 'acme',
      body: { role: 'owner' },
    });
    expect(promote.status).toBe(200);
    expect((await pat.call('admin/tokens/')).status).toBe(200);
    expect((await pat.call('admin/session')).json()).resolves.toMatchObject({ roles: { acme: 'owner' } });
  });

  it('refuses to demote or remove the last owner of a tenant, and an owner acting outside their tenants', async () => {
    const bert = await signIn(stack.apiUrl, 'bert@beta.test', PASSWORD);
    const olga = await signIn(stack.apiUrl, 'olga@acme.test', PASSWORD);
    // beta has two owners: one may step down, the other then stays.
    const step = await olga.call('admin/accounts/olga@acme.test', {
      method: 'PATCH',
      tenant: 'beta',
      body: { role: 'viewer' },
    });
    expect(step.status).toBe(200);
    const demoteLast = await olga.call('admin/accounts/bert@beta.test', {
      method: 'PATCH',
      tenant: 'beta',
      body: { role: 'editor' },
    });
    expect(demoteLast.status).toBe(403);
    const selfDemote = await bert.call('admin/accounts/bert@beta.test', {
      method: 'PATCH',
      body: { role: 'editor' },
    });
    expect(selfDemote.status).toBe(409);
    expect(await selfDemote.json()).toMatchObject({ code: 'last_owner' });
    expect(await accounts.changeTenant('beta', 'bert@beta.test', null)).toBe('last_owner');
    expect((await accounts.get('bert@beta.test'))?.roles).toEqual({ beta: 'owner' });

    const outside = await olga.call('admin/accounts/', {
      method: 'POST',
      tenant: 'acme',
      body: { email: 'eve@acme.test', tenants: ['beta'], role: 'owner' },
    });
    expect(outside.status).toBe(403);
    const unknown = await bert.call('admin/accounts/nobody@beta.test', {
      method: 'PATCH',
      body: { role: 'viewer' },
    });
    expect(unknown.status).toBe(404);
  });

  it('takes one tenant from an admin of several, and removes the account with its last tenant', async () => {
    await accounts.create({
      email: 'two@acme.test',
      password: PASSWORD,
      tenants: ['acme', 'beta'],
      role: 'viewer',
    });
    const olga = await signIn(stack.apiUrl, 'olga@acme.test', PASSWORD);
    expect(
      (await olga.call('admin/accounts/two@acme.test', { method: 'DELETE', tenant: 'acme' })).status,
    ).toBe(204);
    expect(await accounts.get('two@acme.test')).toMatchObject({
      tenants: ['beta'],
      roles: { beta: 'viewer' },
    });
    const bert = await signIn(stack.apiUrl, 'bert@beta.test', PASSWORD);
    expect((await bert.call('admin/accounts/two@acme.test', { method: 'DELETE' })).status).toBe(204);
    expect(await accounts.get('two@acme.test')).toBeNull();
  });

  it('treats accounts stored before roles existed as owners of their tenants', async () => {
    const keys = new Keys(prefix);
    await redis.set(
      keys.adminAccount('old@acme.test'),
      JSON.stringify({
        email: 'old@acme.test',
        tenants: ['acme'],
        all_tenants: false,
        created_at: '2026-01-01T00:00:00Z',
        password_hash: 'x',
      }),
    );
    await redis.sadd(keys.adminAccounts(), 'old@acme.test');
    expect((await accounts.get('old@acme.test'))?.roles).toEqual({ acme: 'owner' });
  });
});
