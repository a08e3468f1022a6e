import type { FeedbackRequest } from '@docqa/contracts';
import type { RecordStoreOptions } from './record-store-options';

/** A stored rating of an answer. */
export interface FeedbackEntry extends FeedbackRequest {
  question_id: string;
  created_at: string;
}

/** Ratings of answers per tenant, newest last, kept for the record TTL. */
export class FeedbackStore {
  constructor(private readonly deps: RecordStoreOptions) {}

  async add(tenant: string, entry: FeedbackEntry): Promise<void> {
    const key = this.deps.keys.feedback(tenant);
    await this.deps.redis.multi().rpush(key, JSON.stringify(entry)).expire(key, this.deps.ttlSeconds).exec();
  }

  async list(tenant: string, limit = 100): Promise<FeedbackEntry[]> {
    const raws = await this.deps.redis.lrange(this.deps.keys.feedback(tenant), -limit, -1);
    return raws.map((raw) => JSON.parse(raw) as FeedbackEntry);
  }
}
