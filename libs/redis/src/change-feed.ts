import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Keys } from './keys';
import { closeRedis } from './redis';

/**
 * Tells waiters in this process when a question record changes, through one Redis pub/sub
 * connection shared by every long poll and event stream of the process. Channels are subscribed
 * while someone waits on them.
 */
export class ChangeFeed {
  private readonly subscriber: Redis;
  private readonly keys: Keys;
  private readonly emitter = new EventEmitter();
  private readonly counts = new Map<string, number>();

  /** `subscriber` must be a connection of its own: pub/sub takes it over. */
  constructor(deps: { subscriber: Redis; keys: Keys }) {
    this.subscriber = deps.subscriber;
    this.keys = deps.keys;
    this.emitter.setMaxListeners(0);
    this.subscriber.on('message', (channel: string) => this.emitter.emit(channel));
  }

  /**
   * Calls `onChange` on every change of question `id` until the returned function is called.
   * Resolves once the subscription is active, so a read after it cannot miss a change.
   */
  async watch(id: string, onChange: () => void): Promise<() => void> {
    const channel = this.keys.questionChanged(id);
    this.emitter.on(channel, onChange);
    const count = (this.counts.get(channel) ?? 0) + 1;
    this.counts.set(channel, count);
    if (count === 1) await this.subscriber.subscribe(channel);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.emitter.off(channel, onChange);
      const left = (this.counts.get(channel) ?? 1) - 1;
      if (left > 0) this.counts.set(channel, left);
      else {
        this.counts.delete(channel);
        this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  /**
   * Resolves true once question `id` changes, or false after `timeoutMs` or on abort.
   * `alreadyChanged` runs after the subscription is active, closing the gap between a caller's
   * last read and the wait: when it answers true the wait ends at once.
   */
  async waitForChange(
    id: string,
    options: { timeoutMs: number; signal?: AbortSignal; alreadyChanged?: () => Promise<boolean> },
  ): Promise<boolean> {
    let settle: (changed: boolean) => void = () => undefined;
    const result = new Promise<boolean>((resolve) => (settle = resolve));
    const timer = setTimeout(() => settle(false), options.timeoutMs);
    const onAbort = () => settle(false);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const stop = await this.watch(id, () => settle(true));
    try {
      if (options.alreadyChanged && (await options.alreadyChanged())) settle(true);
      return await result;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      stop();
    }
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    await closeRedis(this.subscriber);
  }
}
