import type { Filter, IntegrationKind, QuestionCreated } from '@docqa/contracts';
import { NotFoundError, RateLimitedError } from '@docqa/errors';
import type { ChannelEngine } from './channel-engine';
import type { ChannelThreads } from './channel-threads';

/** A question asked in Slack or Discord, as {@link askInChannel} takes it. */
export interface ChannelQuestion {
  kind: IntegrationKind;
  /** The integration's tenant and the filters it enforces. */
  asker: { tenant: string; filters: Filter[] };
  /** The workspace or application id: whose budget the member spends. */
  integration: string;
  /** The Slack or Discord user id. */
  member: string;
  question: string;
  /** The chat the thread continues, if any. */
  chatId: string | null;
  /** The thread to link to the question's chat (none: the delivery links it once it exists). */
  thread?: string;
}

/**
 * The API's half of a channel question, the same for Slack and Discord: spends the member's
 * budget, records and enqueues the question (a follow-up in `chatId`, or a new chat when that chat
 * expired) and links the thread to its chat. Over the limit, the notice to show the member.
 */
export async function askInChannel(
  deps: { engine: ChannelEngine; threads: ChannelThreads },
  q: ChannelQuestion,
): Promise<QuestionCreated | { notice: string }> {
  const { engine, threads } = deps;
  try {
    await engine.consumeMember(`${q.kind}:${q.integration}`, q.member);
  } catch (err) {
    if (err instanceof RateLimitedError)
      return { notice: `You are asking faster than I can answer: ${err.message}.` };
    throw err;
  }
  const created = await engine
    .ask(q.asker, { question: q.question, chat_id: q.chatId ?? undefined }, q.kind)
    .catch((err: unknown) => {
      // The thread outlived its chat's records (or a follow-up button of another tenant's chat).
      if (err instanceof NotFoundError && q.chatId)
        return engine.ask(q.asker, { question: q.question }, q.kind);
      throw err;
    });
  if (q.thread) await threads.remember(q.kind, q.asker.tenant, q.thread, created.chat_id);
  return created;
}
