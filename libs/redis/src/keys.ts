/**
 * Every Redis key docqa uses, built in one place under a configurable prefix so several
 * installations (or test files) can share one Redis.
 *
 * Keys carry a Redis Cluster hash tag (the part in `{}`) so every multi-key command, MULTI and
 * script touches one slot, while the data still spreads over the masters:
 * - a question's record, event stream and idempotency key: `{question id}`;
 * - a chat's record and question list: `{chat id}`;
 * - a tenant's documents, sources and question log: `{docs:tenant}`, `{src:tenant}`, `an:{tenant}`;
 * - tokens `{tokens}`, admin accounts `{admins}`, Slack and Discord integrations `{integrations}`
 *   and BullMQ's queues `{bull}` (BullMQ's cluster guidance: a queue prefix with a hash tag).
 * Single-key records (settings, feedback, sessions, rate limits) need no tag.
 */
export class Keys {
  constructor(readonly prefix: string) {}

  question(id: string): string {
    return `${this.prefix}:q:{${id}}`;
  }
  /** The answer's event stream (Redis Stream) of a question. */
  questionEvents(id: string): string {
    return `${this.prefix}:q:{${id}}:events`;
  }
  /** Pub/sub channel announcing a change of a question record. */
  questionChanged(id: string): string {
    return `${this.prefix}:changed:${id}`;
  }
  /** Pattern matching every {@link questionChanged} channel. */
  questionChangedPattern(): string {
    return `${this.prefix}:changed:*`;
  }
  chat(id: string): string {
    return `${this.prefix}:chat:{${id}}`;
  }
  /** List of a chat's question ids, oldest first. */
  chatQuestions(id: string): string {
    return `${this.prefix}:chat:{${id}}:questions`;
  }
  /**
   * The idempotency record of a question created with an `Idempotency-Key` (the question's id is
   * derived from the tenant and that key, so the record shares the question's slot).
   */
  idempotency(questionId: string): string {
    return `${this.prefix}:q:{${questionId}}:idem`;
  }
  /**
   * The installation's random secret that ids derived from an `Idempotency-Key` are keyed with,
   * so nobody computes them from a tenant and a guessed key.
   */
  idempotencySecret(): string {
    return `${this.prefix}:idem-secret`;
  }
  /** Token record, addressed by the SHA-256 of the clear token. */
  tokenByHash(hash: string): string {
    return `${this.prefix}:{tokens}:token:${hash}`;
  }
  /** Pub/sub channel announcing the hash of a revoked token. */
  tokenRevoked(): string {
    return `${this.prefix}:tokens:revoked`;
  }
  /** Hash of token id → token hash, for listing and revoking. */
  tokenIndex(): string {
    return `${this.prefix}:{tokens}:index`;
  }
  /** Hash of token id → when it was last used (ISO), written at most once a minute per process. */
  tokenLastUsed(): string {
    return `${this.prefix}:{tokens}:used`;
  }
  /** Set of every browser origin some token allows (answers CORS preflights). */
  allowedOrigins(): string {
    return `${this.prefix}:{tokens}:origins`;
  }
  /** An admin account of the portal (JSON), by lower-case email. */
  adminAccount(email: string): string {
    return `${this.prefix}:{admins}:admin:${email}`;
  }
  /** Set of every admin account's email. */
  adminAccounts(): string {
    return `${this.prefix}:{admins}:index`;
  }
  /** A portal session (JSON), addressed by the SHA-256 of its id; expires when idle. */
  adminSession(hash: string): string {
    return `${this.prefix}:session:${hash}`;
  }
  /** The audit log: a Redis Stream of admin actions, sign-ins and sign-outs, trimmed by age. */
  auditLog(): string {
    return `${this.prefix}:audit`;
  }
  /** A pending single sign-on (state, nonce, PKCE verifier), by its `state`; lives minutes. */
  oidcFlow(state: string): string {
    return `${this.prefix}:oidc:${state}`;
  }
  /** Prefix of the sign-in rate limits (per account, per IP). */
  signInRateLimit(): string {
    return `${this.prefix}:rl:signin`;
  }
  settings(tenant: string): string {
    return `${this.prefix}:settings:${tenant}`;
  }
  feedback(tenant: string): string {
    return `${this.prefix}:feedback:${tenant}`;
  }
  /** Hash of one stored document's record. */
  document(tenant: string, id: string): string {
    return `${this.prefix}:{docs:${tenant}}:doc:${id}`;
  }
  /** Sorted set of a tenant's document ids (cursor paging). */
  documentIndex(tenant: string): string {
    return `${this.prefix}:{docs:${tenant}}:index`;
  }
  /** Hash of a tenant's document id → its lower-case title, URL and id (`GET /documents/?q`). */
  documentSearch(tenant: string): string {
    return `${this.prefix}:{docs:${tenant}}:search`;
  }
  /** Hash of a tenant's versioned document ids → their docs version (`GET /versions/`). */
  documentVersions(tenant: string): string {
    return `${this.prefix}:{docs:${tenant}}:versions`;
  }
  /** Hash of a tenant's docs versions → how many documents have each, kept with {@link documentVersions}. */
  documentVersionCounts(tenant: string): string {
    return `${this.prefix}:{docs:${tenant}}:version-counts`;
  }
  /** The tenant's default docs version (a string key; absent: the newest). */
  defaultVersion(tenant: string): string {
    return `${this.prefix}:{docs:${tenant}}:default-version`;
  }
  /** Hash of an ingest job's progress. */
  ingestJob(id: string): string {
    return `${this.prefix}:job:${id}`;
  }
  /**
   * The idempotency record (JSON: the request's hash and the answer given) of an upload sent with
   * an `Idempotency-Key`; the job's id is derived from the tenant and that key.
   */
  uploadIdempotency(jobId: string): string {
    return `${this.prefix}:job:${jobId}:idem`;
  }
  /** A tenant's source (JSON). */
  source(tenant: string, id: string): string {
    return `${this.prefix}:{src:${tenant}}:src:${id}`;
  }
  /** Sorted set of a tenant's source ids. */
  sourceIndex(tenant: string): string {
    return `${this.prefix}:{src:${tenant}}:index`;
  }
  /** Hash of a source's pages: page URL → what the last sync saw (validators, content hash). */
  sourcePages(tenant: string, id: string): string {
    return `${this.prefix}:{src:${tenant}}:src:${id}:pages`;
  }
  /** List of a source's latest syncs (JSON), newest first. */
  sourceSyncs(tenant: string, id: string): string {
    return `${this.prefix}:{src:${tenant}}:src:${id}:syncs`;
  }
  /**
   * Hash of the pages whose documents a source's sync is indexing (page URL → document id), written
   * before the documents and dropped once their states are recorded: a delete removes them too.
   */
  sourceIndexing(tenant: string, id: string): string {
    return `${this.prefix}:{src:${tenant}}:src:${id}:indexing`;
  }
  /** The lease of the sync running for a source (one at a time). */
  sourceLease(tenant: string, id: string): string {
    return `${this.prefix}:{src:${tenant}}:src:${id}:lease`;
  }
  /** Question log of a tenant's UTC day (`YYYYMMDD`): hash of question id → compact entry. */
  analyticsQuestions(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:q`;
  }
  /** Counters of a tenant's day: questions, not covered, ratings, channels, latency histograms. */
  analyticsDay(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:agg`;
  }
  /**
   * The day's counters, top questions, their wordings and top documents of the questions asked in
   * one docs version (`kind` `agg`, `tq`, `tw`, `td` as the tenant-wide keys).
   */
  analyticsVersion(tenant: string, day: string, version: string, kind: 'agg' | 'tq' | 'tw' | 'td'): string {
    return `${this.prefix}:an:{${tenant}}:${day}:v:${version}:${kind}`;
  }
  /** Sorted set of a day's normalised question texts by times asked. */
  analyticsTopQuestions(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:tq`;
  }
  /** Search-box counters of a tenant's day: `searches`, `no_results`. */
  analyticsSearchDay(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:sagg`;
  }
  /** Sorted set of a day's normalised search-box queries by times searched. */
  analyticsTopSearches(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:ts`;
  }
  /** Sorted set of a day's normalised search-box queries that found nothing, by times searched. */
  analyticsNoResultSearches(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:tn`;
  }
  /** Hash of a day's normalised question text → its first wording. */
  analyticsQuestionWordings(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:tw`;
  }
  /** Sorted set of a day's cited document ids by citations. */
  analyticsTopDocuments(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:td`;
  }
  /** Sorted set of a day's failed (not covered, thumbs down) question ids by time asked. */
  analyticsGaps(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:gap`;
  }
  /** Sorted set of the chats whose last question was asked that day, by its time. */
  analyticsChats(tenant: string, day: string): string {
    return `${this.prefix}:an:{${tenant}}:${day}:chats`;
  }
  /** Hash summarising one logged chat (first question, counts, its questions' days and ids). */
  analyticsChat(tenant: string, chatId: string): string {
    return `${this.prefix}:an:{${tenant}}:chat:${chatId}`;
  }
  /** Hash of cited document id → [title, url] JSON, for reports. */
  analyticsDocuments(tenant: string): string {
    return `${this.prefix}:an:{${tenant}}:docs`;
  }
  /** Feedback given before its question was logged, applied when it is. */
  analyticsPendingFeedback(tenant: string, questionId: string): string {
    return `${this.prefix}:an:{${tenant}}:fb:${questionId}`;
  }
  /** Scratch key of one report's union of per-day sorted sets (deleted by the same script). */
  analyticsScratch(tenant: string): string {
    return `${this.prefix}:an:{${tenant}}:tmp`;
  }
  /** A tenant's evaluation set (JSON: description, dates, items). */
  evalSet(tenant: string, name: string): string {
    return `${this.prefix}:{ev:${tenant}}:set:${name}`;
  }
  /** Sorted set of a tenant's evaluation set names by last change. */
  evalSets(tenant: string): string {
    return `${this.prefix}:{ev:${tenant}}:sets`;
  }
  /** Sorted set of a set's run ids by start time. */
  evalRuns(tenant: string, name: string): string {
    return `${this.prefix}:{ev:${tenant}}:set:${name}:runs`;
  }
  /** An evaluation run's summary (JSON: status, progress, tally, what it ran with). */
  evalRun(tenant: string, runId: string): string {
    return `${this.prefix}:{ev:${tenant}}:run:${runId}`;
  }
  /** The items a run asks, as they were when it started (JSON array). */
  evalRunItems(tenant: string, runId: string): string {
    return `${this.prefix}:{ev:${tenant}}:run:${runId}:items`;
  }
  /** Hash of a run's item index → its result (JSON). */
  evalRunResults(tenant: string, runId: string): string {
    return `${this.prefix}:{ev:${tenant}}:run:${runId}:results`;
  }
  /** Held (with a short expiry, renewed) while a process runs the run: gone, the run was abandoned. */
  evalRunAlive(tenant: string, runId: string): string {
    return `${this.prefix}:{ev:${tenant}}:run:${runId}:alive`;
  }
  /** A run's cancel flag, set by `POST …/cancel` and read by its runner between items. */
  evalRunCancel(tenant: string, runId: string): string {
    return `${this.prefix}:{ev:${tenant}}:run:${runId}:cancel`;
  }
  /**
   * A tenant's Slack or Discord integration (JSON; its secrets sealed with `SECRETS_KEY`). Tagged
   * `{integrations}` with the index, which changes with it in one transaction.
   */
  integration(kind: string, tenant: string): string {
    return `${this.prefix}:{integrations}:${kind}:${tenant}`;
  }
  /** Hash of Slack workspace id / Discord application id → the tenant whose integration it is. */
  integrationIndex(kind: string): string {
    return `${this.prefix}:{integrations}:index:${kind}`;
  }
  /** The chat a Slack thread or Discord thread continues (its id). */
  channelThread(kind: string, tenant: string, thread: string): string {
    return `${this.prefix}:thread:${kind}:${tenant}:${thread}`;
  }
  /** Claim of one incoming Slack message or Discord interaction, so a retry never asks twice. */
  channelDelivery(kind: string, id: string): string {
    return `${this.prefix}:delivery:${kind}:${id}`;
  }
  /**
   * Hash of one channel delivery's progress (keyed by its job id): the Slack message it posted and
   * the thread it started, a Discord interaction token sealed with `SECRETS_KEY`.
   */
  channelPost(deliveryId: string): string {
    return `${this.prefix}:channel-post:${deliveryId}`;
  }
  rateLimit(): string {
    return `${this.prefix}:rl`;
  }
  /** Prefix of the search box's rate-limit counters (apart from the questions'). */
  searchRateLimit(): string {
    return `${this.prefix}:rl:search`;
  }
  /** The stamp of the vector store the document records and page states describe (see `bindRecordsToStore`). */
  storeStamp(): string {
    return `${this.prefix}:store`;
  }
  /** The lease of the worker binding the records to the vector store (one at a time). */
  storeBinding(): string {
    return `${this.prefix}:store:binding`;
  }
  /** Version of the key layout the data is in (see `migrateKeyLayout`). */
  layoutVersion(): string {
    return `${this.prefix}:layout`;
  }
  /** Prefix BullMQ queues live under. */
  queuePrefix(): string {
    return `${this.prefix}:{bull}`;
  }
}
