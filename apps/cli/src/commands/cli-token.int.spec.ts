import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { TokenStore } from '@docqa/auth';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';
import { cliConfig } from './cli-config';
import { CLI_TOKEN_NAME } from './cli-token';
import { connectionFor } from './http-client';

describe('the CLI’s own short-lived tokens', () => {
  const prefix = testPrefix('cli-token');
  const saved = { ...process.env };
  const home = mkdtempSync(join(tmpdir(), 'docqa-cli-token-'));
  const configDir = join(home, 'config');
  let redis: Redis;
  let store: TokenStore;
  const minted = async (tenant: string) =>
    (await store.list(tenant)).filter((t) => t.name === CLI_TOKEN_NAME);

  /** Every value of every key under the prefix, as text. */
  const redisValues = async (): Promise<string[]> => {
    const values: string[] = [];
    for (const key of await redis.keys(`${prefix}:*`)) {
      const type = await redis.type(key);
      if (type === 'string') values.push((await redis.get(key))!);
      else if (type === 'hash') values.push(...Object.entries(await redis.hgetall(key)).flat());
      else if (type === 'set') values.push(...(await redis.smembers(key)));
      else if (type === 'zset') values.push(...(await redis.zrange(key, 0, -1)));
      else if (type === 'list') values.push(...(await redis.lrange(key, 0, -1)));
      else values.push(`${key}: unread type ${type}`);
    }
    return values;
  };

  beforeAll(() => {
    process.env.REDIS_URL = testRedisUrl();
    process.env.REDIS_PREFIX = prefix;
    process.env.DOCQA_CONFIG_DIR = configDir;
    delete process.env.DOCQA_TOKEN;
    redis = testRedis();
    store = new TokenStore({ redis, keys: new Keys(prefix) });
  });
  afterAll(async () => {
    process.env = saved;
    rmSync(home, { recursive: true, force: true });
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('mints one token for nine commands and hands the same one to each', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 9; i++) tokens.add((await connectionFor({ tenant: 'acme' }, ['ask'])).token);
    expect(tokens.size).toBe(1);
    expect(await minted('acme')).toHaveLength(1);
    expect(await store.verify([...tokens][0]!)).toMatchObject({ tenant: 'acme', scopes: ['ask'] });
  });

  it('keeps the token in a file only its user can read, and nothing in Redis a caller could use', async () => {
    const { token } = await connectionFor({ tenant: 'kept' }, ['ask', 'search']);
    const file = join(configDir, 'cli-tokens.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(await readFile(file, 'utf8')).toContain(token);
    const values = await redisValues();
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((v) => v.includes(token))).toEqual([]);
  });

  it('mints another for other scopes, and a new one once the old is revoked', async () => {
    const ask = (await connectionFor({ tenant: 'other' }, ['ask'])).token;
    const search = (await connectionFor({ tenant: 'other' }, ['search', 'ask'])).token;
    expect(search).not.toBe(ask);
    expect(await minted('other')).toHaveLength(2);

    await store.revoke((await store.verify(ask))!.id);
    const fresh = (await connectionFor({ tenant: 'other' }, ['ask'])).token;
    expect(fresh).not.toBe(ask);
    expect(await store.verify(fresh)).not.toBeNull();
    expect(await minted('other')).toHaveLength(2);
  });

  it('mints another for a user with another config folder', async () => {
    const first = (await connectionFor({ tenant: 'users' }, ['ask'])).token;
    const anotherUser = { ...cliConfig(), docqaConfigDir: join(home, 'another-user') };
    const second = (await connectionFor({ tenant: 'users' }, ['ask'], anotherUser)).token;
    expect(second).not.toBe(first);
    expect((await connectionFor({ tenant: 'users' }, ['ask'], anotherUser)).token).toBe(second);
    expect(await minted('users')).toHaveLength(2);
  });

  it('still runs the command, with a warning, when the config folder cannot be written', async () => {
    // A file where the folder should be: no user, root included, can create files under it.
    const blocked = join(home, 'not-a-folder');
    writeFileSync(blocked, '');
    const warn = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const { token } = await connectionFor({ tenant: 'blocked' }, ['ask'], {
        ...cliConfig(),
        docqaConfigDir: blocked,
      });
      expect(await store.verify(token)).toMatchObject({ tenant: 'blocked' });
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/could not keep the CLI's token in .*not-a-folder/);
    } finally {
      warn.mockRestore();
    }
  });
});
