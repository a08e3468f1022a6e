import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  AnswerEventSchema,
  type ChatRecord,
  type Problem,
  type QuestionRecord,
  type QuestionStatus,
  type Source,
} from '@docqa/contracts';
import { IdempotencyConflictError, NotFoundError } from '@docqa/errors';
import { IdempotentIds, newId, type Keys } from '@docqa/redis';
import type { RecordStoreOptions } from './record-store-options';
import { withQuestionCommands, type QuestionChange, type QuestionCommands } from './question-commands';
import {
  fromHash,
  isId,
  pageAndLocale,
  type NewQuestion,
  type StoredEvent,
  type StoredQuestion,
  type WriteResult,
} from './stored-question';

export type { NewQuestion, StoredEvent, StoredQuestion, WriteResult } from './stored-question';

/**
 * Question and chat records in Redis: creation (with idempotency), reads, and the writes the
 * worker makes while answering. Every write bumps the record's version, appends an event to the
 * question's stream and publishes on its change channel, in one Lua script.
 */
export class QuestionStore {
  private readonly redis: Redis & QuestionCommands;
  private readonly keys: Keys;
  private readonly ttlSeconds: number;
  private readonly idempotentIds: IdempotentIds;

  constructor(deps: RecordStoreOptions) {
    this.keys = deps.keys;
    this.ttlSeconds = deps.ttlSeconds;
    this.idempotentIds = new IdempotentIds(deps);
    this.redis = withQuestionCommands(deps.redis);
  }

  /**
   * Creates a question; a new chat when `chatId` is absent. With an idempotency key, the same key
   * and body return the first call's ids (`replayed: true`); another body throws a conflict.
   * A replayed question that failed because a dependency was down is asked again
   * (`reasked: true`): a retry after a 503 must get an answer, not the failure it retried.
   */
  async create(
    input: NewQuestion,
  ): Promise<{ questionId: string; chatId: string; replayed: boolean; reasked: boolean }> {
    // The question's keys and its chat's keys live in two hash slots (Redis Cluster), so creation
    // takes two scripts: the question first (with its idempotency record), then its place in the
    // chat. Under an Idempotency-Key the ids are derived from the key, so a retry of a creation
    // that stopped between the two finds the same ids and completes it.
    const key = input.idempotencyKey;
    const ids = this.idempotentIds;
    const questionId = key ? await ids.derive('q', input.tenant, key) : newId('q');
    const newChat = !input.chatId;
    const chatId = input.chatId ?? (key ? await ids.derive('c', input.tenant, key) : newId('c'));
    if (!newChat && (await this.missingChats(input.tenant, [chatId])).length)
      throw new NotFoundError(`chat ${input.chatId} was not found`);
    const filters = JSON.stringify(input.filters ?? []);
    const metadata = JSON.stringify(input.metadata ?? {});
    const requestHash = key
      ? createHash('sha256')
          .update(
            JSON.stringify([
              input.text,
              input.chatId ?? null,
              filters,
              metadata,
              ...pageAndLocale(input),
              ...(input.version ? [input.version] : []),
            ]),
          )
          .digest('hex')
      : '';
    const now = new Date().toISOString();
    const created = this.redis.createQuestion(
      this.keys.question(questionId),
      this.keys.questionEvents(questionId),
      this.keys.idempotency(questionId),
      questionId,
      chatId,
      input.tenant,
      input.text,
      filters,
      metadata,
      now,
      String(this.ttlSeconds),
      requestHash,
      input.priority ?? 'interactive',
      input.channel ?? 'api',
      input.pageUrl ?? '',
      input.locale ?? '',
      input.version ?? '',
      input.versionShown ? '1' : '',
    );
    // A new chat without a key has an id made just now: nothing holds it, so it is written as is.
    const fresh = newChat && !key;
    const addToChat = (cid: string, qid: string) =>
      this.redis.addChatQuestion(
        this.keys.chat(cid),
        this.keys.chatQuestions(cid),
        cid,
        input.tenant,
        now,
        String(this.ttlSeconds),
        fresh ? 'fresh' : newChat ? '1' : '0',
        qid,
      );
    // A new question in a new chat without a key has fresh ids: no replay or conflict can come
    // back, so its chat is written in the same round trip as the question (a failure of either
    // fails the request; a chat left naming a question that was never written skips it, as it
    // skips an expired one).
    if (fresh) {
      const [[outcome], added] = await Promise.all([created, addToChat(chatId, questionId)]);
      if (outcome !== 'created' || added !== 'ok')
        throw new Error(`a new question was not created as such (${outcome}, ${added})`);
      return { questionId, chatId, replayed: false, reasked: false };
    }
    const [outcome, qid, cid] = await created;
    if (outcome === 'conflict') {
      throw new IdempotencyConflictError(
        'this Idempotency-Key was already used with a different request body',
      );
    }
    const added = await addToChat(cid!, qid!);
    // Only when the chat expired between the check above and now: the question is left to expire.
    if (added === 'chat_not_found') throw new NotFoundError(`chat ${input.chatId} was not found`);
    const replayed = outcome === 'replay';
    const reasked = replayed && (await this.reaskAfterOutage(qid!));
    return { questionId: qid!, chatId: cid!, replayed, reasked };
  }

