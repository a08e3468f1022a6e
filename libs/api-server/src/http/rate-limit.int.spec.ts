import type { Redis } from 'ioredis';
import type { Principal } from '@docqa/auth';
import { RateLimitedError } from '@docqa/errors';
import { Keys } from '@docqa/redis';
import { deletePrefix, testPrefix, testRedis } from '@docqa/testing';
import { QuestionRateLimiter } from './rate-limit';

/** A token's principal: an API token, or with `widget` a widget token. */
function principal(id: string, extra: Partial<Principal> = {}): Principal {
  return {
    id,
    tenant: 'acme',
    scopes: ['ask'],
    name: null,
    origins: [],
    widget: false,
    filters: [],
    tenants: [],
    rate_limit: null,
    created_at: new Date(0).toISOString(),
    expires_at: null,
    ...extra,
  };
}

/** A header sink that keeps what it is given. */
function headers() {
  const set: Record<string, string> = {};
  return { set, setHeader: (name: string, value: string) => (set[name] = value) };
}

describe('QuestionRateLimiter against Redis', () => {
  const keys = new Keys(testPrefix('ratelimit'));
  let redis: Redis;
  let limiter: QuestionRateLimiter;

  beforeAll(() => {
    redis = testRedis();
    limiter = new QuestionRateLimiter({
      redis,
      keys,
      limits: { perToken: 3, perWidgetToken: 2, perVisitor: 5 },
    });
  });
  afterAll(async () => {
    await deletePrefix(redis, keys.prefix);
    await redis.quit();
  });

  it('counts a token’s questions in a key that expires with the minute, without a MULTI, and refuses past the limit', async () => {
    const multi = jest.spyOn(redis, 'multi');
    const token = principal('tok_a');
    for (const remaining of ['2', '1', '0']) {
      const sink = headers();
      await limiter.consume({ ip: '198.51.100.1' }, sink, token);
      expect(sink.set).toMatchObject({ 'RateLimit-Limit': '3', 'RateLimit-Remaining': remaining });
      expect(Number(sink.set['RateLimit-Reset'])).toBeGreaterThan(0);
    }
    // No MULTI is built for a consume (rate-limiter-flexible builds one per call and sends none).
    expect(multi).not.toHaveBeenCalled();
    multi.mockRestore();
    const key = `${keys.rateLimit()}:t:tok_a:3`;
    expect(await redis.get(key)).toBe('3');
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    const sink = headers();
    const refused = limiter.consume({ ip: '198.51.100.1' }, sink, token);
    await expect(refused).rejects.toThrow(RateLimitedError);
    await expect(refused).rejects.toThrow(/rate limit of 3 questions per minute reached; retry in \d+ s/);
    expect(sink.set['RateLimit-Remaining']).toBe('0');
  });

  it('hands a widget visitor’s spend back when the token’s shared budget refuses', async () => {
    const widget = principal('tok_w', { widget: true });
    await limiter.consume({ ip: '198.51.100.2' }, headers(), widget);
    await limiter.consume({ ip: '198.51.100.3' }, headers(), widget);
    await expect(limiter.consume({ ip: '198.51.100.2' }, headers(), widget)).rejects.toThrow(
      RateLimitedError,
    );
    expect(await redis.get(`${keys.rateLimit()}:v:tok_w:198.51.100.2`)).toBe('1');
    expect(await redis.get(`${keys.rateLimit()}:t:tok_w:2`)).toBe('3');
  });
});
