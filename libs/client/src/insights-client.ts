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

/** A report's period as a caller gives it: dates or date-times as ISO strings, or `Date`s. */
export type PeriodParams = {
  from?: string | Date;
  to?: string | Date;
};
/** Query of {@link InsightsClient.insights} as sent. */
export type InsightsParams = Omit<z.input<typeof InsightsQuerySchema>, keyof PeriodParams> & PeriodParams;
/** Query of {@link InsightsClient.conversations} as sent. */
export type ConversationsParams = Omit<z.input<typeof ConversationsQuerySchema>, keyof PeriodParams> &
  PeriodParams;

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
  gaps(query: PeriodParams = {}): Promise<Gaps> {
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
