import { RateLimitedError } from '@docqa/errors';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import type { Redis } from 'ioredis';
import { SignInLimiter } from './sign-in-limiter';

describe('the sign-in limiter', () => {
  let redis: Redis;
  const prefix = testPrefix('signin-limiter');

  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  const limiter = (perIp: number) =>
    new SignInLimiter({ redis, keys: new Keys(`${prefix}-${perIp}`), limits: { perAccount: 10, perIp } });

  it('stops one address guessing many accounts, one attempt each', async () => {
    const limits = limiter(3);
    for (const email of ['a@acme.test', 'b@acme.test', 'c@acme.test'])
      await limits.consume(email, '203.0.113.9');
    await expect(limits.consume('d@acme.test', '203.0.113.9')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limits.consume('d@acme.test', '203.0.113.10')).resolves.toBeUndefined();
  });

  it('gives a successful sign-in its attempt back, so an office signing in is not held back', async () => {
    const limits = limiter(2);
    for (let i = 0; i < 5; i++) {
      await limits.consume('owner@acme.test', '198.51.100.1');
      await limits.succeeded('owner@acme.test', '198.51.100.1');
    }
    await expect(limits.consume('other@acme.test', '198.51.100.1')).resolves.toBeUndefined();
  });
});
