import { pageOf } from '@docqa/chunking';
import {
  ChannelSchema,
  type Channel,
  type LoggedFeedback,
  type LoggedQuestion,
  type QuestionRecord,
} from '@docqa/contracts';

/**
 * A logged question as stored: a JSON array without field names (about a third of the bytes of
 * an object), `[asked_ms, ended_ms, chat_id, text, channel, status, not_covered 0|1,
 * first_partial_ms|null, ready_ms|null, [cited document ids], version|null]` (entries logged
before versions end at the ids). Feedback is stored beside it
 * (field `<question id>!fb`) so a rating never rewrites the entry.
 */
type Encoded = [
  number,
  number,
  string,
  string,
  string,
  string,
  number,
  number | null,
  number | null,
  string[],
  (string | null)?,
];

/** A question as the log keeps it, before its feedback. */
export type LogEntry = Omit<LoggedQuestion, 'feedback'>;

/** The field of a question's feedback in its day's hash. */
export const feedbackField = (questionId: string) => `${questionId}!fb`;

export function encodeEntry(entry: LogEntry): string {
  const encoded: Encoded = [
    Date.parse(entry.asked_at),
    Date.parse(entry.ended_at),
    entry.chat_id,
    entry.text,
    entry.channel,
    entry.status,
    entry.not_covered ? 1 : 0,
    entry.first_partial_ms,
    entry.ready_ms,
    entry.cited_document_ids,
    entry.version,
  ];
  return JSON.stringify(encoded);
}

export function decodeEntry(
  questionId: string,
  raw: string,
  feedback: string | null | undefined,
): LoggedQuestion {
  const e = JSON.parse(raw) as Encoded;
  return {
    question_id: questionId,
    chat_id: e[2],
    asked_at: new Date(e[0]).toISOString(),
    ended_at: new Date(e[1]).toISOString(),
    text: e[3],
    channel: ChannelSchema.safeParse(e[4]).data ?? 'api',
    status: e[5] === 'failed' ? 'failed' : 'ready',
    not_covered: e[6] === 1,
    first_partial_ms: e[7],
    ready_ms: e[8],
    cited_document_ids: Array.isArray(e[9]) ? e[9] : [],
    version: typeof e[10] === 'string' ? e[10] : null,
    feedback: feedback ? decodeFeedback(feedback) : null,
  };
}

/** Feedback as stored: `[rating, details, url]`; the Lua scripts read the rating from its start. */
export function encodeFeedback(feedback: LoggedFeedback): string {
  return JSON.stringify([feedback.rating, feedback.details, feedback.url]);
}

function decodeFeedback(raw: string): LoggedFeedback {
  const [rating, details, url] = JSON.parse(raw) as [string, string | null, string | null];
  return { rating: rating === 'down' ? 'down' : 'up', details, url };
}

/**
 * Whether an answer counts as "not covered": it ended ready without citing any source (the
 * extractive answerer's "could not find this" answer, or a model's answer that cites nothing).
 */
export function isNotCovered(record: Pick<QuestionRecord, 'status' | 'sources'>): boolean {
  return record.status === 'ready' && !record.sources.some((s) => s.cited);
}

/** The log entry of a question that just ended. */
export function entryOf(
  record: QuestionRecord,
  channel: Channel,
  timing: { endedAt: number; firstPartialAt: number | null },
): LogEntry {
  const asked = Date.parse(record.created_at);
  const cited = [...new Set(record.sources.filter((s) => s.cited).map((s) => s.document_id))];
  return {
    question_id: record.id,
    chat_id: record.chat_id,
    asked_at: record.created_at,
    ended_at: new Date(timing.endedAt).toISOString(),
    text: record.text,
    channel,
    status: record.status === 'failed' ? 'failed' : 'ready',
    not_covered: isNotCovered(record),
    first_partial_ms: timing.firstPartialAt === null ? null : Math.max(0, timing.firstPartialAt - asked),
    ready_ms: record.status === 'ready' ? Math.max(0, timing.endedAt - asked) : null,
    cited_document_ids: cited,
    version: record.version ?? null,
  };
}

/**
 * The page a cited source belongs to: its URL without the `#anchor` of the section one answer
 * happened to cite, so a document's link in reports does not follow the latest citation.
 */
export function pageUrl(url: string | null): string | null {
  return url === null ? null : pageOf(url);
}

/** A cited document's `[title, url]` as the log keeps it (tenant's documents hash); `id` without one. */
export function decodeDocument(
  id: string,
  raw: string | null | undefined,
): { title: string; url: string | null } {
  if (!raw) return { title: id, url: null };
  const [title, url] = JSON.parse(raw) as [string, string | null];
  return { title, url: pageUrl(url) };
}
