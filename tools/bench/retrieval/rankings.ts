import type { SearchMode } from '@docqa/contracts';
import { LocalEmbedder } from '@docqa/embedders';
import type { EmbeddedStore } from '@docqa/embedded-store';
import type { Retrieval } from '@docqa/retrieval';
import { ndcg, rankedDocs } from '../eval-data';
import { fixedWeightHybrid } from './fixed-weight-fusion';

/** The measured rankings: the search modes, and hybrid search with the fusion it replaced. */
export const RANKINGS = ['keyword', 'semantic', 'hybrid', 'before'] as const;
export type Ranking = (typeof RANKINGS)[number];

/** Results asked of each search (a document's best chunk counts, so more chunks than 10). */
export const LIMIT = 40;

/** nDCG@10 and hit@1 (the first document relevant) per ranking, averaged over the queries. */
export interface RankingScores {
  ndcg: Record<Ranking, number>;
  hit1: Record<Ranking, number>;
}

/** Searches every query in every ranking of an indexed tenant `eval` and averages the scores. */
export async function scoreRankings(
  retrieval: Retrieval,
  store: EmbeddedStore,
  queries: { text: string; relevant: Map<string, number> }[],
): Promise<RankingScores> {
  const embedder = new LocalEmbedder();
  const scores: RankingScores = { ndcg: zeros(), hit1: zeros() };
  for (const ranking of RANKINGS) {
    for (const q of queries) {
      const results =
        ranking === 'before'
          ? await fixedWeightHybrid(store, embedder, { tenants: ['eval'], text: q.text, limit: LIMIT })
          : await search(retrieval, ranking, q.text);
      const ranked = rankedDocs(results, 10);
      scores.ndcg[ranking] += ndcg(ranked, q.relevant) / queries.length;
      if (q.relevant.has(ranked[0] ?? '')) scores.hit1[ranking] += 1 / queries.length;
    }
  }
  return scores;
}

async function search(retrieval: Retrieval, mode: SearchMode, query: string) {
  const { results } = await retrieval.search({ tenants: ['eval'], query, mode, filters: [], limit: LIMIT });
  return results;
}

const zeros = (): Record<Ranking, number> => ({ keyword: 0, semantic: 0, hybrid: 0, before: 0 });

/** The table cells of a row: `nDCG@10 / hit@1` per ranking. */
export function rankingCells(scores: RankingScores): string {
  const f = (x: number) => x.toFixed(3);
  return RANKINGS.map((r) => `${f(scores.ndcg[r])} / ${f(scores.hit1[r])}`).join(' | ');
}
