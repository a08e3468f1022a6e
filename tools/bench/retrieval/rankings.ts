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

/**
 * Passages an answer is written from: the extractive answerer's default, which the answers
 * benchmark uses too.
 */
export const ANSWER_PASSAGES = 6;

/** The rankings whose first {@link ANSWER_PASSAGES} passages are counted: the answerer searches so. */
const ANSWER_RANKINGS = ['hybrid', 'before'] as const;

/** nDCG@10 and hit@1 (the first document relevant) per ranking, averaged over the queries. */
export interface RankingScores {
  ndcg: Record<Ranking, number>;
  hit1: Record<Ranking, number>;
  /**
   * Of a search for {@link ANSWER_PASSAGES} results (as the answerer asks), per answer ranking:
   * the queries with a relevant document among them, and the passages of relevant documents.
   */
  answerPassages: Record<(typeof ANSWER_RANKINGS)[number], { queriesHeld: number; passages: number }>;
  queries: number;
}

/** Searches every query in every ranking of an indexed tenant `eval` and averages the scores. */
export async function scoreRankings(
  retrieval: Retrieval,
  store: EmbeddedStore,
  queries: { text: string; relevant: Map<string, number> }[],
): Promise<RankingScores> {
  const embedder = new LocalEmbedder();
  const scores: RankingScores = {
    ndcg: zeros(),
    hit1: zeros(),
    answerPassages: { hybrid: { queriesHeld: 0, passages: 0 }, before: { queriesHeld: 0, passages: 0 } },
    queries: queries.length,
  };
  const ranked = (ranking: Ranking, text: string, limit: number) =>
    ranking === 'before'
      ? fixedWeightHybrid(store, embedder, { tenants: ['eval'], text, limit })
      : search(retrieval, ranking, text, limit);
  for (const ranking of RANKINGS) {
    for (const q of queries) {
      const documents = rankedDocs(await ranked(ranking, q.text, LIMIT), 10);
      scores.ndcg[ranking] += ndcg(documents, q.relevant) / queries.length;
      if (q.relevant.has(documents[0] ?? '')) scores.hit1[ranking] += 1 / queries.length;
    }
  }
  for (const ranking of ANSWER_RANKINGS) {
    for (const q of queries) {
      const relevant = (await ranked(ranking, q.text, ANSWER_PASSAGES)).filter((r) =>
        q.relevant.has(r.document_id),
      );
      scores.answerPassages[ranking].passages += relevant.length;
      if (relevant.length) scores.answerPassages[ranking].queriesHeld += 1;
    }
  }
  return scores;
}

async function search(retrieval: Retrieval, mode: SearchMode, query: string, limit: number) {
  const { results } = await retrieval.search({ tenants: ['eval'], query, mode, filters: [], limit });
  return results;
}

const zeros = (): Record<Ranking, number> => ({ keyword: 0, semantic: 0, hybrid: 0, before: 0 });

/**
 * The table cells of a row: `nDCG@10 / hit@1` per ranking, then the answer passages of hybrid
 * search and of the fusion before it (`queries held (passages)`, see `answerPassages`).
 */
export function rankingCells(scores: RankingScores): string {
  const f = (x: number) => x.toFixed(3);
  const held = ({ queriesHeld, passages }: { queriesHeld: number; passages: number }) =>
    `${queriesHeld}/${scores.queries} (${passages})`;
  return [
    ...RANKINGS.map((r) => `${f(scores.ndcg[r])} / ${f(scores.hit1[r])}`),
    `${held(scores.answerPassages.hybrid)} · ${held(scores.answerPassages.before)}`,
  ].join(' | ');
}