  /** The id of the question created under an idempotency key: the same for the same tenant and key. */
  idempotentQuestionId(tenant: string, key: string): Promise<string> {
    return this.idempotentIds.derive('q', tenant, key);
  }

  /** Puts a question that failed with a 503 problem back to queued (see reask-question.lua). */
  private async reaskAfterOutage(id: string): Promise<boolean> {
    const reasked = await this.redis.reaskQuestion(
      this.keys.question(id),
      this.keys.questionEvents(id),
      new Date().toISOString(),
      this.keys.questionChanged(id),
      String(this.ttlSeconds),
    );
    return reasked === 1;
  }

  /** A question with its internals, or null when unknown or expired. */
  getStored(id: string): Promise<StoredQuestion | null> {
    if (!isId(id)) return Promise.resolve(null);
    return this.redis.hgetall(this.keys.question(id)).then((hash) => (hash.id ? fromHash(hash) : null));
  }

  /**
   * A question of `tenant`; another tenant's question is reported as not found. Chained rather
   * than async: every read of a question (a poll is one) saves two promises and their turns.
   */
  get(tenant: string, id: string): Promise<StoredQuestion> {
    return this.getStored(id).then((stored) => {
      if (!stored || stored.tenant !== tenant) throw new NotFoundError(`question ${id} was not found`);
      return stored;
    });
  }

  /** The ids among `chatIds` that are no chat of `tenant` (unknown, expired or another tenant's). */
  async missingChats(tenant: string, chatIds: string[]): Promise<string[]> {
    const ids = [...new Set(chatIds)];
    const owners = await Promise.all(
      ids.map((id) => (isId(id) ? this.redis.hget(this.keys.chat(id), 'tenant') : null)),
    );
    return ids.filter((_, i) => owners[i] !== tenant);
  }

  /** A chat of `tenant` with its questions, oldest first. */
  async getChat(tenant: string, chatId: string): Promise<ChatRecord> {
    const chat = isId(chatId) ? await this.redis.hgetall(this.keys.chat(chatId)) : {};
    if (!chat.id || chat.tenant !== tenant) throw new NotFoundError(`chat ${chatId} was not found`);
    const ids = await this.redis.lrange(this.keys.chatQuestions(chatId), 0, -1);
    const questions = await this.getMany(ids);
    return { id: chatId, created_at: chat.created_at!, questions: questions.map((q) => q.record) };
  }

  /** Several questions by id, in order, skipping expired ones. */
  async getMany(ids: string[]): Promise<StoredQuestion[]> {
    // One command per question (each in its own hash slot), sent together rather than as a
    // pipeline, which a Redis Cluster refuses across slots.
    const hashes = await Promise.all(ids.map((id) => this.redis.hgetall(this.keys.question(id))));
    return hashes.flatMap((h) => (h.id ? [fromHash(h)] : []));
  }

