import type { AnswerEvent, ChatRecord, Problem, QuestionStatus, Source } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { ChangeFeed } from '@docqa/redis';
import type {
  AnswerRecords,
  NewQuestion,
  QuestionRecords,
  StoredEvent,
  StoredQuestion,
  WriteResult,
} from './question-store';

/**
 * In-memory question records for unit tests, with the store's rules: a ready or failed record never
 * changes again, a write of an attempt that is not the current one is `stale`, and every write
 * appends its event to the question's stream and wakes {@link feed}'s waiters. No idempotency keys.
 */
export class InMemoryQuestionStore implements AnswerRecords, QuestionRecords {
  readonly questions = new Map<string, StoredQuestion>();
  /** Every write, in order, as `op:question`. */
  readonly writes: string[] = [];
  private readonly events = new Map<string, StoredEvent[]>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private seq = 0;

  /** Change notifications of these records, as `ChangeFeed` gives them for Redis. */
  readonly feed: Pick<ChangeFeed, 'waitForChange'> = {
    waitForChange: async (id, { timeoutMs, signal, alreadyChanged }) => {
      if (await alreadyChanged?.()) return true;
      return new Promise<boolean>((resolve) => {
        const waiters = this.waiters.get(id) ?? new Set();
        this.waiters.set(id, waiters);
        const done = (changed: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          signal?.removeEventListener('abort', abort);
          resolve(changed);
        };
        const wake = () => done(true);
        const abort = () => done(false);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(wake);
        signal?.addEventListener('abort', abort, { once: true });
      });
    },
  };

  async create(
    input: NewQuestion,
  ): Promise<{ questionId: string; chatId: string; replayed: boolean; reasked: boolean }> {
    if (input.chatId && (await this.missingChats(input.tenant, [input.chatId])).length)
      throw new NotFoundError(`chat ${input.chatId} was not found`);
    const id = this.nextId('q');
    const chatId = input.chatId ?? this.nextId('c');
    const now = new Date(0).toISOString();
    this.questions.set(id, {
      record: {
        id,
        text: input.text,
        response: '',
        is_ready: false,
        chat_id: chatId,
        status: 'queued',
        sources: [],
        created_at: now,
        updated_at: now,
      },
      tenant: input.tenant,
      filters: input.filters ?? [],
      metadata: input.metadata ?? {},
      version: 1,
      attempt: 0,
      priority: input.priority ?? 'interactive',
      channel: input.channel ?? 'api',
    });
    return { questionId: id, chatId, replayed: false, reasked: false };
  }

  async getStored(id: string): Promise<StoredQuestion | null> {
    const stored = this.questions.get(id);
    return stored ? structuredClone(stored) : null;
  }

  async get(tenant: string, id: string): Promise<StoredQuestion> {
    const stored = await this.getStored(id);
    if (!stored || stored.tenant !== tenant) throw new NotFoundError(`question ${id} was not found`);
    return stored;
  }

  async getChat(tenant: string, chatId: string): Promise<ChatRecord> {
    const questions = this.chatQuestions(tenant, chatId);
    if (!questions.length) throw new NotFoundError(`chat ${chatId} was not found`);
    return {
      id: chatId,
      created_at: questions[0]!.record.created_at,
      questions: questions.map((q) => q.record),
    };
  }

  async missingChats(tenant: string, chatIds: string[]): Promise<string[]> {
    return [...new Set(chatIds)].filter((id) => !this.chatQuestions(tenant, id).length);
  }

  async readEvents(id: string, afterId = '0', count = 500): Promise<StoredEvent[]> {
    const events = this.events.get(id) ?? [];
    const after = afterId === '0' ? -1 : events.findIndex((e) => e.id === afterId);
    return structuredClone(events.slice(after + 1, after + 1 + count));
  }

  async lastEventId(id: string): Promise<string | null> {
    return this.events.get(id)?.at(-1)?.id ?? null;
  }

  start(id: string, attempt: number, status: QuestionStatus): Promise<WriteResult> {
    const data = { status, ...(attempt > 1 ? { restarted: true, attempt } : {}) };
    return this.write(id, 'start', attempt, { type: 'status', data }, (r) => {
      Object.assign(r.record, { status, response: '', sources: [] });
      r.attempt = attempt;
    });
  }

  setStatus(id: string, attempt: number, status: QuestionStatus): Promise<WriteResult> {
    return this.write(id, 'status', attempt, { type: 'status', data: { status } }, (r) => {
      r.record.status = status;
    });
  }

  appendDelta(id: string, attempt: number, text: string): Promise<WriteResult> {
    return this.write(id, 'delta', attempt, { type: 'delta', data: { text } }, (r) => {
      r.record.response += text;
    });
  }

  setSources(id: string, attempt: number, sources: Source[]): Promise<WriteResult> {
    return this.write(id, 'sources', attempt, { type: 'sources', data: { sources } }, (r) => {
      r.record.sources = sources;
    });
  }

  async finish(id: string, attempt: number, sources: Source[]): Promise<WriteResult> {
    const current = this.questions.get(id);
    if (!current) return 'terminal';
    const record = { ...current.record, status: 'ready' as const, is_ready: true, sources };
    return this.write(id, 'finish', attempt, { type: 'done', data: { record } }, (r) => {
      r.record = record;
    });
  }

  async fail(id: string, problem: Problem): Promise<WriteResult> {
    const attempt = this.questions.get(id)?.attempt ?? 0;
    return this.write(id, 'fail', attempt, { type: 'error', data: { problem } }, (r) => {
      Object.assign(r.record, { status: 'failed', is_ready: true, error: problem });
    });
  }

  private chatQuestions(tenant: string, chatId: string): StoredQuestion[] {
    return [...this.questions.values()].filter((q) => q.tenant === tenant && q.record.chat_id === chatId);
  }

  private nextId(kind: 'q' | 'c'): string {
    return `${kind}_test${String(++this.seq).padStart(4, '0')}`;
  }

  private async write(
    id: string,
    op: string,
    attempt: number,
    event: AnswerEvent,
    change: (stored: StoredQuestion) => void,
  ): Promise<WriteResult> {
    const stored = this.questions.get(id);
    if (!stored || stored.record.is_ready) return 'terminal';
    if (op !== 'start' && stored.attempt !== attempt) return 'stale';
    change(stored);
    stored.version += 1;
    const eventId = `${stored.version}-0`;
    this.events.set(id, [...(this.events.get(id) ?? []), { id: eventId, event }]);
    this.writes.push(`${op}:${id}`);
    for (const wake of [...(this.waiters.get(id) ?? [])]) wake();
    return { version: stored.version, eventId };
  }
}
