import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The private Redis that tools/jest/global-setup started for the integration tests, with a key
 * prefix of its own per call so test files never see each other's keys.
 */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url)
    throw new Error(
      'TEST_REDIS_URL is not set: run integration tests through jest (global-setup starts Redis)',
    );
  return url;
}

/** A fresh key prefix for one test file or test. */
export function testPrefix(name = 't'): string {
  return `${name}-${randomBytes(4).toString('hex')}`;
}

/** A Redis client on the test server; close it in `afterAll`. */
export function testRedis(): Redis {
  return new Redis(testRedisUrl(), { maxRetriesPerRequest: null, lazyConnect: false });
}

/** Deletes every key under `prefix` (only keys the test created). */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}
