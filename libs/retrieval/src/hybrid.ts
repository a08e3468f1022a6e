import type { SearchResult } from '@docqa/contracts';

/** Weights of the two rankings in hybrid search. */
export interface HybridWeights {
  keyword: number;
  semantic: number;
}

/**
 * Candidates each ranking contributes to a fusion of `limit` results. Measured at limit 10 and 5
 * on the eval data: twice the limit (at least 20) ranks as well as three times (nDCG@10 SciFact
 * 0.690 / 0.670 against 0.688 / 0.669, emanual-tv 0.824 / 0.809 against 0.824 / 0.808; Qdrant's
 * fusion, run against the test emulation, the same at both depths) and the answers are unchanged,
 * while an embedded hybrid search reads and re-scores a third fewer rows.
 */
export function hybridDepth(limit: number): number {
  return Math.max(limit * 2, 20);
}

/**
 * Fuses ranked lists by a weighted sum of their scores, each list's scores scaled to 0..1 by its
 * best hit (a hit missing from a list scores 0 there; `identity` says which hits are one, and a
 * list counts each once). Keyword
 * scores carry the most weight: on the eval data the local embeddings rank below BM25
 * (docs/benchmarks.md), so they re-order close keyword hits and add recall without pushing strong
 * keyword hits down.
 */
export function fuse<T extends { score: number }>(
  lists: { results: T[]; weight: number }[],
  limit: number,
  identity: (hit: T) => unknown,
): T[] {
  const fused = new Map<unknown, { result: T; score: number }>();
  for (const { results, weight } of lists) {
    const best = Math.max(...results.map((r) => r.score), 1e-9);
    const seen = new Set<unknown>();
    for (const result of results) {
      const id = identity(result);
      if (seen.has(id)) continue;
      seen.add(id);
      const entry = fused.get(id) ?? { result, score: 0 };
      entry.score += (weight * Math.max(0, result.score)) / best;
      fused.set(id, entry);
    }
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ result, score }) => ({ ...result, score: Math.round(score * 1e6) / 1e6 }));
}

/**
 * Identity of a search result. Chunk ids are unique per tenant only, and results do not name their
 * tenant: in a search of several tenants the same chunk id with different text is two results,
 * while identical passages collapse into one.
 */
export function fusionKey(result: SearchResult): string {
  return `${result.chunk_id}\u0000${result.text}`;
}
