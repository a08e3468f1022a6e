import { NOT_FOUND_ANSWER } from '@docqa/answering';
import { toDocumentId } from '@docqa/sources';
import { ndcg } from '../eval-data';

/** Lower case with every run of white space one space: how key strings and answers are compared. */
const folded = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * The key strings an answer lacks: each must occur in it, ignoring case and how white space is
 * laid out (an answer may wrap a sentence the page had on one line).
 */
export function missingKeyStrings(answer: string, keys: readonly string[]): string[] {
  const text = folded(answer);
  return keys.filter((key) => !text.includes(folded(key).trim()));
}

/** Whether an answer is the "not covered" one. */
export function declined(answer: string): boolean {
  return answer.trim() === NOT_FOUND_ANSWER;
}

/** The gold pages (paths under the corpus's root) as the document ids the loaders give them. */
export function goldIds(gold: readonly string[]): Set<string> {
  return new Set(gold.map(toDocumentId));
}

/** Whether any gold page is among the documents an answer cites. */
export function citesGold(cited: ReadonlySet<string>, gold: readonly string[]): boolean {
  return [...goldIds(gold)].some((id) => cited.has(id));
}

/** Retrieval figures of one ranking of documents (each once, best first). */
export interface RankScores {
  /** 1 when a gold page ranks first. */
  hit1: number;
  /** 1 when a gold page is among the first five. */
  hit5: number;
  /** nDCG@10 with every gold page of grade 1. */
  ndcg10: number;
}

/** Scores a ranking of document ids against the gold pages. */
export function rankScores(ranked: readonly string[], gold: readonly string[]): RankScores {
  const ids = goldIds(gold);
  const first = ranked.findIndex((id) => ids.has(id));
  return {
    hit1: first === 0 ? 1 : 0,
    hit5: first >= 0 && first < 5 ? 1 : 0,
    ndcg10: ndcg([...ranked], new Map([...ids].map((id) => [id, 1])), 10),
  };
}
