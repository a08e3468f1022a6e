import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/records';
import type { TokenRecord } from '@docqa/contracts';
import { hashToken, type TokenStore } from './token-store';

/** How long a verified token is trusted without asking Redis again. */
export const TOKEN_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * Verifies tokens through a short in-process cache, saving a Redis round trip on most requests.
 * Revocations reach every API replica at once through Redis pub/sub; expiry is checked on every use.
 */
export class TokenCache {
  private readonly entries = new Map<string, { record: TokenRecord; hash: string; at: number }>();

  constructor(
    private readonly deps: { tokens: TokenStore; subscriber: Redis; keys: Keys; now?: () => number },
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

  /** Like {@link TokenStore.verify}, from the cache when fresh. */
  async verify(token: string): Promise<TokenRecord | null> {
    const now = (this.deps.now ?? Date.now)();
    const cached = this.entries.get(token);
    if (cached && now - cached.at < TOKEN_CACHE_TTL_MS) {
      if (!cached.record.expires_at || Date.parse(cached.record.expires_at) > now) return cached.record;
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
    return record;
  }
}
