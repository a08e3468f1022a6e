import type { SearchResult } from '@docqa/contracts';
import type { EmbeddedStore } from '@docqa/embedded-store';
import type { LocalEmbedder } from '@docqa/embedders';

/**
 * Hybrid search as it fused before the per-query weights (kept to measure against): both
 * rankings twice the limit deep (at least 20), each scaled by its best hit and summed with fixed
 * weights, keyword 1 and semantic 0.15.
 */
export async function fixedWeightHybrid(
  store: EmbeddedStore,
  embedder: LocalEmbedder,
  query: { tenants: string[]; text: string; limit: number },
): Promise<SearchResult[]> {
  const deep = { tenants: query.tenants, filters: [], limit: Math.max(query.limit * 2, 20) };
  const lists: [SearchResult[], number][] = [
    [await store.keywordSearch({ ...deep, text: query.text }), 1],
    [await store.semanticSearch({ ...deep, vector: await embedder.embedQuery(query.text) }), 0.15],
  ];
  const fused = new Map<string, { result: SearchResult; score: number }>();
  for (const [results, weight] of lists) {
    const best = Math.max(...results.map((r) => r.score), 1e-9);
    for (const result of results) {
      const entry = fused.get(result.chunk_id) ?? { result, score: 0 };
      entry.score += (weight * Math.max(0, result.score)) / best;
      fused.set(result.chunk_id, entry);
    }
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, query.limit)
    .map(({ result }) => result);
}
