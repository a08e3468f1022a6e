import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TokenStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import {
  deletePrefix,
  startOwnSentinel,
  testPrefix,
  testRedis,
  testRedisUrl,
  type OwnSentinel,
} from '@docqa/testing';
import type { Redis } from 'ioredis';

const root = join(__dirname, '../../..');
const prefix = testPrefix('cli');

function docqa(...args: string[]) {
  return docqaWith({ REDIS_URL: testRedisUrl() }, ...args);
}

/** Runs the CLI with `env`; one still running after a minute is killed (`code` null). */
function docqaWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(root, 'dist/apps/cli/main.js'), ...args], {
    env: { ...process.env, ...env, REDIS_PREFIX: prefix },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('docqa tokens', () => {
  let redis: Redis;
  let store: TokenStore;

  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'tools/build.mjs'), '--only', 'cli', '--quiet'], {
      cwd: root,
    });
    redis = testRedis();
    store = new TokenStore({ redis, keys: new Keys(prefix) });
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('creates a token and prints only the token, which then verifies with its scopes and expiry', async () => {
    const { code, stdout } = docqa(
      'tokens',
      'create',
      '--tenant',
      'acme',
      '--scopes',
      'ask,search',
      '--name',
      'ci',
      '--expires',
      '30d',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^dq_[0-9a-f]{12}_[\w-]+\n$/);
    const record = await store.verify(stdout.trim());
    expect(record).toMatchObject({ tenant: 'acme', scopes: ['ask', 'search'], name: 'ci', widget: false });
    const days = (Date.parse(record!.expires_at!) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it('gives an API token 90 days unless --expires says otherwise or never, and a widget token no expiry', async () => {
    const lifetime = async (...args: string[]) => {
      const { code, stdout, stderr } = docqa('tokens', 'create', '--tenant', 'acme', ...args);
      expect([code, stderr]).toEqual([0, '']);
      const record = await store.verify(stdout.trim());
      return (
        record!.expires_at && (Date.parse(record!.expires_at) - Date.parse(record!.created_at)) / 86400_000
      );
    };
    expect(await lifetime()).toBe(90);
    expect(await lifetime('--expires', 'never')).toBeNull();
    expect(await lifetime('--widget', '--origin', 'https://docs.acme.test')).toBeNull();
    expect(await lifetime(...['--scopes', 'search'], ...['--expires', '2d'])).toBe(2);
    const configured = docqaWith(
      { REDIS_URL: testRedisUrl(), TOKEN_EXPIRES_DAYS: '7' },
      'tokens',
      'create',
      '--tenant',
      'acme',
    );
    const record = await store.verify(configured.stdout.trim());
    expect((Date.parse(record!.expires_at!) - Date.parse(record!.created_at)) / 86400_000).toBe(7);
  });

  it('creates a widget token bound to origins with server-side filters, and refuses one without origin', async () => {
    const ok = docqa(
      'tokens',
      'create',
      '--tenant',
      'acme',
      '--widget',
      '--origin',
      'https://docs.acme.test/',
      '--filter',
      'product=cli',
    );
    expect(ok.code).toBe(0);
    expect(await store.verify(ok.stdout.trim())).toMatchObject({
      scopes: ['ask'],
      widget: true,
      origins: ['https://docs.acme.test'],
      filters: [{ type: 'eq', property: 'product', value: 'cli' }],
    });
    const refused = docqa('tokens', 'create', '--tenant', 'acme', '--widget');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/at least one --origin/);
  });

  it('refuses unknown scopes and bad lifetimes with a clear message', () => {
    expect(docqa('tokens', 'create', '--tenant', 'acme', '--scopes', 'ask,root').stderr).toMatch(
      /unknown scope\(s\) root/,
    );
    expect(docqa('tokens', 'create', '--tenant', 'acme', '--expires', 'soon').stderr).toContain(
      'docqa: --expires must be a lifetime above 0 and at most 3650d, in d, h, m or s (e.g. 30d), or never, not "soon"',
    );
  });

  it('lists tokens without their secrets and revokes one by id', async () => {
    const token = docqa('tokens', 'create', '--tenant', 'listed', '--name', 'to-revoke').stdout.trim();
    const list = docqa('tokens', 'list', '--tenant', 'listed', '--json');
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain(token.slice(-20));
    const [record] = list.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(record).toMatchObject({ tenant: 'listed', name: 'to-revoke', last_used_at: null });
    await store.touch(record.id, new Date('2026-11-24T01:02:00Z'));
    const [header, row] = docqa('tokens', 'list', '--tenant', 'listed').stdout.trim().split('\n');
    expect(header!.split('\t').at(-1)).toBe('LAST USED');
    expect(row!.split('\t').at(-1)).toBe('2026-11-24T01:02:00.000Z');

    const revoked = docqa('tokens', 'revoke', record.id);
    expect(revoked.code).toBe(0);
    expect(await store.verify(token)).toBeNull();
    expect(docqa('tokens', 'revoke', record.id).code).toBe(1);
  });
});

describe('docqa tokens on Redis Sentinel', () => {
  let sentinel: OwnSentinel;

  beforeAll(async () => {
    sentinel = await startOwnSentinel();
  }, 120_000);
  afterAll(() => sentinel.stop());

  it('creates a token and exits (the failover detector of its Sentinel client closed too)', async () => {
    const { code, stdout } = docqaWith(sentinel.env, 'tokens', 'create', '--tenant', 'acme');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^dq_[0-9a-f]{12}_[\w-]+\n$/);
  }, 90_000);
});