  /** Events of a question's stream after `afterId` (exclusive; '0' for all). */
  async readEvents(id: string, afterId = '0', count = 500): Promise<StoredEvent[]> {
    const start = afterId === '0' ? '-' : `(${afterId}`;
    const entries = await this.redis.xrange(this.keys.questionEvents(id), start, '+', 'COUNT', count);
    return entries.map(([eventId, fields]) => {
      const type = fields[fields.indexOf('type') + 1];
      const data = JSON.parse(fields[fields.indexOf('data') + 1] ?? '{}');
      return { id: eventId, event: AnswerEventSchema.parse({ type, data }) };
    });
  }

  /** The id of the last event of a question's stream, or null when it has none. */
  async lastEventId(id: string): Promise<string | null> {
    const [entry] = await this.redis.xrevrange(this.keys.questionEvents(id), '+', '-', 'COUNT', 1);
    return entry?.[0] ?? null;
  }

  /** Starts (or restarts) answering: resets partial text and sources; the event says whether it restarts. */
  start(id: string, attempt: number, status: QuestionStatus): Promise<WriteResult> {
    const data = { status, ...(attempt > 1 ? { restarted: true, attempt } : {}) };
    return this.update(id, { op: 'start', attempt, event: { type: 'status', data }, arg: status });
  }

  setStatus(id: string, attempt: number, status: QuestionStatus): Promise<WriteResult> {
    return this.update(id, {
      op: 'status',
      attempt,
      event: { type: 'status', data: { status } },
      arg: status,
    });
  }

  appendDelta(id: string, attempt: number, text: string): Promise<WriteResult> {
    return this.update(id, { op: 'delta', attempt, event: { type: 'delta', data: { text } }, arg: text });
  }

  setSources(id: string, attempt: number, sources: Source[]): Promise<WriteResult> {
    const json = JSON.stringify(sources);
    return this.update(id, {
      op: 'sources',
      attempt,
      event: { type: 'sources', data: { sources } },
      arg: json,
    });
  }

  /** Marks the answer ready; the `done` event carries the final record. */
  async finish(id: string, attempt: number, sources: Source[]): Promise<WriteResult> {
    const current = await this.getStored(id);
    if (!current) return 'terminal';
    const now = new Date().toISOString();
    const record: QuestionRecord = {
      ...current.record,
      status: 'ready',
      is_ready: true,
      sources,
      updated_at: now,
    };
    return this.update(id, {
      op: 'finish',
      attempt,
      event: { type: 'done', data: { record } },
      arg: 'ready',
      sources: JSON.stringify(sources),
      now,
    });
  }

  /** Marks the question failed with a problem; works whatever the attempt (it is the last word). */
  async fail(id: string, problem: Problem): Promise<WriteResult> {
    const current = await this.getStored(id);
    if (!current) return 'terminal';
    const sources = JSON.stringify(current.record.sources);
    return this.update(id, {
      op: 'finish',
      attempt: current.attempt,
      event: { type: 'error', data: { problem } },
      arg: 'failed',
      sources,
      error: JSON.stringify(problem),
    });
  }

  private async update(id: string, change: QuestionChange): Promise<WriteResult> {
    const { op, attempt, event, arg, sources = '', error = '', now = new Date().toISOString() } = change;
    const [version, eventId] = await this.redis.updateQuestion(
      this.keys.question(id),
      this.keys.questionEvents(id),
      op,
      String(attempt),
      now,
      this.keys.questionChanged(id),
      event.type,
      JSON.stringify(event.data),
      arg,
      sources,
      error,
    );
    if (version === -1) return 'terminal';
    if (version === -2) return 'stale';
    return { version: Number(version), eventId: String(eventId) };
  }
}

/** The part of {@link QuestionStore} that answers a question (what the processor writes through). */
export type AnswerRecords = Pick<
  QuestionStore,
  'getStored' | 'getChat' | 'start' | 'setStatus' | 'appendDelta' | 'setSources' | 'finish' | 'fail'
>;

/** The part of {@link QuestionStore} the API side of questions uses (records, reads, event streams). */
export type QuestionRecords = Pick<
  QuestionStore,
  'create' | 'get' | 'getStored' | 'getChat' | 'fail' | 'missingChats' | 'readEvents' | 'lastEventId'
>;
