import type { z } from 'zod';
import type {
  ConversationDetail,
  ConversationList,
  ConversationsQuerySchema,
  Gaps,
  Insights,
  InsightsQuerySchema,
} from '@docqa/contracts';
import { HttpTransport, type HttpTransportOptions } from './http-transport';

/** Query of {@link InsightsClient.insights} as sent (dates as ISO strings or `Date`s). */
export type InsightsParams = z.input<typeof InsightsQuerySchema>;
/** Query of {@link InsightsClient.conversations} as sent. */
export type ConversationsParams = z.input<typeof ConversationsQuerySchema>;

/**
 * Typed client of the admin reports over the question log (`GET /admin/insights/`,
 * `/admin/gaps/`, `/admin/conversations/`); the token needs the `admin` scope.
 */
export class InsightsClient {
  private readonly http: HttpTransport;

  constructor(options: HttpTransportOptions) {
    this.http = new HttpTransport(options);
  }

  /** `GET /admin/insights/`: totals, series, top questions and documents, channels. */
  insights(query: InsightsParams = {}): Promise<Insights> {
    return this.http.json(`admin/insights/${queryString(query)}`);
  }

  /** `GET /admin/gaps/`: failed questions clustered by meaning, largest cluster first. */
  gaps(query: { from?: string | Date; to?: string | Date } = {}): Promise<Gaps> {
    return this.http.json(`admin/gaps/${queryString(query)}`);
  }

  /** `GET /admin/conversations/`: one page of chats; pass `next_cursor` back as `cursor`. */
  conversations(query: ConversationsParams = {}): Promise<ConversationList> {
    return this.http.json(`admin/conversations/${queryString(query)}`);
  }

  /** `GET /admin/conversations/{chat_id}`: a chat with its answers, sources and feedback. */
  conversation(chatId: string): Promise<ConversationDetail> {
    return this.http.json(`admin/conversations/${encodeURIComponent(chatId)}`);
  }
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(name, value instanceof Date ? value.toISOString() : String(value));
  }
  return params.size ? `?${params}` : '';
}
