import { AdminAccountStore, AuditLog } from '@docqa/auth';
import type { AuditEntry } from '@docqa/contracts';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { ROUTE_ROLES } from './http/route-roles';
import { postSignIn, signIn, type PortalSession } from './testing/portal-session';
import { startStack, type Stack } from '@docqa/system-tests/testing';
import { uploadForm } from './testing/upload-form';

const PASSWORD = 'a long enough password';
const AGENT = 'audit-spec/1.0';
/**
 * Audited operations this spec does not call: they need Slack, Discord or GitHub stand-ins, or a
 * run still going (their own specs call them); the route table audits them as it does the rest.
 */
const NEEDS_A_STAND_IN = [
  'putSlackIntegration',
  'putSlackOAuthApp',
  'putDiscordIntegration',
  'deleteIntegration',
  'openGapPullRequest',
  'cancelEvalRun',
];

describe('the audit log: every admin action and sign-in, GET /admin/audit/ and its export', () => {
  let stack: Stack;
  let redis: Redis;
  let owner: PortalSession;
  const prefix = testPrefix('audit');
  const keys = new Keys(prefix);

  beforeAll(async () => {
    redis = testRedis();
    stack = await startStack({ prefix });
    const accounts = new AdminAccountStore({ redis, keys });
    await accounts.create({ email: 'owner@acme.test', password: PASSWORD, tenants: ['acme'] });
    await accounts.create({
      email: 'viewer@acme.test',
      password: PASSWORD,
      tenants: ['acme'],
      role: 'viewer',
    });
    await accounts.create({ email: 'other@beta.test', password: PASSWORD, tenants: ['beta'] });
  });
  afterAll(async () => {
    await stack.close();
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  /** Every entry the owner of acme sees, newest first, once `done` holds (the log is written as answers go out). */
  async function entriesUntil(done: (entries: AuditEntry[]) => boolean): Promise<AuditEntry[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await owner.call('admin/audit/export');
      const text = await res.text();
      const entries = text.trim()
        ? text
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as AuditEntry)
        : [];
      if (done(entries) || Date.now() > deadline) return entries;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const call = (path: string, method: string, body?: unknown) =>
    owner.call(path, { method, body, tenant: 'acme' });

  it('records each kind of state-changing admin action with actor, targets, IP and user agent, never a secret', async () => {
    expect((await postSignIn(stack.apiUrl, 'owner@acme.test', 'a wrong password!')).status).toBe(401);
    owner = await signIn(stack.apiUrl, 'owner@acme.test', PASSWORD);

    const token = await (await call('admin/tokens/', 'POST', { name: 'ci', scopes: ['ingest'] })).json();
    expect((await call(`admin/tokens/${token.record.id}`, 'DELETE')).status).toBe(204);
    expect((await call('admin/widget/preview-token', 'POST')).status).toBe(201);
    expect((await call('admin/settings/', 'PUT', { labels: { POPUP_TITLE: 'Help' } })).status).toBe(200);
    expect((await call('admin/versions/', 'PUT', { default: null })).status).toBe(200);
    const invited = await (
      await call('admin/accounts/', 'POST', { email: 'ed@acme.test', tenants: ['acme'], role: 'editor' })
    ).json();
    expect((await call('admin/accounts/ed@acme.test', 'PATCH', { role: 'viewer' })).status).toBe(200);
    expect((await call('admin/accounts/ed@acme.test', 'DELETE')).status).toBe(204);
    const doc = {
      id: 'guide',
      title: 'Guide',
      content: '# Guide\n\nHow to start.',
      content_type: 'text/markdown',
    };
    expect((await call('documents/', 'POST', { documents: [doc] })).status).toBe(202);
    const upload = await owner.call('documents/upload', {
      method: 'POST',
      tenant: 'acme',
      body: uploadForm([{ name: 'notes.md', data: '# Notes\n\nSome notes.' }]),
    });
    expect(upload.status).toBe(202);
    const source = await (
      await call('sources/', 'POST', { type: 'url', url: 'http://127.0.0.1:9/page.html' })
    ).json();
    expect((await call(`sources/${source.id}`, 'PATCH', { schedule: '1d' })).status).toBe(200);
    expect((await call(`sources/${source.id}/sync`, 'POST')).status).toBe(202);
    expect((await call(`sources/${source.id}`, 'DELETE')).status).toBe(204);
    for (
      const deadline = Date.now() + 60_000;
      Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 100))
    )
      if ((await call('documents/guide', 'GET')).status === 200) break;
    expect((await call('documents/guide', 'DELETE')).status).toBe(204);
    const items = [{ question: 'How do I start?', expect: { key_strings: ['start'] } }];
    expect((await call('evals/', 'POST', { name: 'release', items })).status).toBe(201);
    expect((await call('evals/release', 'PUT', { items })).status).toBe(200);
    const csv = 'question,key_strings\nHow do I start?,start\n';
    expect((await call('evals/release/import', 'POST', { format: 'csv', content: csv })).status).toBe(200);
    expect((await call('evals/release/runs', 'POST')).status).toBe(202);
    expect((await call('evals/', 'POST', { name: 'scratch' })).status).toBe(201);
    expect((await call('evals/scratch', 'DELETE')).status).toBe(204);
    expect((await owner.call('admin/session', { method: 'DELETE' })).status).toBe(204);
    owner = await signIn(stack.apiUrl, 'owner@acme.test', PASSWORD);

    const audited = Object.entries(ROUTE_ROLES)
      .filter(
        ([operationId, rule]) =>
          rule.audited !== false &&
          !/^(get|list|export|search)/.test(operationId) &&
          !NEEDS_A_STAND_IN.includes(operationId),
      )
      .map(([operationId]) => operationId);
    const kinds = [...audited, 'signIn', 'signOut'];
    const entries = await entriesUntil((all) => kinds.every((k) => all.some((e) => e.action === k)));
    expect(kinds.filter((k) => !entries.some((e) => e.action === k))).toEqual([]);

    const failed = entries.find((e) => e.action === 'signIn' && e.outcome === 'failure');
    expect(failed).toMatchObject({ actor: 'owner@acme.test', status: 401, tenants: ['acme'] });
    const created = entries.find((e) => e.action === 'createToken')!;
    expect(created).toMatchObject({
      actor: 'owner@acme.test',
      outcome: 'success',
      status: 201,
      tenant: 'acme',
      targets: [token.record.id],
      ip: expect.stringMatching(/127\.0\.0\.1/),
      user_agent: 'node',
    });
    expect(entries.find((e) => e.action === 'updateAdminAccountRole')?.targets).toEqual(['ed@acme.test']);
    expect(entries.find((e) => e.action === 'createSource')?.targets).toEqual([source.id]);
    const text = JSON.stringify(entries);
    for (const secret of [PASSWORD, token.token, invited.password, owner.id, owner.session.csrf_token])
      expect(text).not.toContain(secret);
  });

  it('filters by actor, action and period, pages with a cursor, and shows owners only their tenant', async () => {
    const page1 = await (await owner.call('admin/audit/?action=signIn&limit=2')).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.items.every((e: AuditEntry) => e.action === 'signIn')).toBe(true);
    const page2 = await (
      await owner.call(`admin/audit/?action=signIn&limit=2&cursor=${page1.next_cursor}`)
    ).json();
    const ids = [...page1.items, ...page2.items].map((e: AuditEntry) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort().reverse()).toEqual(ids);

    const byActor = await (await owner.call('admin/audit/?actor=OWNER@acme.test&limit=200')).json();
    expect(byActor.items.length).toBeGreaterThan(10);
    expect(byActor.items.every((e: AuditEntry) => e.actor === 'owner@acme.test')).toBe(true);
    const future = await (await owner.call('admin/audit/?from=2099-01-01')).json();
    expect(future).toEqual({ items: [], next_cursor: null });
    const bad = await owner.call('admin/audit/?cursor=nope');
    expect(bad.status).toBe(400);

    const viewer = await signIn(stack.apiUrl, 'viewer@acme.test', PASSWORD);
    expect((await viewer.call('admin/audit/')).status).toBe(403);
    const other = await signIn(stack.apiUrl, 'other@beta.test', PASSWORD);
    const theirs = await (await other.call('admin/audit/?limit=200')).json();
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((e: AuditEntry) => e.tenants.includes('beta'))).toBe(true);
  });

  it('keeps entries AUDIT_RETENTION_DAYS and no longer', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const log = new AuditLog({
      redis,
      keys: new Keys(`${prefix}-retention`),
      retentionDays: 10,
      now: () => now,
    });
    const entry = { actor: 'a@x.test', action: 'createToken', outcome: 'success' as const, status: 201 };
    const at = { tenant: 'x', tenants: ['x'], targets: [], ip: '127.0.0.1', user_agent: AGENT };
    await log.record({ ...entry, ...at });
    now += 9 * 86_400_000;
    await log.record({ ...entry, ...at, targets: ['second'] });
    expect((await log.list({ tenant: 'x' }, { limit: 50 })).items).toHaveLength(2);
    now += 2 * 86_400_000;
    const left = await log.list({ tenant: 'x' }, { limit: 50 });
    expect(left.items.map((e) => e.targets)).toEqual([['second']]);
  });
});
