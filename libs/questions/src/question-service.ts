import type { Channel, Filter, QuestionCreated, QuestionPriority, QuestionRequest } from '@docqa/contracts';
import type { QuestionRecords, StoredEvent, StoredQuestion } from '@docqa/records';
import type { ChangeFeed } from '@docqa/redis';
import type { QuestionQueue } from '@docqa/queue';
import { DependencyUnavailableError, NotFoundError, toProblem } from '@docqa/errors';
import type { VersionResolver } from '@docqa/retrieval';
import { QuestionEvents } from './question-events';

/** Who asks: the tenant and the filters its token enforces. */
export interface Asker {
  tenant: string;
  /** Filters ANDed into every question (a widget token's server-side filters). */
  filters: Filter[];
}

/** Longest long poll, seconds. */
export const MAX_WAIT_SECONDS = 30;

/**
 * The API side of questions: records them, enqueues them, reads them back (with long polling),
 * and tails their event streams for SSE.
 */
export class QuestionService {
  private readonly followed: QuestionEvents;

  constructor(
    private readonly deps: {
      store: QuestionRecords;
      queue: Pick<QuestionQueue, 'enqueue' | 'enqueueMany' | 'removeFinished'>;
      feed: Pick<ChangeFeed, 'waitForChange'>;
      /** Without it questions have no version (every document is searched). */
      versions?: VersionResolver;
    },
  ) {
    this.followed = new QuestionEvents(deps);
  }

  /**
   * Records and enqueues a question. A replayed idempotent request re-enqueues (a no-op for a live
   * job); a question it re-asks after an outage gets a fresh job.
   * @param opts.channel where the question entered (`api`, `widget`, `mcp`), kept in its record and
   *   the question log. @defaultValue 'api'
   * @param opts.admitted a check that must pass before anything is recorded (the caller's rate
   *   limit), already under way: the question's version is read meanwhile rather than after it,
   *   and its refusal is thrown rather than anything the version read found wrong.
   */
  async ask(
    asker: Asker,
    request: QuestionRequest,
    opts: { idempotencyKey?: string; channel?: Channel; admitted?: Promise<void> } = {},
  ): Promise<QuestionCreated & { replayed: boolean }> {
    const created = await this.record(
      asker,
      request,
      opts.idempotencyKey,
      'interactive',
      opts.channel ?? 'api',
      undefined,
      opts.admitted,
    );
    await this.enqueue(asker.tenant, [created.questionId], 'interactive', created.reasked);
    return { question_id: created.questionId, chat_id: created.chatId, replayed: created.replayed };
  }

  /**
   * Records and enqueues questions at batch priority, behind interactive ones. All or nothing for
   * bad input: every `chat_id` is checked first, and a 404 names each item whose chat is unknown
   * (`errors[].path` = `questions.N.chat_id`). Questions recorded before a later one fails are
   * still enqueued, so none is left pending; a replay under the same key returns them.
   */
  async askBatch(
    asker: Asker,
    requests: QuestionRequest[],
    idempotencyKey?: string,
  ): Promise<QuestionCreated[]> {
    await this.checkChats(asker.tenant, requests);
    // Every version named is checked before anything is asked.
    for (const [i, request] of requests.entries())
      if (request.version !== undefined)
        await this.deps.versions?.resolve(asker.tenant, request.version, { path: `questions.${i}.version` });
    const created: QuestionCreated[] = [];
    let reasked = false;
    try {
      for (const [i, request] of requests.entries()) {
        const key = idempotencyKey ? `${idempotencyKey}:${i}` : undefined;
        const result = await this.record(asker, request, key, 'batch', 'batch', `questions.${i}.version`);
        created.push({ question_id: result.questionId, chat_id: result.chatId });
        if (result.reasked) reasked = true;
      }
    } finally {
      if (created.length)
        await this.enqueue(
          asker.tenant,
          created.map((c) => c.question_id),
          'batch',
          reasked,
        );
    }
    return created;
  }

  private async checkChats(tenant: string, requests: QuestionRequest[]): Promise<void> {
    const chatIds = requests.flatMap((r) => (r.chat_id ? [r.chat_id] : []));
    if (!chatIds.length) return;
    const missing = new Set(await this.deps.store.missingChats(tenant, chatIds));
    if (!missing.size) return;
    throw new NotFoundError(`${missing.size} chat(s) of this batch were not found; nothing was asked`, {
      errors: requests.flatMap((r, i) =>
        r.chat_id && missing.has(r.chat_id)
          ? [{ path: `questions.${i}.chat_id`, message: `chat ${r.chat_id} was not found` }]
          : [],
      ),
    });
  }

