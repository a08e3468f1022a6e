import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Principal } from '@docqa/auth';
import type { Keys } from '@docqa/redis';
import { RateLimitedError } from '@docqa/errors';

/** Where rate-limit headers go. */
export interface HeaderSink {
  setHeader(name: string, value: string): unknown;
}

/** Per-minute budgets (of questions, or of searches). */
export interface RateLimits {
  perToken: number;
  perWidgetToken: number;
  perVisitor: number;
}

/** One budget: its limiter, the key it counts under and its per-minute limit. */
interface Budget {
  limiter: RateLimiterRedis;
  key: string;
  limit: number;
}

/**
 * Question rate limits in Redis (shared by every API replica): per token, and for widget tokens
 * also per visitor IP. Sets `RateLimit-*` headers; over the limit throws 429 with `Retry-After`.
 */
export class QuestionRateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(
    private readonly deps: {
      redis: Redis;
      keys: Keys;
      limits: RateLimits;
      /**
       * What the budgets count: questions (a token's own `rate_limit` overrides the per-token
       * budget), or the search box's searches, counted apart under the same rules.
       * @defaultValue 'question'
       */
      counts?: 'question' | 'search';
    },
  ) {}

  private get counts(): 'question' | 'search' {
    return this.deps.counts ?? 'question';
  }

  /**
   * Spends `cost` questions of the caller's budgets. A widget visitor's own budget is checked
   * first, so a request it refuses never spends the token's budget, which every visitor of the
   * widget shares (one visitor must not lock the others out); when the token's budget refuses,
   * the visitor's spend is handed back. `res` receives the `RateLimit-*` headers (MCP tool calls
   * pass a sink: their response may be streaming already).
   */
  async consume(req: Pick<Request, 'ip'>, res: HeaderSink, principal: Principal, cost = 1): Promise<void> {
    const { limits } = this.deps;
    const own = this.counts === 'question' ? principal.rate_limit : undefined;
    const perToken = own ?? (principal.widget ? limits.perWidgetToken : limits.perToken);
    const token = { limiter: this.limiter(perToken), key: `t:${principal.id}:${perToken}`, limit: perToken };
    if (!principal.widget) return this.spend(res, token, cost);
    const visitor = {
      limiter: this.limiter(limits.perVisitor),
      key: `v:${principal.id}:${visitorKey(req.ip)}`,
      limit: limits.perVisitor,
    };
    await this.spend(res, visitor, cost);
    try {
      await this.spend(res, token, cost);
    } catch (err) {
      await visitor.limiter.reward(visitor.key, cost);
      throw err;
    }
  }

  /**
   * Spends one question of a Slack or Discord member's budget (the per-visitor limit, for their
   * user id) and then of the integration's, which its members share (the widget token limit): the
   * channels' equivalents of a widget visitor and its token.
   */
  async consumeMember(integration: string, member: string): Promise<void> {
    const { limits } = this.deps;
    const sink = { setHeader: () => undefined };
    const own = {
      limiter: this.limiter(limits.perVisitor),
      key: `m:${integration}:${member}`,
      limit: limits.perVisitor,
    };
    await this.spend(sink, own, 1);
    const shared = {
      limiter: this.limiter(limits.perWidgetToken),
      key: `i:${integration}`,
      limit: limits.perWidgetToken,
    };
    try {
      await this.spend(sink, shared, 1);
    } catch (err) {
      await own.limiter.reward(own.key, 1);
      throw err;
    }
  }

  private async spend(res: HeaderSink, budget: Budget, cost: number): Promise<void> {
    const { limiter, key, limit } = budget;
    try {
      const result = await limiter.consume(key, cost);
      setHeaders(res, limit, result);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      setHeaders(res, limit, err);
      const retryAfter = String(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      throw new RateLimitedError(
        `rate limit of ${limit} ${limit === 1 ? this.counts : PLURAL[this.counts]} per minute reached; retry in ${retryAfter} s`,
        {
          headers: { 'Retry-After': retryAfter },
        },
      );
    }
  }

  private limiter(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = new RedisLimiter({
        storeClient: this.deps.redis,
        keyPrefix: this.counts === 'search' ? this.deps.keys.searchRateLimit() : this.deps.keys.rateLimit(),
        points,
        duration: 60,
        useRedisPackage: false,
      });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }
}

const PLURAL = { question: 'questions', search: 'searches' } as const;

/** The increment command rate-limiter-flexible defines on the connection (its Lua script). */
interface IncrementCommand {
  rlflxIncr(args: string[]): Promise<unknown>;
}

/** `RateLimiterRedis._upsert`: the library's own write of a key's points, for the paths left to it. */
type Upsert = (key: string, points: number, ms: number, forceExpire?: boolean) => Promise<unknown>;
const libraryUpsert = (RateLimiterRedis.prototype as unknown as { _upsert: Upsert })._upsert;

/**
 * rate-limiter-flexible's Redis limiter, less the MULTI its `_upsert` builds on every call and
 * sends only to force an expiry: ioredis builds a pipeline object of every command for it, a
 * few per cent of a question's CPU time (docs/benchmarks.md, "API overhead (issue 43)"). A
 * consume or reward sends the library's own increment script, as the library would.
 */
class RedisLimiter extends RateLimiterRedis {
  _upsert(key: string, points: number, ms: number, forceExpire = false): Promise<unknown> {
    const seconds = Math.floor(ms / 1000);
    if (forceExpire || seconds <= 0 || !Number.isInteger(points))
      return libraryUpsert.call(this, key, points, ms, forceExpire);
    const client = (this as unknown as { client: IncrementCommand }).client;
    return client.rlflxIncr([
      key,
      String(points),
      String(seconds),
      String(this.points),
      String(this.duration),
    ]);
  }
}

function setHeaders(res: HeaderSink, limit: number, result: RateLimiterRes): void {
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
  res.setHeader('RateLimit-Reset', String(Math.ceil(result.msBeforeNext / 1000)));
}

/**
 * Whom a visitor's budget is counted for: its IPv4 address, or the /56 network of its IPv6 one
 * (express-rate-limit's `ipKeyGenerator`): one connection holds a whole IPv6 network, often a /56,
 * and could otherwise ask from a new address each time.
 */
export function visitorKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip) : 'unknown';
}
