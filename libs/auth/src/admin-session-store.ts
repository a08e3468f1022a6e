import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';

const SessionRecordSchema = z.object({
  email: z.string(),
  csrf_token: z.string(),
  created_at: z.string(),
  /**
   * `created_at` of the account the session was opened for: an account replaced (new password)
   * or removed and created again has another, so its older sessions no longer count.
   */
  account_created_at: z.string().optional(),
});
/** What Redis keeps of a portal session (the id itself only as a hash). */
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/**
 * Portal sessions: an opaque random id (the cookie) → the admin's email and CSRF token. Redis keys
 * the SHA-256 of the id, and each use restarts the idle time-out.
 */
export class AdminSessionStore {
  constructor(private readonly deps: { redis: Redis; keys: Keys; idleMs: number }) {}

  /** Opens a session for `account`; the id goes in the cookie and is never stored. */
  async create(account: {
    email: string;
    created_at: string;
  }): Promise<{ id: string; record: SessionRecord }> {
    const id = randomBytes(32).toString('base64url');
    const record: SessionRecord = {
      email: account.email,
      csrf_token: randomBytes(24).toString('base64url'),
      created_at: new Date().toISOString(),
      account_created_at: account.created_at,
    };
    await this.deps.redis.set(this.key(id), JSON.stringify(record), 'PX', this.deps.idleMs);
    return { id, record };
  }

  /** The live session of `id` (its idle time-out restarted), or null when unknown or expired. */
  async touch(id: string): Promise<SessionRecord | null> {
    if (!id || id.length > 100) return null;
    const raw = await this.deps.redis.getex(this.key(id), 'PX', this.deps.idleMs);
    return raw ? SessionRecordSchema.parse(JSON.parse(raw)) : null;
  }

  /** Ends a session at once (sign-out). */
  async delete(id: string): Promise<void> {
    await this.deps.redis.del(this.key(id));
  }

  private key(id: string): string {
    return this.deps.keys.adminSession(createHash('sha256').update(id).digest('hex'));
  }
}
