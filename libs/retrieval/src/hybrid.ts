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
 * Hits at the top of a ranking whose spread measures how sure the ranking is of its first ones
 * (see {@link margin}).
 */
const MARGIN_DEPTH = 5;

/**
 * How far a ranking's first hit stands above its fifth, as a share of the first's score: 0 when
 * the ranking sees five equal hits, near 1 when one hit stands out. A ranking with fewer hits
 * than that is as sure as its spread over them.
 */
export function margin(results: { score: number }[]): number {
  const first = results[0]?.score ?? 0;
  if (first <= 0 || results.length < 2) return results.length ? 1 : 0;
  const last = results[Math.min(MARGIN_DEPTH, results.length) - 1]!.score;
  return Math.min(1, Math.max(0, (first - last) / first));
}

/** Most a margin ratio counts: the semantic weight grows at most fourfold (0.25 → 1 by default). */
const MAX_MARGIN_RATIO = 16;

/**
 * The weight a hybrid search gives its semantic ranking for one query: the configured weight,
 * scaled by the square root of how much surer the semantic ranking is of its first hits than the
 * keyword ranking (their {@link margin}s). When keyword search sees a flat field (every passage
 * holds the query's words) and the embedding singles one out, the embedding decides more; when
 * keyword search has a clear winner, it stays. Chosen on SciFact, emanual-tv and the dev half of
 * the multi-dialect set against fixed weights, min-max scaling and reciprocal rank fusion
 * (docs/benchmarks.md): with 0.25 and the square root it is at least as good as the better
 * ranking on each of them, in hit@1 and nDCG@10, at 10 and at 40 results, and the best on average
 * of the settings that are (fixed weights 0.2-0.25 are too, a little lower). The semantic-only right answers have the larger
 * semantic margin in 82 % (SciFact) and 62 % (emanual-tv) of pairs.
 */
export function semanticWeight(
  keyword: { score: number }[],
  semantic: { score: number }[],
  weights: HybridWeights,
): number {
  if (!keyword.length) return weights.semantic;
  const ratio = margin(semantic) / Math.max(margin(keyword), 1e-6);
  return weights.semantic * Math.sqrt(Math.min(ratio, MAX_MARGIN_RATIO));
}

/**
 * The one fusion of hybrid search, for every store: the keyword and the semantic ranking (each
 * {@link hybridDepth} deep) summed, each ranking's scores scaled to 0..1 by its best hit (a hit
 * missing from a ranking scores 0 there), keyword scores at `weights.keyword` and semantic ones at
 * {@link semanticWeight}. `identity` says which hits are one; a ranking counts each once.
 */
export function fuseRankings<T extends { score: number }>(
  keyword: T[],
  semantic: T[],
  weights: HybridWeights,
  identity: (hit: T) => unknown,
): T[] {
  return fuse(
    [
      { results: keyword, weight: weights.keyword },
      { results: semantic, weight: semanticWeight(keyword, semantic, weights) },
    ],
    Infinity,
    identity,
  );
}

/**
 * Fuses ranked lists by a weighted sum of their scores, each list's scores scaled to 0..1 by its
 * best hit (a hit missing from a list scores 0 there; `identity` says which hits are one, and a
 * list counts each once).
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
