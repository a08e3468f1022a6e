import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Principal } from '@docqa/auth';
import type { Keys } from '@docqa/records';
import { RateLimitedError } from '@docqa/errors';

/** Where rate-limit headers go. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/** Per-minute question budgets. */
export interface RateLimits {
  perToken: number;
  perWidgetToken: number;
  perVisitor: number;
}

/**
 * Question rate limits in Redis (shared by every API replica): per token, and for widget tokens
 * also per visitor IP. Sets `RateLimit-*` headers; over the limit throws 429 with `Retry-After`.
 */
export class QuestionRateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(private readonly deps: { redis: Redis; keys: Keys; limits: RateLimits }) {}

  /**
   * Spends `cost` questions of the caller's budgets; `res` receives the `RateLimit-*` headers
   * (MCP tool calls pass a sink: their response may be streaming already).
   */
  async consume(req: Pick<Request, 'ip'>, res: HeaderSink, principal: Principal, cost = 1): Promise<void> {
    const { limits } = this.deps;
    const perToken = principal.rate_limit ?? (principal.widget ? limits.perWidgetToken : limits.perToken);
    await this.spend(res, this.limiter(perToken), `t:${principal.id}:${perToken}`, cost, perToken);
    if (principal.widget) {
      await this.spend(
        res,
        this.limiter(limits.perVisitor),
        `v:${principal.id}:${req.ip}`,
        cost,
        limits.perVisitor,
      );
    }
  }

  private async spend(res: HeaderSink, limiter: RateLimiterRedis, key: string, cost: number, limit: number) {
    try {
      const result = await limiter.consume(key, cost);
      setHeaders(res, limit, result);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      setHeaders(res, limit, err);
      const retryAfter = String(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw new RateLimitedError(
        `rate limit of ${limit} questions per minute reached; retry in ${retryAfter} s`,
        {
          headers: { 'Retry-After': retryAfter },
        },
      );
    }
  }

  private limiter(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.deps.redis,
        keyPrefix: this.deps.keys.rateLimit(),
        points,
        duration: 60,
        useRedisPackage: false,
      });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }
}

function setHeaders(res: HeaderSink, limit: number, result: RateLimiterRes): void {
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
  res.setHeader('RateLimit-Reset', String(Math.ceil(result.msBeforeNext / 1000)));
}