  /**
   * The version a question runs in: the one it names, else its chat's (a follow-up keeps it),
   * else the default. A 400 names the known versions when the one named is unknown.
   */
  private async version(asker: Asker, request: QuestionRequest, path = 'version') {
    if (!this.deps.versions) return { several: false };
    const preferred =
      request.version === undefined && request.chat_id
        ? (await this.deps.store.getChat(asker.tenant, request.chat_id).catch(() => null))?.questions.find(
            (q) => q.version,
          )?.version
        : undefined;
    return this.deps.versions.resolve(asker.tenant, request.version, { path, preferred });
  }

  private async record(
    asker: Asker,
    request: QuestionRequest,
    idempotencyKey: string | undefined,
    priority: QuestionPriority,
    channel: Channel,
    path?: string,
    admitted?: Promise<void>,
  ) {
    const reading = this.version(asker, request, path);
    if (admitted) {
      // A refusal of `admitted` is the answer; a failed version read is then of no interest.
      reading.catch(() => undefined);
      await admitted;
    }
    const { version, several } = await reading;
    return this.deps.store.create({
      version,
      versionShown: several,
      tenant: asker.tenant,
      text: request.question,
      chatId: request.chat_id,
      filters: [...(request.filters ?? []), ...asker.filters],
      metadata: request.question_metadata,
      pageUrl: request.page_url,
      locale: request.locale,
      idempotencyKey,
      priority,
      channel,
    });
  }

  /**
   * A question of the tenant. With `waitSeconds`, waits until the record differs from
   * `knownVersion` (default: the version at the call) or is ready, up to the given seconds.
   */
  get(
    tenant: string,
    id: string,
    opts: { waitSeconds?: number; knownVersion?: number; signal?: AbortSignal } = {},
  ): Promise<StoredQuestion> {
    const wait = Math.min(opts.waitSeconds ?? 0, MAX_WAIT_SECONDS);
    // A plain read (no wait) is the store's own promise: no async frame of its own.
    if (!(wait > 0)) return this.deps.store.get(tenant, id);
    return this.waitedFor(tenant, id, wait, opts);
  }

  /** {@link get} with a wait of `wait` seconds. */
  private async waitedFor(
    tenant: string,
    id: string,
    wait: number,
    opts: { knownVersion?: number; signal?: AbortSignal },
  ): Promise<StoredQuestion> {
    const stored = await this.deps.store.get(tenant, id);
    const baseline = opts.knownVersion ?? stored.version;
    if (stored.version !== baseline || stored.record.is_ready) return stored;
    await this.deps.feed.waitForChange(id, {
      timeoutMs: wait * 1000,
      signal: opts.signal,
      alreadyChanged: async () => (await this.deps.store.getStored(id))?.version !== baseline,
    });
    return this.deps.store.get(tenant, id);
  }

  /** The question's events as they happen (see {@link QuestionEvents.follow}). */
  events(
    tenant: string,
    id: string,
    opts: { lastEventId?: string; signal?: AbortSignal; heartbeatMs?: number } = {},
  ): AsyncGenerator<StoredEvent | null> {
    return this.followed.follow(tenant, id, opts);
  }

  /** `replaceFinished`: some questions were re-asked, and their old failed job must not block a new one. */
  private async enqueue(
    tenant: string,
    ids: string[],
    priority: QuestionPriority,
    replaceFinished = false,
  ): Promise<void> {
    try {
      if (replaceFinished) await this.deps.queue.removeFinished(ids);
      if (ids.length === 1) await this.deps.queue.enqueue({ question_id: ids[0]!, tenant }, priority);
      else
        await this.deps.queue.enqueueMany(
          ids.map((question_id) => ({ question_id, tenant })),
          priority,
        );
    } catch (err) {
      const problem = new DependencyUnavailableError('the question queue is unavailable; try again', {
        cause: err,
      });
      // A question that can never be answered must not look pending.
      await Promise.all(ids.map((id) => this.deps.store.fail(id, toProblem(problem)).catch(() => undefined)));
      throw problem;
    }
  }
}
