import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/redis';
import type { SecretBox } from '@docqa/sync';

/** What a delivery remembers between its attempts. */
type Field = 'ts' | 'thread' | 'token';

/**
 * The progress of one channel delivery, kept in Redis under its job id so an attempt after a
 * crash or a platform outage resumes it: the Slack answer message to update rather than post
 * again, the thread a slash command's question started, the Discord interaction token (sealed with
 * `SECRETS_KEY`: job payloads and logs never hold it). Lives as long as a delivery can retry.
 */
export class DeliveryState {
  /** How long a delivery's state lives, seconds (a Discord interaction token lasts 15 minutes). */
  static readonly TTL_SECONDS = 3600;

  constructor(private readonly deps: { redis: Redis; keys: Keys; secrets: SecretBox }) {}

  get(deliveryId: string, field: Exclude<Field, 'token'>): Promise<string | null> {
    return this.deps.redis.hget(this.deps.keys.channelPost(deliveryId), field);
  }

  async set(deliveryId: string, field: Exclude<Field, 'token'>, value: string): Promise<void> {
    await this.write(deliveryId, field, value);
  }

  /** Keeps a Discord interaction token, sealed, for the delivery that edits its response. */
  async keepToken(deliveryId: string, token: string): Promise<void> {
    await this.write(deliveryId, 'token', this.deps.secrets.seal(token));
  }

  /** The delivery's interaction token, or null when it expired or was never kept. */
  async token(deliveryId: string): Promise<string | null> {
    const sealed = await this.deps.redis.hget(this.deps.keys.channelPost(deliveryId), 'token');
    return sealed ? this.deps.secrets.open(sealed) : null;
  }

  private async write(deliveryId: string, field: Field, value: string): Promise<void> {
    const key = this.deps.keys.channelPost(deliveryId);
    await this.deps.redis.multi().hset(key, field, value).expire(key, DeliveryState.TTL_SECONDS).exec();
  }
}
