import type { Redis } from 'ioredis';
import type { Channel, FeedbackRequest, QuestionRecord } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import { words } from '@docqa/tokenize';
import { latencyBucket } from './latency-histogram';
import { encodeEntry, encodeFeedback, entryOf, pageUrl } from './log-entry';
import { dayOf, startOfDay } from './period';
import logFeedbackScript from './lua/log-feedback.lua';
import logQuestionScript from './lua/log-question.lua';

const DAY_S = 86_400;

interface LogCommands {
  logQuestion(...args: (string | number)[]): Promise<number>;
  logFeedback(...args: string[]): Promise<number>;
}

/** The text top questions are grouped by: its words, lower-cased, accents folded. */
export function normaliseQuestion(text: string): string {
  return words(text).join(' ');
}

/** What {@link QuestionLog.questionEnded} needs of a question. */
export interface EndedQuestion {
  tenant: string;
  channel: Channel;
  record: QuestionRecord;
}

/**
 * Writes the question log: one entry per ended question (idempotent, so a retried job logs once)
 * and the latest rating per question, with per-day counters kept in the same Lua scripts so
 * reports read aggregates. Every key lives `retentionDays` past its day, apart from the records.
 */
export class QuestionLog {
  private readonly redis: Redis & LogCommands;

  constructor(
    private readonly deps: { redis: Redis; keys: Keys; retentionDays: number; now?: () => number },
  ) {
    const redis = deps.redis as Redis & Partial<LogCommands>;
    if (!redis.logQuestion) redis.defineCommand('logQuestion', { numberOfKeys: 13, lua: logQuestionScript });
    if (!redis.logFeedback) redis.defineCommand('logFeedback', { numberOfKeys: 5, lua: logFeedbackScript });
    this.redis = redis as Redis & LogCommands;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * Logs a question that ended (ready or failed). `firstPartialAt` is when its first partial
   * answer was written (epoch ms), if any. Returns false when it was logged already.
   */
  async questionEnded(question: EndedQuestion, firstPartialAt: number | null = null): Promise<boolean> {
    const { keys } = this.deps;
    const { tenant, record } = question;
    const entry = entryOf(record, question.channel, { endedAt: this.now(), firstPartialAt });
    const asked = Date.parse(record.created_at);
    const day = dayOf(asked);
    // Without a version the version keys are the tenant's own; the script leaves them alone.
    const version = record.version ?? '';
    const scoped = (kind: 'agg' | 'tq' | 'tw' | 'td', tenantWide: string) =>
      version ? keys.analyticsVersion(tenant, day, version, kind) : tenantWide;
    const docs = new Map<string, [string, string, string | null]>();
    for (const s of record.sources)
      if (s.cited && !docs.has(s.document_id))
        docs.set(s.document_id, [s.document_id, s.title, pageUrl(s.url)]);
    const logged = await this.redis.logQuestion(
      keys.analyticsQuestions(tenant, day),
      keys.analyticsDay(tenant, day),
      keys.analyticsTopQuestions(tenant, day),
      keys.analyticsQuestionWordings(tenant, day),
      keys.analyticsTopDocuments(tenant, day),
      keys.analyticsGaps(tenant, day),
      keys.analyticsChat(tenant, record.chat_id),
      keys.analyticsChats(tenant, day),
      keys.analyticsDocuments(tenant),
      scoped('agg', keys.analyticsDay(tenant, day)),
      scoped('tq', keys.analyticsTopQuestions(tenant, day)),
      scoped('tw', keys.analyticsQuestionWordings(tenant, day)),
      scoped('td', keys.analyticsTopDocuments(tenant, day)),
      record.id,
      encodeEntry(entry),
      this.expiryOf(asked),
      asked,
      entry.channel,
      entry.status,
      entry.not_covered ? '1' : '0',
      entry.ready_ms === null ? '' : latencyBucket(entry.ready_ms),
      entry.first_partial_ms === null ? '' : latencyBucket(entry.first_partial_ms),
      normaliseQuestion(record.text),
      record.text,
      record.chat_id,
      day,
      this.deps.retentionDays * DAY_S,
      keys.analyticsChats(tenant, 'DAY'),
      JSON.stringify([...docs.values()]),
      version,
    );
    if (logged !== 1) return false;
    // A rating given while the answer was still being written waited for the entry.
    const pending = await this.redis.getdel(keys.analyticsPendingFeedback(tenant, record.id));
    if (pending) await this.rate(tenant, record, JSON.parse(pending) as FeedbackRequest);
    return true;
  }

  /**
   * Records the latest rating of a question (a new rating replaces the previous one). A rating of
   * a question not logged yet is kept until it is.
   */
  async feedback(tenant: string, record: QuestionRecord, feedback: FeedbackRequest): Promise<void> {
    if (await this.rate(tenant, record, feedback)) return;
    await this.redis.set(
      this.deps.keys.analyticsPendingFeedback(tenant, record.id),
      JSON.stringify(feedback),
      'EX',
      this.deps.retentionDays * DAY_S,
    );
  }

  private async rate(tenant: string, record: QuestionRecord, feedback: FeedbackRequest): Promise<boolean> {
    const { keys } = this.deps;
    const day = dayOf(Date.parse(record.created_at));
    const logged = await this.redis.logFeedback(
      keys.analyticsQuestions(tenant, day),
      keys.analyticsDay(tenant, day),
      keys.analyticsGaps(tenant, day),
      keys.analyticsChat(tenant, record.chat_id),
      record.version
        ? keys.analyticsVersion(tenant, day, record.version, 'agg')
        : keys.analyticsDay(tenant, day),
      record.id,
      feedback.rating,
      encodeFeedback({
        rating: feedback.rating,
        details: feedback.details ?? null,
        url: feedback.url ?? null,
      }),
      record.version ? '1' : '',
    );
    return logged === 1;
  }

  /** Unix time the keys of the day holding `ms` expire: the day's end plus the retention. */
  private expiryOf(ms: number): number {
    return Math.floor(startOfDay(ms) / 1000) + (this.deps.retentionDays + 1) * DAY_S;
  }
}
