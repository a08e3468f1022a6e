import type { ChatRecord, Problem, QuestionStatus, Source } from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { AnswerRecords, StoredQuestion, WriteResult } from './question-store';

/**
 * In-memory answer records for unit tests, with the store's write rules: a ready or failed record
 * never changes again, and a write of an attempt that is not the current one is `stale`.
 */
export class InMemoryAnswerRecords implements AnswerRecords {
  readonly questions = new Map<string, StoredQuestion>();
  /** Every write, in order, as `op:question`. */
  readonly writes: string[] = [];
  private seq = 0;

  /** Adds a queued question of `tenant` in chat `chatId` and returns its id. */
  add(tenant: string, text: string, chatId = 'c_chat01'): string {
    const id = `q_test${String(++this.seq).padStart(4, '0')}`;
    const now = new Date(0).toISOString();
    this.questions.set(id, {
      record: {
        id,
        text,
        response: '',
        is_ready: false,
        chat_id: chatId,
        status: 'queued',
        sources: [],
        created_at: now,
        updated_at: now,
      },
      tenant,
      filters: [],
      metadata: {},
      version: 1,
      attempt: 0,
      priority: 'interactive',
      channel: 'api',
    });
    return id;
  }

  async getStored(id: string): Promise<StoredQuestion | null> {
    const stored = this.questions.get(id);
    return stored ? structuredClone(stored) : null;
  }

  async getChat(tenant: string, chatId: string): Promise<ChatRecord> {
    const questions = [...this.questions.values()].filter(
      (q) => q.tenant === tenant && q.record.chat_id === chatId,
    );
    if (!questions.length) throw new NotFoundError(`chat ${chatId} was not found`);
    return {
      id: chatId,
      created_at: questions[0]!.record.created_at,
      questions: questions.map((q) => q.record),
    };
  }

  start(id: string, attempt: number, status: QuestionStatus): Promise<WriteResult> {
    return this.write(id, 'start', attempt, (r) => {
      Object.assign(r.record, { status, response: '', sources: [] });
      r.attempt = attempt;
    });
  }

  setStatus(id: string, attempt: number, status: QuestionStatus): Promise<WriteResult> {
    return this.write(id, 'status', attempt, (r) => void (r.record.status = status));
  }

  appendDelta(id: string, attempt: number, text: string): Promise<WriteResult> {
    return this.write(id, 'delta', attempt, (r) => void (r.record.response += text));
  }

  setSources(id: string, attempt: number, sources: Source[]): Promise<WriteResult> {
    return this.write(id, 'sources', attempt, (r) => void (r.record.sources = sources));
  }

  finish(id: string, attempt: number, sources: Source[]): Promise<WriteResult> {
    return this.write(id, 'finish', attempt, (r) => {
      Object.assign(r.record, { status: 'ready', is_ready: true, sources });
    });
  }

  async fail(id: string, problem: Problem): Promise<WriteResult> {
    const attempt = this.questions.get(id)?.attempt ?? 0;
    return this.write(id, 'fail', attempt, (r) => {
      Object.assign(r.record, { status: 'failed', is_ready: true, error: problem });
    });
  }

  private async write(
    id: string,
    op: string,
    attempt: number,
    change: (stored: StoredQuestion) => void,
  ): Promise<WriteResult> {
    const stored = this.questions.get(id);
    if (!stored || stored.record.is_ready) return 'terminal';
    if (op !== 'start' && stored.attempt !== attempt) return 'stale';
    change(stored);
    stored.version += 1;
    this.writes.push(`${op}:${id}`);
    return { version: stored.version, eventId: `${stored.version}-0` };
  }
}
