import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/redis';
import { ValidationError } from '@docqa/errors';
import { TenantSchema } from '@docqa/contracts';
import { TokenRecordSchema, type ListedToken, type TokenRecord } from '@docqa/contracts';
import type { CreateTokenOptions } from './token';

/** SHA-256 of a clear token, hex: the only form a token is stored in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Normalises an origin (`https://Docs.Example.com/` → `https://docs.example.com`); throws if not one. */
export function normaliseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError(`"${value}" is not an origin such as https://docs.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ValidationError(`"${value}" must be http(s)`);
  return url.origin;
}

/**
 * Issues, verifies, lists and revokes API tokens. Tokens are `dq_<id>_<secret>`; Redis keeps the
 * SHA-256 of the whole token, so a leak of Redis does not leak usable tokens.
 */
export class TokenStore {
  private readonly redis: Redis;
  private readonly keys: Keys;

  constructor(deps: { redis: Redis; keys: Keys }) {
    this.redis = deps.redis;
    this.keys = deps.keys;
  }

  /** Creates a token; the clear token is returned once and never stored. */
  async create(options: CreateTokenOptions): Promise<{ token: string; record: TokenRecord }> {
    if (!TenantSchema.safeParse(options.tenant).success) {
      throw new ValidationError(
        'tenant must be 1-63 lowercase letters, digits, _ or -, starting with a letter or digit',
      );
    }
    if (!options.scopes.length) throw new ValidationError('a token needs at least one scope');
    const origins = (options.origins ?? []).map(normaliseOrigin);
    if (options.widget) {
      if (!origins.length)
        throw new ValidationError('a widget token needs at least one --origin (deny by default)');
      if (options.scopes.some((s) => s !== 'ask'))
        throw new ValidationError('a widget token carries the ask scope only');
    }
    const id = `tok_${randomBytes(6).toString('hex')}`;
    const token = `dq_${id.slice(4)}_${randomBytes(24).toString('base64url')}`;
    const now = Date.now();
    const record: TokenRecord = {
      id,
      tenant: options.tenant,
      scopes: [...new Set(options.scopes)],
      name: options.name ?? null,
      origins,
      widget: options.widget ?? false,
      filters: options.filters ?? [],
      tenants: options.tenants ?? [],
      rate_limit: options.rateLimit ?? null,
      created_at: new Date(now).toISOString(),
      expires_at: options.ttlMs ? new Date(now + options.ttlMs).toISOString() : null,
    };
    const hash = hashToken(token);
    const multi = this.redis.multi().set(this.keys.tokenByHash(hash), JSON.stringify(record));
    if (options.ttlMs) multi.pexpire(this.keys.tokenByHash(hash), options.ttlMs);
    if (!options.unlisted) {
      if (origins.length) multi.sadd(this.keys.allowedOrigins(), ...origins);
      multi.hset(this.keys.tokenIndex(), id, hash);
    }
    await multi.exec();
    return { token, record };
  }

  /** The record of a clear token, or null when it is unknown, revoked or expired. */
  async verify(token: string): Promise<TokenRecord | null> {
    if (!token.startsWith('dq_') || token.length > 200) return null;
    const raw = await this.redis.get(this.keys.tokenByHash(hashToken(token)));
    if (!raw) return null;
    // Written by create() only: trusted, so no schema parse on this hot path.
    const record = JSON.parse(raw) as TokenRecord;
    if (record.expires_at && Date.parse(record.expires_at) <= Date.now()) return null;
    return record;
  }

  /**
   * Records that token `id` was used at `at`. Callers throttle it (see TokenCache): it is one
   * Redis write.
   */
  async touch(id: string, at: Date): Promise<void> {
    await this.redis.hset(this.keys.tokenLastUsed(), id, at.toISOString());
  }

  /** Every live token (no secrets) with its last use, optionally of one tenant, oldest first. */
  async list(tenant?: string): Promise<ListedToken[]> {
    // Read together, so a token created in between is in both or neither.
    const [[, index], [, usedIds]] = (await this.redis
      .multi()
      .hgetall(this.keys.tokenIndex())
      .hkeys(this.keys.tokenLastUsed())
      .exec()) as [[null, Record<string, string>], [null, string[]]];
    const ids = Object.keys(index);
    // Unlisted tokens' uses are recorded too: forget those as we pass.
    const unlisted = usedIds.filter((id) => !(id in index));
    if (unlisted.length) await this.redis.hdel(this.keys.tokenLastUsed(), ...unlisted);
    if (!ids.length) return [];
    const [raws, used] = await Promise.all([
      this.redis.mget(ids.map((id) => this.keys.tokenByHash(index[id]!))),
      this.redis.hmget(this.keys.tokenLastUsed(), ...ids),
    ]);
    const records: ListedToken[] = [];
    const gone: string[] = [];
    raws.forEach((raw, i) => {
      if (raw) records.push({ ...TokenRecordSchema.parse(JSON.parse(raw)), last_used_at: used[i] ?? null });
      else gone.push(ids[i]!);
    });
    // Expired tokens vanish through their TTL; tidy their index entries as we pass.
    if (gone.length)
      await this.redis
        .multi()
        .hdel(this.keys.tokenIndex(), ...gone)
        .hdel(this.keys.tokenLastUsed(), ...gone)
        .exec();
    return records
      .filter((r) => !tenant || r.tenant === tenant)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  /** Revokes a token by id; false when there was none. */
  async revoke(id: string): Promise<boolean> {
    const hash = await this.redis.hget(this.keys.tokenIndex(), id);
    if (!hash) return false;
    await this.redis
      .multi()
      .del(this.keys.tokenByHash(hash))
      .hdel(this.keys.tokenIndex(), id)
      .hdel(this.keys.tokenLastUsed(), id)
      .publish(this.keys.tokenRevoked(), hash)
      .exec();
    await this.refreshOrigins();
    return true;
  }

  /** Rebuilds the set of allowed origins from the live tokens (after a revocation). */
  private async refreshOrigins(): Promise<void> {
    const origins = [...new Set((await this.list()).flatMap((t) => t.origins))];
    const multi = this.redis.multi().del(this.keys.allowedOrigins());
    if (origins.length) multi.sadd(this.keys.allowedOrigins(), ...origins);
    await multi.exec();
  }
}
