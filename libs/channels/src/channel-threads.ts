import type { Redis } from 'ioredis';
import type { IntegrationKind } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';

/** How long a claim on an incoming message keeps retries out, seconds (Slack retries for minutes). */
const CLAIM_SECONDS = 3600;

/**
 * Where channel conversations meet chats: which chat a Slack or Discord thread continues, and
 * which incoming messages were already taken, so a platform's retry (or the same message
 * delivered as two events) never asks twice.
 */
export class ChannelThreads {
  constructor(private readonly deps: { redis: Redis; keys: Keys; ttlSeconds: number }) {}

  /** Takes an incoming message or interaction once: false when it was taken before. */
  async claim(kind: IntegrationKind, id: string): Promise<boolean> {
    const key = this.deps.keys.channelDelivery(kind, id);
    return (await this.deps.redis.set(key, '1', 'EX', CLAIM_SECONDS, 'NX')) === 'OK';
  }

  /** The chat a thread continues, or null for a thread docqa has not answered in. */
  chatOf(kind: IntegrationKind, tenant: string, thread: string): Promise<string | null> {
    return this.deps.redis.get(this.deps.keys.channelThread(kind, tenant, thread));
  }

  /** Remembers that the thread continues `chatId`, for as long as the chat's records live. */
  async remember(kind: IntegrationKind, tenant: string, thread: string, chatId: string): Promise<void> {
    await this.deps.redis.set(
      this.deps.keys.channelThread(kind, tenant, thread),
      chatId,
      'EX',
      this.deps.ttlSeconds,
    );
  }
}
