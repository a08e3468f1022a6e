import { createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Keys } from './keys';

/**
 * Ids of records created under an `Idempotency-Key`: the same for the same kind, tenant and key,
 * on every replica, and keyed with the installation's random secret, as a widget token of the
 * tenant reads any question whose id it knows and keys are often guessable (`order-4711`).
 */
export class IdempotentIds {
  private secret?: Promise<string>;

  constructor(private readonly deps: { redis: Redis; keys: Keys }) {}

  /** The id (`<kind>_…`) of the record of `kind` created by `tenant` under `key`. */
  async derive(kind: 'q' | 'c' | 'j', tenant: string, key: string): Promise<string> {
    const digest = createHmac('sha256', await this.installationSecret())
      .update(`${kind}\0${tenant}\0${key}`)
      .digest('base64url');
    return `${kind}_${digest.slice(0, 16)}`;
  }

  /**
   * The installation's idempotency secret: the first replica to need it stores a random one, and
   * every replica reads that one. A failed read is not kept, so the next request tries again.
   */
  private installationSecret(): Promise<string> {
    const { redis, keys } = this.deps;
    const key = keys.idempotencySecret();
    this.secret ??= redis
      .set(key, randomBytes(32).toString('base64url'), 'NX')
      .then(() => redis.get(key))
      .then((secret) => secret ?? Promise.reject(new Error(`${key} vanished as it was written`)))
      .catch((err: unknown) => {
        this.secret = undefined;
        throw err;
      });
    return this.secret;
  }
}
