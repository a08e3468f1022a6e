import type {
  DocumentSlice,
  DocumentText,
  QuestionCreated,
  QuestionRecord,
  SearchRequest,
  SearchResponse,
  AnswerEvent,
} from '@docqa/contracts';

/** The scopes MCP tools need. */
export type ToolScope = 'search' | 'ask';

/**
 * What the MCP tools may do for one authenticated caller. The API builds it per request from the
 * same services its HTTP routes use, bound to the caller's token: its tenant, the tenants it may
 * search, its filters and its rate limit are applied there, never in the tools.
 */
export interface McpCaller {
  /** Whether the token has `scope` (admin has every scope). */
  may(scope: ToolScope): boolean;
  /** `POST /rag/search/` for this token. */
  search(request: SearchRequest): Promise<SearchResponse>;
  /** A document of the token's tenant that its filters let it see; null otherwise. */
  readDocument(documentId: string, slice: DocumentSlice): Promise<DocumentText | null>;
  /** `POST /question/` for this token (rate limited like it). */
  ask(request: { question: string; chat_id?: string; version?: string }): Promise<QuestionCreated>;
  /** A question of the token's tenant (`GET /question/{id}/`); a NotFoundError otherwise. */
  question(questionId: string): Promise<QuestionRecord>;
  /** The question's answer events as they happen, until done or error; null marks a quiet interval. */
  answerEvents(questionId: string, signal: AbortSignal): AsyncIterable<{ event: AnswerEvent } | null>;
}
