import type { Redis } from 'ioredis';
import { TokenStore } from '@docqa/auth';
import { Keys } from '@docqa/records';
import { deletePrefix, testPrefix, testRedis, testRedisUrl } from '@docqa/testing';
import { CLI_TOKEN_NAME } from './cli-token';
import { connectionFor } from './http-client';

describe('the CLI’s own short-lived tokens', () => {
  const prefix = testPrefix('cli-token');
  const saved = { ...process.env };
  let redis: Redis;
  let store: TokenStore;
  const minted = async (tenant: string) =>
    (await store.list(tenant)).filter((t) => t.name === CLI_TOKEN_NAME);

  beforeAll(() => {
    process.env.REDIS_URL = testRedisUrl();
    process.env.REDIS_PREFIX = prefix;
    delete process.env.DOCQA_TOKEN;
    redis = testRedis();
    store = new TokenStore({ redis, keys: new Keys(prefix) });
  });
  afterAll(async () => {
    process.env = saved;
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
});
