import type { Redis } from 'ioredis';
import type { Insights } from '@docqa/contracts';
import type { Keys } from '@docqa/redis';

/** The reader's command that sums per-day sorted sets (see `top-members.lua`). */
interface TopMembers {
  topMembers(...args: string[]): Promise<string[]>;
}

/** The search box's figures over `days`: searches, those that found nothing, and the top queries of both. */
export async function searchInsights(
  redis: Redis & TopMembers,
  keys: Keys,
  tenant: string,
  days: string[],
  limit: number,
): Promise<Insights['searches']> {
  const pipeline = redis.pipeline();
  for (const day of days) pipeline.hgetall(keys.analyticsSearchDay(tenant, day));
  const hashes = ((await pipeline.exec()) ?? []).map(([, h]) => (h ?? {}) as Record<string, string>);
  const sum = (field: string) => hashes.reduce((n, h) => n + Number(h[field] ?? 0), 0);
  const top = async (setOf: (day: string) => string) => {
    const sets = days.map(setOf);
    const flat = await redis.topMembers(
      String(sets.length + 1),
      keys.analyticsScratch(tenant),
      ...sets,
      String(limit),
    );
    const pairs: { text: string; count: number }[] = [];
    for (let i = 0; i < flat.length; i += 2) pairs.push({ text: flat[i]!, count: Number(flat[i + 1]) });
    return pairs;
  };
  return {
    total: sum('searches'),
    no_results: sum('no_results'),
    top: await top((d) => keys.analyticsTopSearches(tenant, d)),
    top_no_results: await top((d) => keys.analyticsNoResultSearches(tenant, d)),
  };
}
