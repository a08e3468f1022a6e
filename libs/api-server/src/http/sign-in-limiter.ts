import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '@docqa/errors';
import type { Keys } from '@docqa/redis';
import { visitorKey } from './rate-limit';

/** Window of the per-address limit, and the first wait of an address that failed an account too often. */
const WINDOW_SECONDS = 15 * 60;
/** The longest wait: each block of an address for an account doubles the last, up to this. */
const MAX_BLOCK_SECONDS = 24 * 60 * 60;

/** Options of {@link SignInLimiter}. */
export interface SignInLimits {
  /** Failed sign-ins for one email from one address before that address waits for that email. */
  perAccount: number;
  /** Sign-in attempts from one address per 15 minutes, every email together (successes are given back). */
  perIp: number;
}

/**
 * Throttles portal password guessing without letting a third party lock an admin out (OWASP's
 * guidance): failures are counted per email AND client address (its /56 network for IPv6, see
 * `visitorKey`), so an address that fails an email too often waits, 15 minutes, then twice as long
 * at each new block (up to a day), while the owner still signs in from an address that has not
 * failed; and every address has a budget of attempts over all emails, so one address cannot guess
 * many accounts. Kept in Redis, so every API replica counts alike. Unknown emails are counted like
 * known ones, so the limits tell nothing about which exist.
 */
export class SignInLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccountAndIp: RateLimiterRedis;
  /** Blocks of an (email, address) pair within a day: how long its next block lasts. */
  private readonly blocks: RateLimiterRedis;
  private readonly limits: SignInLimits;

  constructor(deps: { redis: Redis; keys: Keys; limits: SignInLimits }) {
    this.limits = deps.limits;
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: deps.redis,
        keyPrefix: `${deps.keys.signInRateLimit()}:${name}`,
        points,
        duration,
        useRedisPackage: false,
      });
    this.perIp = limiter('ip', deps.limits.perIp, WINDOW_SECONDS);
    this.perAccountAndIp = limiter('account-ip', deps.limits.perAccount, WINDOW_SECONDS);
    this.blocks = limiter('account-ip-blocks', Number.MAX_SAFE_INTEGER, MAX_BLOCK_SECONDS);
  }

  /**
   * Spends one attempt of `ip` and one of `email` from `ip` before the password is checked (so
   * parallel guesses are counted too); throws 429 with `Retry-After` when either is spent.
   */
  async consume(email: string, ip: string): Promise<void> {
    const fromIp = await refusal(this.perIp.consume(visitorKey(ip)));
    if (fromIp) throw tooMany(fromIp.msBeforeNext);
    const pair = pairKey(email, ip);
    const forAccount = await refusal(this.perAccountAndIp.consume(pair));
    if (!forAccount) return;
    const justOver = forAccount.consumedPoints === this.limits.perAccount + 1;
    throw tooMany(justOver ? await this.block(pair) : forAccount.msBeforeNext);
  }

  /** After a successful sign-in: forgets the failures of `email` from `ip`, and gives its attempt back. */
  async succeeded(email: string, ip: string): Promise<void> {
    const pair = pairKey(email, ip);
    await Promise.all([
      this.perAccountAndIp.delete(pair),
      this.blocks.delete(pair),
      this.perIp.reward(visitorKey(ip)),
    ]);
  }

  /** Blocks the pair for twice as long as its last block of the day (15 minutes the first time); the wait, ms. */
  private async block(pair: string): Promise<number> {
    const count = (await this.blocks.consume(pair)).consumedPoints;
    const seconds = Math.min(MAX_BLOCK_SECONDS, WINDOW_SECONDS * 2 ** Math.min(count - 1, 16));
    await this.perAccountAndIp.block(pair, seconds);
    return seconds * 1000;
  }
}

function pairKey(email: string, ip: string): string {
  return `${visitorKey(ip)} ${email}`;
}

/** The limiter's refusal of an attempt, or null when it was allowed. */
async function refusal(attempt: Promise<RateLimiterRes>): Promise<RateLimiterRes | null> {
  try {
    await attempt;
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    throw err;
  }
}

function tooMany(waitMs: number): RateLimitedError {
  const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
  return new RateLimitedError(`too many sign-in attempts; retry in ${retryAfter} s`, {
    headers: { 'Retry-After': retryAfter },
  });
}
