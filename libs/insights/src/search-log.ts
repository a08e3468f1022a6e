import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/redis';
import { normaliseQuestion } from './question-log';
import { dayOf } from './period';

const DAY_S = 86_400;
/** How long a visitor's search waits for the next keystroke's before it is counted. */
const SETTLE_MS = 3_000;
/** Visitors whose last search waits at once (beyond, the oldest are counted at once). */
const MAX_WAITING = 10_000;

interface Waiting {
  tenant: string;
  query: string;
  results: number;
  at: number;
}

/**
 * Counts the search box's searches in the insights: per day, how many, how many found nothing,
 * and the queries searched most and those that found nothing. As-you-type sends a search per
 * keystroke: a visitor's search is counted once typing settles, that is when no search of the
 * same visitor extending it (`tok` → `toke` → `token`) follows within three seconds; so "token"
 * counts once, not its prefixes. The visitor key is held in memory only while it waits, and is
 * never written (no IPs are stored).
 */
export class SearchLog {
  private readonly waiting = new Map<string, Waiting>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      redis: Redis;
      keys: Keys;
      retentionDays: number;
      /** @defaultValue Date.now */
      now?: () => number;
      /** Told of a count that could not be written. */
      onError?: (error: unknown) => void;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** A search of `visitor` (any key of who searches) found `results` sections for `query`. */
  searched(tenant: string, visitor: string, query: string, results: number): void {
    const normalised = normaliseQuestion(query);
    if (!normalised) return;
    const key = `${tenant}\n${visitor}`;
    const before = this.waiting.get(key);
    if (before && !normalised.startsWith(before.query) && !before.query.startsWith(normalised)) {
      this.count([before]);
    }
    this.waiting.delete(key);
    this.waiting.set(key, { tenant, query: normalised, results, at: this.now() });
    if (this.waiting.size > MAX_WAITING) {
      const [oldest] = this.waiting;
      this.waiting.delete(oldest![0]);
      this.count([oldest![1]]);
    }
    this.timer ??= setInterval(() => this.settle(), SETTLE_MS / 3).unref();
  }

  /** Counts the searches no keystroke followed for {@link SETTLE_MS} (every one with `all`). */
  settle(all = false): Promise<void> {
    const due: Waiting[] = [];
    for (const [key, search] of this.waiting) {
      if (!all && this.now() - search.at < SETTLE_MS) continue;
      this.waiting.delete(key);
      due.push(search);
    }
    if (!this.waiting.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
    return this.count(due);
  }

  /** Counts what waits, and stops. */
  close(): Promise<void> {
    return this.settle(true);
  }

  /** Writes the counts, one transaction per tenant (a tenant's keys share a hash slot). */
  private async count(searches: Waiting[]): Promise<void> {
    const byTenant = new Map<string, Waiting[]>();
    for (const search of searches)
      byTenant.set(search.tenant, [...(byTenant.get(search.tenant) ?? []), search]);
    await Promise.all([...byTenant.values()].map((list) => this.countOf(list)));
  }

  private async countOf(searches: Waiting[]): Promise<void> {
    const { redis, keys, retentionDays } = this.deps;
    const multi = redis.multi();
    for (const { tenant, query, results, at } of searches) {
      const day = dayOf(at);
      const expireAt = Math.floor(at / 1000) + (retentionDays + 1) * DAY_S;
      const counters = keys.analyticsSearchDay(tenant, day);
      const top = keys.analyticsTopSearches(tenant, day);
      multi.hincrby(counters, 'searches', 1).zincrby(top, 1, query);
      multi.expireat(counters, expireAt).expireat(top, expireAt);
      if (!results) {
        const none = keys.analyticsNoResultSearches(tenant, day);
        multi.hincrby(counters, 'no_results', 1).zincrby(none, 1, query).expireat(none, expireAt);
      }
    }
    try {
      await multi.exec();
    } catch (error) {
      this.deps.onError?.(error);
    }
  }
}
