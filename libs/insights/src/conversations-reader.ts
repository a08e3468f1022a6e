import type { Redis } from 'ioredis';
import {
  ChannelSchema,
  type ConversationDetail,
  type ConversationList,
  type ConversationSummary,
  type ConversationsQuery,
  type ConversationTurn,
  type LoggedQuestion,
} from '@docqa/contracts';
import { NotFoundError, ValidationError } from '@docqa/errors';
import type { QuestionStore, StoredQuestion } from '@docqa/records';
import type { Keys } from '@docqa/redis';
import { isNotCovered } from './log-entry';
import { LogReader, parseRefs } from './log-reader';
import { daysOf, resolvePeriod, type Period } from './period';
import { normaliseQuestion } from './question-log';

/** Chats read from one day's sorted set per round trip. */
const BATCH = 200;

/** Chats one request of `GET /admin/conversations/` examines at most. */
export const SCAN_BUDGET = 5_000;

interface Cursor {
  t: number;
  c: string;
}

/** Progress of one page's scan, newest chat first. */
interface Scan {
  items: ConversationSummary[];
  scanned: number;
  /** The last chat examined (the next page starts after it). */
  position: Cursor | null;
  stop?: 'full' | 'budget';
}

/**
 * `GET /admin/conversations/` and `GET /admin/conversations/{chat_id}`: chats from the question
 * log (newest activity first, each listed under the day of its latest question), opened from the
 * records while they exist and from the log after.
 */
export class ConversationsReader {
  private readonly log: LogReader;

  constructor(
    private readonly deps: {
      redis: Redis;
      keys: Keys;
      store: QuestionStore;
      retentionDays: number;
      now?: () => number;
    },
  ) {
    this.log = new LogReader(deps);
  }

  /**
   * One page of chats. A filtered page examines at most {@link SCAN_BUDGET} chats: when that runs
   * out first, the page ends early (even empty) with a `next_cursor` to continue from.
   */
  async list(tenant: string, query: ConversationsQuery): Promise<ConversationList> {
    const period = resolvePeriod(query, this.deps.now?.() ?? Date.now(), this.deps.retentionDays);
    const scan: Scan = { items: [], scanned: 0, position: query.cursor ? decodeCursor(query.cursor) : null };
    for (const day of daysOf(period).reverse()) {
      await this.scanDay(tenant, day, period, query, scan);
      if (scan.stop) break;
    }
    const page = scan.items.slice(0, query.limit);
    const last = page[page.length - 1];
    if (scan.stop === 'full' && last)
      return { items: page, next_cursor: encodeCursor({ t: Date.parse(last.last_at), c: last.chat_id }) };
    if (scan.stop === 'budget' && scan.position)
      return { items: page, next_cursor: encodeCursor(scan.position) };
    return { items: page, next_cursor: null };
  }

  /** Examines one day's chats after the scan's position, newest first, until the scan stops. */
  private async scanDay(
    tenant: string,
    day: string,
    period: Period,
    query: ConversationsQuery,
    scan: Scan,
  ): Promise<void> {
    const key = this.deps.keys.analyticsChats(tenant, day);
    let max = Math.min(period.to - 1, scan.position?.t ?? Infinity);
    for (;;) {
      const raw = await this.deps.redis.zrevrangebyscore(
        key,
        max,
        period.from,
        'WITHSCORES',
        'LIMIT',
        0,
        BATCH,
      );
      const members: Cursor[] = [];
      for (let i = 0; i < raw.length; i += 2) members.push({ c: raw[i]!, t: Number(raw[i + 1]) });
      const at = scan.position;
      const fresh = members.filter((m) => !at || m.t < at.t || (m.t === at.t && m.c < at.c));
      const summaries = await this.summaries(tenant, fresh, query);
      for (const [i, member] of fresh.entries()) {
        const summary = summaries[i];
        if (summary) scan.items.push(summary);
        // One more than the page tells whether another page follows.
        if (scan.items.length > query.limit) return void (scan.stop = 'full');
        scan.position = member;
        if (++scan.scanned >= SCAN_BUDGET) return void (scan.stop = 'budget');
      }
      if (members.length < BATCH) return;
      max = members[members.length - 1]!.t;
    }
  }

