import type { Redis } from 'ioredis';
import { Keys } from '@docqa/redis';
import type { TokenRecord } from '@docqa/contracts';
import { TOKEN_USE_WRITE_MS, TokenCache } from './token-cache';
import type { TokenStore } from './token-store';

const record: TokenRecord = {
  id: 'tok_1',
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
};

describe('token cache: last use', () => {
  let now: number;
  let touches: { id: string; at: string }[];
  let failNext: boolean;
  const errors: unknown[] = [];
  const tokens: Pick<TokenStore, 'verify' | 'touch'> = {
    verify: async (token) => (token === 'dq_good' ? record : null),
    touch: async (id, at) => {
      if (failNext) {
        failNext = false;
        throw new Error('Redis is down');
      }
      touches.push({ id, at: at.toISOString() });
    },
  };
  const cache = (recordUse?: boolean) =>
    new TokenCache({
      tokens,
      subscriber: {} as Redis,
      keys: new Keys('t'),
      now: () => now,
      recordUse,
      onUseError: (err) => errors.push(err),
    });
  /** Lets the fire-and-forget write settle. */
  const settled = () => new Promise((r) => setImmediate(r));

  beforeEach(() => {
    now = 1_000_000;
    touches = [];
    failNext = false;
    errors.length = 0;
  });

  it('writes a token’s use at most once a minute, from the cache or not', async () => {
    const tokensCache = cache();
    for (let i = 0; i < 50; i++) {
      await tokensCache.verify('dq_good');
      now += 1000;
    }
    await settled();
    expect(touches).toEqual([{ id: 'tok_1', at: new Date(1_000_000).toISOString() }]);
    now = 1_000_000 + TOKEN_USE_WRITE_MS;
    await tokensCache.verify('dq_good');
    await settled();
    expect(touches).toHaveLength(2);
    expect(await tokensCache.verify('dq_unknown')).toBeNull();
    await settled();
    expect(touches).toHaveLength(2);
  });

  it('never fails the request when the write fails, and writes again on the next use', async () => {
    const tokensCache = cache();
    failNext = true;
    expect(await tokensCache.verify('dq_good')).toBe(record);
    await settled();
    expect(errors).toHaveLength(1);
    expect(touches).toEqual([]);
    now += 1;
    await tokensCache.verify('dq_good');
    await settled();
    expect(touches).toHaveLength(1);
  });

  it('records nothing when told not to', async () => {
    await cache(false).verify('dq_good');
    await settled();
    expect(touches).toEqual([]);
  });
});

describe('token cache: known without waiting', () => {
  let now = 1_000_000;
  let verified = 0;
  const expiring = { ...record, id: 'tok_2', expires_at: new Date(1_000_500).toISOString() };
  const tokens: Pick<TokenStore, 'verify' | 'touch'> = {
    verify: async (token) => {
      verified++;
      return token === 'dq_good' ? record : token === 'dq_expiring' ? expiring : null;
    },
    touch: async () => undefined,
  };
  const cache = new TokenCache({ tokens, subscriber: {} as Redis, keys: new Keys('t'), now: () => now });

  it('knows a token only once verified, while its entry is fresh and the token unexpired', async () => {
    expect(cache.known('dq_good')).toBeUndefined();
    await cache.verify('dq_good');
    await cache.verify('dq_expiring');
    expect(cache.known('dq_good')).toBe(record);
    expect(cache.known('dq_expiring')).toBe(expiring);
    now += 600;
    expect(cache.known('dq_expiring')).toBeUndefined();
    expect(await cache.verify('dq_expiring')).toBeNull();
    now += 10_000;
    expect(cache.known('dq_good')).toBeUndefined();
    const before = verified;
    expect(await cache.verify('dq_good')).toBe(record);
    expect(verified).toBe(before + 1);
  });
});
