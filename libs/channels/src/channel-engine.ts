import type {
  Channel,
  ChannelDeliveryJob,
  FeedbackRequest,
  Filter,
  QuestionCreated,
  QuestionRecord,
} from '@docqa/contracts';
import type { StoredEvent } from '@docqa/records';

/**
 * What a channel adapter uses of docqa in the API: the same question records, chats, feedback and
 * rate limits as `POST /question/`, the widget and MCP. The API builds it over its own services.
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
  /** Stores a rating as `POST /question/{id}/feedback/` does, and logs it for insights. */
  rate(tenant: string, questionId: string, feedback: FeedbackRequest): Promise<void>;
  /**
   * Spends one question of a channel member's budget (the per-visitor limit, per Slack or
   * Discord user) and of the integration's (the widget token limit); RateLimitedError beyond.
   */
  consumeMember(integration: string, member: string): Promise<void>;
}

/**
 * What a channel delivery reads of an answer, in the worker: its events as they are written and
 * its record. The worker's composition builds it over the question records and their change feed.
 */
export interface AnswerFeed {
  /** The question's answer events from the start, until `done` or `error` (`null`: a heartbeat). */
  events(tenant: string, questionId: string): AsyncIterable<StoredEvent | null>;
  /** The question's record (NotFoundError for another tenant's). */
  question(tenant: string, questionId: string): Promise<QuestionRecord>;
}

/** Where the API hands a channel answer to the worker: the `deliveries` queue. */
export interface ChannelDeliveries {
  /** Enqueues a delivery under `jobId` (the same id again is a no-op). */
  enqueue(job: ChannelDeliveryJob, jobId: string): Promise<void>;
}
