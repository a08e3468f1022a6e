import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/redis';
import type { TokenRecord } from '@docqa/contracts';
import { hashToken, type TokenStore } from './token-store';

/** How long a verified token is trusted without asking Redis again. */
export const TOKEN_CACHE_TTL_MS = 10_000;
/** A token's use is written to Redis at most once in this time per process ("last used"). */
export const TOKEN_USE_WRITE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Verifies tokens through a short in-process cache, saving a Redis round trip on most requests.
 * Revocations reach every API replica at once through Redis pub/sub; expiry is checked on every use.
 * It also records when each token was last used: at most one write a minute per token and
 * process, sent without waiting, and a failed write never fails the request.
 */
export class TokenCache {
  private readonly entries = new Map<string, { record: TokenRecord; hash: string; at: number }>();
  /** Token id → when this process last wrote its use. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly deps: {
      /** What the cache uses of the token store: verifying a token and recording its use. */
      tokens: Pick<TokenStore, 'verify' | 'touch'>;
      subscriber: Redis;
      keys: Keys;
      now?: () => number;
      /** Record "last used" (default true; off only to measure what recording costs). */
      recordUse?: boolean;
      /** Told of a use that could not be written. */
      onUseError?: (err: unknown) => void;
    },
  ) {}

  /** Starts listening for revocations (on the given pub/sub connection). */
  async start(): Promise<void> {
    const channel = this.deps.keys.tokenRevoked();
    this.deps.subscriber.on('message', (from: string, hash: string) => {
      if (from !== channel) return;
      for (const [token, entry] of this.entries) if (entry.hash === hash) this.entries.delete(token);
    });
    await this.deps.subscriber.subscribe(channel);
  }

  /**
   * The token's record when the cache holds it fresh and unexpired (its use recorded), without a
   * promise: what most requests need; `undefined` when only {@link verify} can tell.
   */
  known(token: string): TokenRecord | undefined {
    const now = (this.deps.now ?? Date.now)();
    const cached = this.entries.get(token);
    if (!cached || now - cached.at >= TOKEN_CACHE_TTL_MS || expired(cached.record, now)) return undefined;
    this.used(cached.record.id, now);
    return cached.record;
  }

  /** Like {@link TokenStore.verify}, from the cache when fresh; records the token's use. */
  async verify(token: string): Promise<TokenRecord | null> {
    const hit = this.known(token);
    if (hit) return hit;
    const now = (this.deps.now ?? Date.now)();
    const cached = this.entries.get(token);
    if (cached && now - cached.at < TOKEN_CACHE_TTL_MS) {
      // Fresh but expired: the store would say no too.
      this.entries.delete(token);
      return null;
    }
    const record = await this.deps.tokens.verify(token);
    if (!record) {
      this.entries.delete(token);
      return null;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { record, hash: hashToken(token), at: now });
    this.used(record.id, now);
    return record;
  }

  /** Writes the token's use when this process has not in the last minute; never waits or throws. */
  private used(id: string, now: number): void {
    if (this.deps.recordUse === false) return;
    const last = this.written.get(id);
    if (last !== undefined && now - last < TOKEN_USE_WRITE_MS) return;
    if (this.written.size >= MAX_ENTRIES) this.written.clear();
    this.written.set(id, now);
    this.deps.tokens.touch(id, new Date(now)).catch((err: unknown) => {
      // Try again on the next use rather than a minute later.
      this.written.delete(id);
      this.deps.onUseError?.(err);
    });
  }
}

const expired = (record: TokenRecord, now: number) =>
  !!record.expires_at && Date.parse(record.expires_at) <= now;
