import type { Redis } from 'ioredis';
import { CHANNELS, type Insights, type InsightsBucket, type InsightsQuery } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';
import { histogramMedian } from './latency-histogram';
import { decodeDocument } from './log-entry';
import { dayStart, daysOf, resolvePeriod, startOfWeek } from './period';
import topMembersScript from './lua/top-members.lua';
import { searchInsights } from './search-insights';

/** Entries of the top questions and top documents lists. */
export const TOP_LIMIT = 10;

interface TopCommands {
  topMembers(...args: string[]): Promise<string[]>;
}

/** The keys of a day's counters and top lists: the tenant's, or one docs version's. */
interface Scope {
  day(day: string): string;
  topQuestions(day: string): string;
  wordings(day: string): string;
  topDocuments(day: string): string;
}

/** Counters of one day, or of several merged. */
class Counters {
  readonly values = new Map<string, number>();
  readonly ready = new Map<number, number>();
  readonly firstPartial = new Map<number, number>();

  add(hash: Record<string, string>): void {
    for (const [field, raw] of Object.entries(hash)) {
      const n = Number(raw);
      if (field.startsWith('r:')) bump(this.ready, Number(field.slice(2)), n);
      else if (field.startsWith('f:')) bump(this.firstPartial, Number(field.slice(2)), n);
      else this.values.set(field, (this.values.get(field) ?? 0) + n);
    }
  }

  get(field: string): number {
    return this.values.get(field) ?? 0;
  }

  counts(): Omit<InsightsBucket, 'start'> {
    return {
      questions: this.get('q'),
      not_covered: this.get('nc'),
      failed: this.get('failed'),
      thumbs_up: this.get('up'),
      thumbs_down: this.get('down'),
      p50_ready_ms: histogramMedian(this.ready),
    };
  }
}

function bump<K>(map: Map<K, number>, key: K, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * `GET /admin/insights/`: reads the per-day counters of the period (one small hash per day) and
 * sums the per-day top lists inside Redis, never the logged questions themselves. Counts cover the
 * whole UTC days the period overlaps. With a `version`, the counts and top lists are those of the
 * questions asked in that version; the search-box counts stay the tenant's.
 */
export class InsightsReader {
  private readonly redis: Redis & TopCommands;

  constructor(
    private readonly deps: { redis: Redis; keys: Keys; retentionDays: number; now?: () => number },
  ) {
    const redis = deps.redis as Redis & Partial<TopCommands>;
    if (!redis.topMembers) redis.defineCommand('topMembers', { lua: topMembersScript });
    this.redis = redis as Redis & TopCommands;
  }

  async insights(tenant: string, query: InsightsQuery): Promise<Insights> {
    const { keys } = this.deps;
    const period = resolvePeriod(query, this.deps.now?.() ?? Date.now(), this.deps.retentionDays);
    const days = daysOf(period);
    const { version } = query;
    // A version's reports read its own counters and top lists (DESIGN §17), kept beside the tenant's.
    const keyOf = (kind: 'agg' | 'tq' | 'tw' | 'td', tenantWide: (day: string) => string) =>
      version ? (day: string) => keys.analyticsVersion(tenant, day, version, kind) : tenantWide;
    const scope: Scope = {
      day: keyOf('agg', (d) => keys.analyticsDay(tenant, d)),
      topQuestions: keyOf('tq', (d) => keys.analyticsTopQuestions(tenant, d)),
      wordings: keyOf('tw', (d) => keys.analyticsQuestionWordings(tenant, d)),
      topDocuments: keyOf('td', (d) => keys.analyticsTopDocuments(tenant, d)),
    };
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.hgetall(scope.day(day));
    const hashes = ((await pipeline.exec()) ?? []).map(([, h]) => (h ?? {}) as Record<string, string>);

    const totals = new Counters();
    const buckets = new Map<number, Counters>();
    days.forEach((day, i) => {
      const start = query.interval === 'week' ? startOfWeek(dayStart(day)) : dayStart(day);
      if (!buckets.has(start)) buckets.set(start, new Counters());
      buckets.get(start)!.add(hashes[i]!);
      totals.add(hashes[i]!);
    });
    const [topQuestions, topDocuments, searches] = await Promise.all([
      this.topQuestions(tenant, days, scope),
      this.topDocuments(tenant, days, scope),
      searchInsights(this.redis, keys, tenant, days, TOP_LIMIT),
    ]);
    return {
      from: new Date(period.from).toISOString(),
      to: new Date(period.to).toISOString(),
      interval: query.interval,
      totals: { ...totals.counts(), p50_first_partial_ms: histogramMedian(totals.firstPartial) },
      series: [...buckets].map(([start, c]) => ({ start: new Date(start).toISOString(), ...c.counts() })),
      top_questions: topQuestions,
      top_documents: topDocuments,
      by_channel: CHANNELS.map((channel) => ({
        channel,
        questions: totals.get(`ch:${channel}`),
        not_covered: totals.get(`nc:${channel}`),
      })),
      searches,
    };
  }

  /** The members with the highest scores summed over `days`' sorted sets (`setOf` names a day's). */
  private async top(
    tenant: string,
    days: string[],
    setOf: (day: string) => string,
  ): Promise<[string, number][]> {
    const sets = days.map(setOf);
    const flat = await this.redis.topMembers(
      String(sets.length + 1),
      this.deps.keys.analyticsScratch(tenant),
      ...sets,
      String(TOP_LIMIT),
    );
    const pairs: [string, number][] = [];
    for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, Number(flat[i + 1])]);
    return pairs;
  }

  private async topQuestions(
    tenant: string,
    days: string[],
    scope: Scope,
  ): Promise<Insights['top_questions']> {
    const top = await this.top(tenant, days, scope.topQuestions);
    if (!top.length) return [];
    const pipeline = this.redis.pipeline();
    for (const [normalised] of top) for (const day of days) pipeline.hget(scope.wordings(day), normalised);
    const wordings = ((await pipeline.exec()) ?? []).map(([, v]) => v as string | null);
    return top.map(([normalised, count], i) => ({
      text: wordings.slice(i * days.length, (i + 1) * days.length).find((w) => w) ?? normalised,
      count,
    }));
  }

  private async topDocuments(
    tenant: string,
    days: string[],
    scope: Scope,
  ): Promise<Insights['top_documents']> {
    const { keys } = this.deps;
    const top = await this.top(tenant, days, scope.topDocuments);
    if (!top.length) return [];
    const docs = await this.redis.hmget(keys.analyticsDocuments(tenant), ...top.map(([id]) => id));
    return top.map(([document_id, citations], i) => ({
      document_id,
      ...decodeDocument(document_id, docs[i]),
      citations,
    }));
  }
}
