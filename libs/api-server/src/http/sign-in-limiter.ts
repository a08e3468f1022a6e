import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '@docqa/errors';
import type { Keys } from '@docqa/records';
import { visitorKey } from './rate-limit';

/** Window of the sign-in limits. */
const WINDOW_SECONDS = 15 * 60;

/**
 * Portal sign-in attempts per email and per client IP, in Redis (shared by every API replica).
 * Unknown emails are counted like known ones, so the limit tells nothing about which exist.
 */
export class SignInLimiter {
  private readonly perAccount: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(deps: { redis: Redis; keys: Keys; limits: { perAccount: number; perIp: number } }) {
    const limiter = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: deps.redis,
        keyPrefix: `${deps.keys.signInRateLimit()}:${name}`,
        points,
        duration: WINDOW_SECONDS,
        useRedisPackage: false,
      });
    this.perAccount = limiter('account', deps.limits.perAccount);
    this.perIp = limiter('ip', deps.limits.perIp);
  }

  /**
   * Spends one attempt of `email` and of `ip` (of its /56 network for IPv6, see `visitorKey`);
   * throws 429 with `Retry-After` over either limit.
   */
  async consume(email: string, ip: string): Promise<void> {
    try {
      await this.perIp.consume(visitorKey(ip));
      await this.perAccount.consume(email);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfter = String(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw new RateLimitedError(`too many sign-in attempts; retry in ${retryAfter} s`, {
        headers: { 'Retry-After': retryAfter },
      });
    }
  }

  /** Forgets the failed attempts of `email` after a successful sign-in. */
  async reset(email: string): Promise<void> {
    await this.perAccount.delete(email);
  }
}
