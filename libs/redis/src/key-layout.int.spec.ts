import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { Keys } from './keys';
import { migrateKeyLayout } from './key-layout';

describe('migrateKeyLayout', () => {
  let redis: Redis;
  const prefix = testPrefix('layout');
  const keys = new Keys(prefix);

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('moves the keys of the layout before hash tags to their tagged names, once', async () => {
    await redis.hset(`${prefix}:q:q_abcdefgh`, 'id', 'q_abcdefgh');
    await redis.xadd(`${prefix}:q:q_abcdefgh:events`, '*', 'type', 'status');
    await redis.rpush(`${prefix}:chat:c_abcdefgh:questions`, 'q_abcdefgh');
    await redis.set(`${prefix}:token:f00d`, '{}');
    await redis.hset(`${prefix}:tokens`, 't_1', 'f00d');
    await redis.set(`${prefix}:src:acme:s_abcdefgh`, '{}');
    await redis.hset(`${prefix}:src:acme:s_abcdefgh:pages`, 'https://x.test/', '{}');
    await redis.hset(`${prefix}:an:acme:20260101:q`, 'q_abcdefgh', 'entry');
    await redis.rpush(`${prefix}:bull:questions:wait`, 'q_abcdefgh');
    await redis.set(`${prefix}:settings:acme`, '{}');

    expect(await migrateKeyLayout(redis, keys)).toBe(9);

    expect(await redis.hget(keys.question('q_abcdefgh'), 'id')).toBe('q_abcdefgh');
    expect(await redis.xlen(keys.questionEvents('q_abcdefgh'))).toBe(1);
    expect(await redis.lrange(keys.chatQuestions('c_abcdefgh'), 0, -1)).toEqual(['q_abcdefgh']);
    expect(await redis.get(keys.tokenByHash('f00d'))).toBe('{}');
    expect(await redis.hget(keys.tokenIndex(), 't_1')).toBe('f00d');
    expect(await redis.get(keys.source('acme', 's_abcdefgh'))).toBe('{}');
    expect(await redis.hlen(keys.sourcePages('acme', 's_abcdefgh'))).toBe(1);
    expect(await redis.hget(keys.analyticsQuestions('acme', '20260101'), 'q_abcdefgh')).toBe('entry');
    expect(await redis.lrange(`${keys.queuePrefix()}:questions:wait`, 0, -1)).toEqual(['q_abcdefgh']);
    expect(await redis.get(keys.settings('acme'))).toBe('{}');
    expect(await redis.exists(`${prefix}:q:q_abcdefgh`, `${prefix}:bull:questions:wait`)).toBe(0);

    // Old-layout keys written after the migration (an old process still running) stay put.
    await redis.set(`${prefix}:token:beef`, '{}');
    expect(await migrateKeyLayout(redis, keys)).toBe(0);
  });
});
