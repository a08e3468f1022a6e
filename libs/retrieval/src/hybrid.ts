import type { SearchResult } from '@docqa/contracts';

/** Weights of the two rankings in hybrid search. */
export interface HybridWeights {
  keyword: number;
  semantic: number;
}

/** Candidates each ranking contributes to a fusion of `limit` results. */
export function hybridDepth(limit: number): number {
  return Math.max(limit * 3, 30);
}

/**
 * Fuses ranked lists by a weighted sum of their scores, each list's scores scaled to 0..1 by its
 * best hit (a chunk missing from a list scores 0 there). Keyword scores carry the most weight: on
 * the eval data the local embeddings rank below BM25 (docs/benchmarks.md), so they re-order close
 * keyword hits and add recall without pushing strong keyword hits down.
 */
export function fuse(lists: { results: SearchResult[]; weight: number }[], limit: number): SearchResult[] {
  const fused = new Map<string, { result: SearchResult; score: number }>();
  for (const { results, weight } of lists) {
    const best = Math.max(...results.map((r) => r.score), 1e-9);
    const seen = new Set<string>();
    for (const result of results) {
      const key = fusionKey(result);
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = fused.get(key) ?? { result, score: 0 };
      entry.score += (weight * Math.max(0, result.score)) / best;
      fused.set(key, entry);
    }
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ result, score }) => ({ ...result, score: Math.round(score * 1e6) / 1e6 }));
}

/**
 * Identity of a hit across lists. Chunk ids are unique per tenant only, and results do not name
 * their tenant: in a search of several tenants the same chunk id with different text is two hits,
 * while identical passages collapse into one (once per list, so they are not counted twice).
 */
function fusionKey(result: SearchResult): string {
  return `${result.chunk_id}\u0000${result.text}`;
}
