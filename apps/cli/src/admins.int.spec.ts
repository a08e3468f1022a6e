import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { AdminAccountStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';
import type { Redis } from 'ioredis';

const root = join(__dirname, '../../..');
const prefix = testPrefix('cli-admins');

function docqa(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [join(root, 'dist/apps/cli/main.js'), ...args], {
    env: { ...process.env, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix },
    encoding: 'utf8',
    input,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('docqa admins', () => {
  let redis: Redis;
  let accounts: AdminAccountStore;

  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    accounts = new AdminAccountStore({ redis, keys: new Keys(prefix) });
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('creates an admin of two tenants and prints a one-time password that signs in', async () => {
    const { code, stdout, stderr } = docqa([
      'admins',
      'create',
      '--email',
      'Ann@Acme.test',
      '--tenant',
      'acme',
      '--tenant',
      'beta',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^[\w-]{24}\n$/);
    expect(stderr).toContain('created admin ann@acme.test for tenant(s) acme, beta as owner');
    const account = await accounts.verify('ann@acme.test', stdout.trim());
    expect(account).toMatchObject({ email: 'ann@acme.test', tenants: ['acme', 'beta'], all_tenants: false });
    expect(await accounts.verify('ann@acme.test', 'another password')).toBeNull();
  });

  it('creates an admin with a role, and refuses an unknown role or a role for every tenant', async () => {
    const { code, stderr } = docqa([
      'admins',
      'create',
      '--email',
      'vic@acme.test',
      '--tenant',
      'acme',
      '--role',
      'viewer',
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain('as viewer');
    expect((await accounts.get('vic@acme.test'))?.roles).toEqual({ acme: 'viewer' });
    const unknown = docqa([
      'admins',
      'create',
      '--email',
      'w@acme.test',
      '--tenant',
      'acme',
      '--role',
      'boss',
    ]);
    expect(unknown.stderr).toBe('docqa: --role: use one of owner, editor, viewer\n');
    const all = docqa(['admins', 'create', '--email', 'w@acme.test', '--all-tenants', '--role', 'editor']);
    expect(all.code).toBe(1);
    expect(all.stderr).toContain('role: an all-tenants admin is an owner of every tenant');
    expect(docqa(['admins', 'remove', 'vic@acme.test']).code).toBe(0);
  });

  it('reads the password from stdin and prints nothing on stdout', async () => {
    const { code, stdout } = docqa(
      ['admins', 'create', '--email', 'ops@acme.test', '--all-tenants', '--password-stdin'],
      'chosen by a person\n',
    );
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(await accounts.verify('ops@acme.test', 'chosen by a person')).toMatchObject({ all_tenants: true });
  });

  it('refuses a short password, a missing tenant and an existing email, naming the problem', () => {
    const short = docqa(
      ['admins', 'create', '--email', 'x@acme.test', '--tenant', 'acme', '--password-stdin'],
      'short\n',
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('password: use at least 12 characters');
    const none = docqa(['admins', 'create', '--email', 'y@acme.test']);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('docqa: name at least one tenant with --tenant <name>, or --all-tenants\n');
    const again = docqa(['admins', 'create', '--email', 'ann@acme.test', '--tenant', 'acme']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('an admin ann@acme.test exists already');
  });

  it('lists admins without their hashes and removes one', () => {
    const list = docqa(['admins', 'list', '--json']);
    expect(list.code).toBe(0);
    const rows = list.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.email, r.tenants, r.all_tenants])).toEqual([
      ['ann@acme.test', ['acme', 'beta'], false],
      ['ops@acme.test', [], true],
    ]);
    expect(list.stdout).not.toContain('scrypt');
    expect(docqa(['admins', 'remove', 'ann@acme.test']).code).toBe(0);
    expect(docqa(['admins', 'list']).stdout).toBe(
      'EMAIL\tTENANTS:ROLES\tCREATED\nops@acme.test\t*:owner\t' + rows[1].created_at + '\n',
    );
    const missing = docqa(['admins', 'remove', 'ann@acme.test']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no admin ann@acme.test');
  });
});
