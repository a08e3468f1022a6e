/**
 * Every Redis key docqa uses, built in one place under a configurable prefix so several
 * installations (or test files) can share one Redis.
 */
export class Keys {
  constructor(readonly prefix: string) {}

  question(id: string): string {
    return `${this.prefix}:q:${id}`;
  }
  /** The answer's event stream (Redis Stream) of a question. */
  questionEvents(id: string): string {
    return `${this.prefix}:q:${id}:events`;
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
    return `${this.prefix}:chat:${id}`;
  }
  /** List of a chat's question ids, oldest first. */
  chatQuestions(id: string): string {
    return `${this.prefix}:chat:${id}:questions`;
  }
  idempotency(tenant: string, key: string): string {
    return `${this.prefix}:idem:${tenant}:${key}`;
  }
  /** Token record, addressed by the SHA-256 of the clear token. */
  tokenByHash(hash: string): string {
    return `${this.prefix}:token:${hash}`;
  }
  /** The short-lived token the CLI minted for itself for a tenant and scopes (reused while valid). */
  cliToken(tenant: string, scopes: readonly string[]): string {
    return `${this.prefix}:cli-token:${tenant}:${[...scopes].sort().join(',')}`;
  }
  /** Pub/sub channel announcing the hash of a revoked token. */
  tokenRevoked(): string {
    return `${this.prefix}:tokens:revoked`;
  }
  /** Hash of token id → token hash, for listing and revoking. */
  tokenIndex(): string {
    return `${this.prefix}:tokens`;
  }
  /** Set of every browser origin some token allows (answers CORS preflights). */
  allowedOrigins(): string {
    return `${this.prefix}:origins`;
  }
  /** An admin account of the portal (JSON), by lower-case email. */
  adminAccount(email: string): string {
    return `${this.prefix}:admin:${email}`;
  }
  /** Set of every admin account's email. */
  adminAccounts(): string {
    return `${this.prefix}:admins`;
  }
  /** A portal session (JSON), addressed by the SHA-256 of its id; expires when idle. */
  adminSession(hash: string): string {
    return `${this.prefix}:session:${hash}`;
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
    return `${this.prefix}:doc:${tenant}:${id}`;
  }
  /** Sorted set of a tenant's document ids (cursor paging). */
  documentIndex(tenant: string): string {
    return `${this.prefix}:docs:${tenant}`;
  }
  /** Hash of an ingest job's progress. */
  ingestJob(id: string): string {
    return `${this.prefix}:job:${id}`;
  }
  /** A tenant's source (JSON). */
  source(tenant: string, id: string): string {
    return `${this.prefix}:src:${tenant}:${id}`;
  }
  /** Sorted set of a tenant's source ids. */
  sourceIndex(tenant: string): string {
    return `${this.prefix}:srcs:${tenant}`;
  }
  /** Hash of a source's pages: page URL → what the last sync saw (validators, content hash). */
  sourcePages(tenant: string, id: string): string {
    return `${this.prefix}:src:${tenant}:${id}:pages`;
  }
  /** List of a source's latest syncs (JSON), newest first. */
  sourceSyncs(tenant: string, id: string): string {
    return `${this.prefix}:src:${tenant}:${id}:syncs`;
  }
  /** The lease of the sync running for a source (one at a time). */
  sourceLease(tenant: string, id: string): string {
    return `${this.prefix}:src:${tenant}:${id}:lease`;
  }
  /** Question log of a tenant's UTC day (`YYYYMMDD`): hash of question id → compact entry. */
  analyticsQuestions(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:q`;
  }
  /** Counters of a tenant's day: questions, not covered, ratings, channels, latency histograms. */
  analyticsDay(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:agg`;
  }
  /** Sorted set of a day's normalised question texts by times asked. */
  analyticsTopQuestions(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:tq`;
  }
  /** Hash of a day's normalised question text → its first wording. */
  analyticsQuestionWordings(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:tw`;
  }
  /** Sorted set of a day's cited document ids by citations. */
  analyticsTopDocuments(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:td`;
  }
  /** Sorted set of a day's failed (not covered, thumbs down) question ids by time asked. */
  analyticsGaps(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:gap`;
  }
  /** Sorted set of the chats whose last question was asked that day, by its time. */
  analyticsChats(tenant: string, day: string): string {
    return `${this.prefix}:an:${tenant}:${day}:chats`;
  }
  /** Hash summarising one logged chat (first question, counts, its questions' days and ids). */
  analyticsChat(tenant: string, chatId: string): string {
    return `${this.prefix}:an:${tenant}:chat:${chatId}`;
  }
  /** Hash of cited document id → [title, url] JSON, for reports. */
  analyticsDocuments(tenant: string): string {
    return `${this.prefix}:an:${tenant}:docs`;
  }
  /** Feedback given before its question was logged, applied when it is. */
  analyticsPendingFeedback(tenant: string, questionId: string): string {
    return `${this.prefix}:an:${tenant}:fb:${questionId}`;
  }
  /** Scratch key of one report's union of per-day sorted sets (deleted by the same script). */
  analyticsScratch(tenant: string): string {
    return `${this.prefix}:an:${tenant}:tmp`;
  }
  rateLimit(): string {
    return `${this.prefix}:rl`;
  }
  /** Prefix BullMQ queues live under. */
  queuePrefix(): string {
    return `${this.prefix}:bull`;
  }
}
