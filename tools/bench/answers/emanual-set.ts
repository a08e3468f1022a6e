import { NOT_FOUND_ANSWER, terms, type Answerer } from '@docqa/answering';
import type { EvalQuery } from '../eval-data';
import { citedDocuments, median, presentationIssues, runAnswer } from './answer-run';

/** Figures of one answerer on emanual-tv. */
export interface EmanualFigures {
  questions: number;
  goldCited: number;
  goldRetrieved: number;
  recall: number;
  notFound: number;
  medianWords: number;
  issues: number;
  perSecond: number;
}

/** Token recall of the gold answers, gold sections cited, answer lengths. */
export async function runEmanual(answerer: Answerer, queries: EvalQuery[]): Promise<EmanualFigures> {
  let goldCited = 0;
  let goldRetrieved = 0;
  let recall = 0;
  let notFound = 0;
  let issues = 0;
  const words: number[] = [];
  const started = performance.now();
  for (const q of queries) {
    const answer = await runAnswer(answerer, q.text);
    if (answer.text === NOT_FOUND_ANSWER) notFound++;
    if ([...citedDocuments(answer)].some((id) => q.relevant.has(id))) goldCited++;
    if (answer.sources.some((s) => q.relevant.has(s.document_id))) goldRetrieved++;
    const gold = new Set(terms(q.answer ?? ''));
    const got = new Set(terms(answer.text));
    recall += gold.size ? [...gold].filter((t) => got.has(t)).length / gold.size : 0;
    words.push(answer.words);
    issues += presentationIssues(answer).length;
  }
  const n = queries.length;
  return {
    questions: n,
    goldCited,
    goldRetrieved,
    recall: recall / n,
    notFound,
    medianWords: median(words),
    issues,
    perSecond: n / ((performance.now() - started) / 1000),
  };
}