  private async summaries(
    tenant: string,
    members: Cursor[],
    query: ConversationsQuery,
  ): Promise<(ConversationSummary | null)[]> {
    if (!members.length) return [];
    const pipeline = this.deps.redis.pipeline();
    for (const m of members) pipeline.hgetall(this.deps.keys.analyticsChat(tenant, m.c));
    const hashes = ((await pipeline.exec()) ?? []).map(([, h]) => (h ?? {}) as Record<string, string>);
    const texts = query.q ? await this.questionTexts(tenant, hashes) : [];
    const wanted = query.q ? ` ${normaliseQuestion(query.q)} ` : '';
    return members.map((m, i) => {
      const h = hashes[i]!;
      if (!h.last) return null;
      const summary: ConversationSummary = {
        chat_id: m.c,
        first_question: h.first ?? '',
        questions: Number(h.n ?? 0),
        last_at: new Date(Number(h.last)).toISOString(),
        feedback: { up: Math.max(0, Number(h.up ?? 0)), down: Math.max(0, Number(h.down ?? 0)) },
        not_covered: Number(h.nc ?? 0),
        channel: ChannelSchema.safeParse(h.ch).data ?? 'api',
        version: h.v || null,
      };
      if (!matches(summary, query)) return null;
      // `q` matches whole words of one of the chat's questions, in order.
      if (query.q && !texts[i]!.some((t) => ` ${normaliseQuestion(t)} `.includes(wanted))) return null;
      return summary;
    });
  }

  /** The logged question texts of each chat, read in one round trip. */
  private async questionTexts(tenant: string, hashes: Record<string, string>[]): Promise<string[][]> {
    const refs = hashes.map((h) => parseRefs(h.refs));
    const entries = await this.log.entries(tenant, refs.flat());
    const byId = new Map(entries.map((e) => [e.question_id, e.text]));
    return refs.map((r) => r.flatMap((ref) => byId.get(ref.questionId) ?? []));
  }

  /** A chat of the tenant with its questions, answers (while the records exist), sources and feedback. */
  async get(tenant: string, chatId: string): Promise<ConversationDetail> {
    const summary = await this.deps.redis.hgetall(this.deps.keys.analyticsChat(tenant, chatId));
    const logged = await this.log.entries(tenant, parseRefs(summary.refs));
    const byId = new Map(logged.map((e) => [e.question_id, e]));
    const chat = await this.deps.store.getChat(tenant, chatId).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    if (chat) {
      const stored = await this.deps.store.getMany(chat.questions.map((q) => q.id));
      return {
        chat_id: chatId,
        source: 'records',
        questions: stored.map((s) => turnOfRecord(s, byId.get(s.record.id))),
      };
    }
    if (!logged.length) throw new NotFoundError(`chat ${chatId} was not found`);
    const docs = await this.log.documents(
      tenant,
      logged.flatMap((e) => e.cited_document_ids),
    );
    const turns = logged.sort((a, b) => a.asked_at.localeCompare(b.asked_at)).map((e) => turnOfLog(e, docs));
    return { chat_id: chatId, source: 'log', questions: turns };
  }
}

function matches(s: ConversationSummary, query: ConversationsQuery): boolean {
  if (query.feedback && s.feedback[query.feedback] <= 0) return false;
  if (query.not_covered !== undefined && s.not_covered > 0 !== query.not_covered) return false;
  if (query.version && s.version !== query.version) return false;
  return !query.channel || s.channel === query.channel;
}

function turnOfRecord(stored: StoredQuestion, entry: LoggedQuestion | undefined): ConversationTurn {
  const r = stored.record;
  return {
    question_id: r.id,
    text: r.text,
    asked_at: r.created_at,
    channel: stored.channel,
    status: r.status,
    not_covered: entry?.not_covered ?? isNotCovered(r),
    answer: r.response,
    sources: r.sources.map((s) => ({
      document_id: s.document_id,
      title: s.title,
      url: s.url,
      cited: s.cited,
    })),
    feedback: entry?.feedback ?? null,
    first_partial_ms: entry?.first_partial_ms ?? null,
    ready_ms: entry?.ready_ms ?? null,
    page_url: r.page_url ?? null,
    version: r.version ?? null,
  };
}

function turnOfLog(
  e: LoggedQuestion,
  docs: Map<string, { title: string; url: string | null }>,
): ConversationTurn {
  return {
    question_id: e.question_id,
    text: e.text,
    asked_at: e.asked_at,
    channel: e.channel,
    status: e.status,
    not_covered: e.not_covered,
    answer: null,
    sources: e.cited_document_ids.map((id) => ({ document_id: id, ...docs.get(id)!, cited: true })),
    feedback: e.feedback,
    first_partial_ms: e.first_partial_ms,
    ready_ms: e.ready_ms,
    page_url: null,
    version: e.version,
  };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.t, cursor.c])).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const [t, c] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof t === 'number' && Number.isFinite(t) && typeof c === 'string') return { t, c };
  } catch {
    // reported below
  }
  throw new ValidationError('the cursor is invalid', {
    errors: [{ path: 'query.cursor', message: 'must be the next_cursor of a previous page' }],
  });
}
