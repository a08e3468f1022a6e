import type { Redis } from 'ioredis';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { InsightsReader } from './insights-reader';
import { SearchLog } from './search-log';

describe('SearchLog', () => {
  let redis: Redis;
  const prefix = testPrefix('slog');
  const keys = new Keys(prefix);
  let clock = Date.now();
  const now = () => clock;

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('counts a visitor’s search once typing settles, not its prefixes, and the searches that found nothing', async () => {
    const log = new SearchLog({ redis, keys, retentionDays: 30, now });
    for (const q of ['t', 'to', 'tok', 'toke', 'token']) log.searched('acme', 'v1', q, 2);
    log.searched('acme', 'v2', 'Kerberos', 0);
    log.searched('acme', 'v2', 'install', 1); // another query of v2: its Kerberos search counts now
    log.searched('globex', 'v1', 'token', 1); // same visitor key, other tenant: apart
    await log.settle();
    const reader = new InsightsReader({ redis, keys, retentionDays: 30, now });
    const early = await reader.insights('acme', { interval: 'day' });
    expect(early.searches).toMatchObject({
      total: 1,
      no_results: 1,
      top_no_results: [{ text: 'kerberos', count: 1 }],
    });
    clock += 3_000;
    await log.settle();
    const settled = await reader.insights('acme', { interval: 'day' });
    expect(settled.searches.total).toBe(3);
    expect(settled.searches.no_results).toBe(1);
    expect(settled.searches.top).toEqual(
      expect.arrayContaining([
        { text: 'token', count: 1 },
        { text: 'install', count: 1 },
        { text: 'kerberos', count: 1 },
      ]),
    );
    expect(settled.searches.top).toHaveLength(3);
    const globex = await reader.insights('globex', { interval: 'day' });
    expect(globex.searches).toMatchObject({ total: 1, top: [{ text: 'token', count: 1 }] });
    await log.close();
  });

  it('writes no visitor key and no address', async () => {
    const log = new SearchLog({ redis, keys, retentionDays: 30, now });
    log.searched('initech', 'tok_1:203.0.113.9', 'billing', 1);
    await log.close();
    const written = await redis.keys(`${prefix}:*initech*`);
    const values = await Promise.all(
      written.map(async (k) =>
        JSON.stringify(
          (await redis.type(k)) === 'hash' ? await redis.hgetall(k) : await redis.zrange(k, 0, -1),
        ),
      ),
    );
    expect(values.join(' ')).not.toMatch(/203\.0\.113|tok_1/);
    expect(values.join(' ')).toMatch(/billing/);
  });
});
