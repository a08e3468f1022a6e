import type { SearchResult } from '@docqa/contracts';

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
    for (const result of results) {
      const entry = fused.get(result.chunk_id) ?? { result, score: 0 };
      entry.score += (weight * Math.max(0, result.score)) / best;
      fused.set(result.chunk_id, entry);
    }
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ result, score }) => ({ ...result, score: Math.round(score * 1e6) / 1e6 }));
}
