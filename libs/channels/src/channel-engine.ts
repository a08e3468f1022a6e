import type { Channel, FeedbackRequest, Filter, QuestionCreated, QuestionRecord } from '@docqa/contracts';
import type { StoredEvent } from '@docqa/records';

/**
 * What a channel adapter uses of docqa: the same question records, chats, feedback and rate limits
 * as `POST /question/`, the widget and MCP. The API builds it over its own services.
 */
export interface ChannelEngine {
  /**
   * Records and enqueues a question (a follow-up with `chat_id`), logged with `channel`; the
   * integration's filters are ANDed in as a widget token's are.
   */
  ask(
    asker: { tenant: string; filters: Filter[] },
    request: { question: string; chat_id?: string },
    channel: Channel,
  ): Promise<QuestionCreated>;
  /** The question's answer events from the start, until `done` or `error` (`null`: a heartbeat). */
  events(tenant: string, questionId: string): AsyncIterable<StoredEvent | null>;
  /** The question's record (NotFoundError for another tenant's). */
  question(tenant: string, questionId: string): Promise<QuestionRecord>;
  /** Stores a rating as `POST /question/{id}/feedback/` does, and logs it for insights. */
  rate(tenant: string, questionId: string, feedback: FeedbackRequest): Promise<void>;
  /**
   * Spends one question of a channel member's budget (the per-visitor limit, per Slack or
   * Discord user) and of the integration's (the widget token limit); RateLimitedError beyond.
   */
  consumeMember(integration: string, member: string): Promise<void>;
}
