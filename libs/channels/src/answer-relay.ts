import type { Logger } from 'pino';
import type { QuestionRecord, Source } from '@docqa/contracts';
import type { AnswerFeed } from './channel-engine';

/** The answer as a channel shows it at one moment. */
export interface AnswerDraft {
  questionId: string;
  /** The Markdown written so far (the whole answer once final). */
  text: string;
  sources: Source[];
  /** The finished record: the last draft of a ready or failed answer. */
  final?: QuestionRecord;
}

/** Options of {@link relayAnswer}. */
export interface RelayOptions {
  feed: AnswerFeed;
  tenant: string;
  questionId: string;
  /** Shows a draft in the channel (posts it first, edits it after). */
  show(draft: AnswerDraft): Promise<void>;
  logger: Logger;
  /** Least time between two shown drafts, ms. @defaultValue 1000 */
  intervalMs?: number;
  /** @defaultValue Date.now */
  now?: () => number;
}

/**
 * Follows a question's answer events and shows it in a channel while it streams: the first text
 * at once, then at most one edit per `intervalMs`, and always the final answer. A draft that
 * fails to show (the platform down or limiting after its client's own retries) is logged and
 * skipped; the final answer that fails to show rejects, for the delivery to try again later. An
 * answer already finished (a delivery's later attempt) is shown final at once.
 */
export async function relayAnswer(opts: RelayOptions): Promise<void> {
  const { feed, tenant, questionId, logger } = opts;
  const now = opts.now ?? Date.now;
  const interval = opts.intervalMs ?? 1000;
  const showFinal = (record: QuestionRecord) =>
    opts.show({ questionId, text: record.response, sources: record.sources, final: record });
  const before = await feed.question(tenant, questionId);
  if (before.is_ready) return showFinal(before);
  let text = '';
  let sources: Source[] = [];
  let shownAt = -Infinity;
  let shownText = '';
  for await (const item of feed.events(tenant, questionId)) {
    const event = item?.event;
    if (!event) continue;
    if (event.type === 'status' && event.data.restarted) text = '';
    if (event.type === 'delta') text += event.data.text;
    if (event.type === 'sources') sources = event.data.sources;
    if (event.type === 'done' || event.type === 'error') break;
    if (!text || text === shownText || now() - shownAt < interval) continue;
    try {
      await opts.show({ questionId, text, sources });
      shownAt = now();
      shownText = text;
    } catch (err) {
      logger.warn({ err: summary(err), questionId }, 'a channel could not show an answer draft');
    }
  }
  await showFinal(await feed.question(tenant, questionId));
}

/** An error as logs may show it: its name, code and message, never the request it carried. */
export function summary(err: unknown): { name?: string; code?: unknown; message: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  return { name: err.name, code: (err as { code?: unknown }).code, message: err.message };
}
