import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import releaseScript from './lua/release-lease.lua';
import renewScript from './lua/renew-lease.lua';

interface LeaseCommands {
  renewLease(key: string, owner: string, ms: number): Promise<number>;
  releaseLease(key: string, owner: string): Promise<number>;
}

/** How often {@link Lease.acquireWhenFree} tries again. */
const FREE_POLL_MS = 100;

/** A lease held on a key; renewed in the background until released. */
export interface HeldLease {
  /** Whether another holder took the lease (as far as the last renewal knows); the holder should stop. */
  readonly lost: boolean;
  /**
   * Renews the lease now and says whether the caller still holds it: what a holder asks before a
   * step only one holder may take, since a starved process's background renewal may be late.
   */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Leases with an expiry, so one holder at a time does a piece of work (a source's sync, binding
 * the records to the vector store) even across a crash: a holder renews its lease every third of
 * `ms`; one that dies stops renewing and the lease lapses for another to take. A holder that only
 * renewed late (starved of CPU) keeps it unless another took it meanwhile.
 */
export class Lease {
  private readonly redis: Redis & LeaseCommands;

  constructor(redis: Redis) {
    if (!(redis as Partial<LeaseCommands>).renewLease)
      redis.defineCommand('renewLease', { numberOfKeys: 1, lua: renewScript });
    if (!(redis as Partial<LeaseCommands>).releaseLease)
      redis.defineCommand('releaseLease', { numberOfKeys: 1, lua: releaseScript });
    this.redis = redis as Redis & LeaseCommands;
  }

  /**
   * Takes the lease on `key` for `ms` once its holder released it, or once it lapsed (its holder
   * died: at most `ms` after its last renewal).
   */
  async acquireWhenFree(key: string, ms: number): Promise<HeldLease> {
    for (;;) {
      const held = await this.acquire(key, ms);
      if (held) return held;
      await delay(FREE_POLL_MS);
    }
  }

  /** Takes the lease on `key` for `ms`, or null when another holder has it. */
  async acquire(key: string, ms: number): Promise<HeldLease | null> {
    const owner = randomUUID();
    if ((await this.redis.set(key, owner, 'PX', ms, 'NX')) !== 'OK') return null;
    let lost = false;
    // Once taken by another holder, the lease is never taken back: that holder's work is its own.
    const renew = async (): Promise<boolean> => {
      if (!lost && (await this.redis.renewLease(key, owner, ms)) === 0) lost = true;
      return !lost;
    };
    const timer = setInterval(() => void renew().catch(() => undefined), Math.max(100, Math.floor(ms / 3)));
    timer.unref();
    return {
      get lost() {
        return lost;
      },
      held: renew,
      release: async () => {
        clearInterval(timer);
        await this.redis.releaseLease(key, owner);
      },
    };
  }
}
