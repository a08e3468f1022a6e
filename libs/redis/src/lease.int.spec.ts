import type { Redis } from 'ioredis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { Lease } from './lease';

describe('Lease', () => {
  const prefix = testPrefix('lease');
  const key = `${prefix}lease:source`;
  let redis: Redis;
  let lease: Lease;

  beforeAll(() => {
    redis = testRedis();
    lease = new Lease(redis);
  });
  afterEach(() => deletePrefix(redis, prefix));
  afterAll(() => redis.quit());

  it('is kept by a holder that renews after it lapsed, when nobody took it meanwhile', async () => {
    const held = (await lease.acquire(key, 60_000))!;
    // What a holder starved of CPU for longer than the lease finds: the key expired.
    await redis.del(key);
    expect(await held.held()).toBe(true);
    expect(held.lost).toBe(false);
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    expect(await lease.acquire(key, 60_000)).toBeNull();
    await held.release();
    expect(await redis.exists(key)).toBe(0);
  });

  it('is lost for good by a holder another took it from, whose lease stays untouched', async () => {
    const first = (await lease.acquire(key, 60_000))!;
    await redis.del(key);
    const second = (await lease.acquire(key, 60_000))!;
    expect(await first.held()).toBe(false);
    expect(first.lost).toBe(true);
    await first.release();
    expect(await second.held()).toBe(true);
    await second.release();
    // Free again, but the first holder's work was handed on: it does not take the lease back.
    expect(await first.held()).toBe(false);
    expect(await redis.exists(key)).toBe(0);
  });
});
