import { createHash } from 'node:crypto';
import { NOT_FOUND_ANSWER, wordTerms, type Answerer } from '@docqa/answering';
import type { EvalQuery } from '../eval-data';
import { citedDocuments, median, presentationIssues, runAnswer, type RunAnswer } from './answer-run';

/** Figures of one answerer on emanual-tv. */
export interface EmanualFigures {
  questions: number;
  goldCited: number;
  /** Questions of the test half ({@link emanualHalf}) and those of them whose gold section is cited. */
  testQuestions: number;
  testGoldCited: number;
  goldRetrieved: number;
  recall: number;
  notFound: number;
  medianWords: number;
  issues: number;
  perSecond: number;
  /** Each question whose gold section was not cited, with its half, answer and sources. */
  misses: { half: 'dev' | 'test'; report: string }[];
}

/**
 * The half of the question set a question belongs to: `dev` (tuned on) or `test` (reported). The
 * halves split the questions by their gold sections, so the paraphrases of one question, which
 * share them, stay in one half.
 */
export function emanualHalf(q: EvalQuery): 'dev' | 'test' {
  const gold = [...q.relevant.keys()].sort().join(',');
  return createHash('sha256').update(gold).digest()[0]! % 2 ? 'test' : 'dev';
}

/** A miss as `--verbose` lists it: the question, its gold sections, the answer and its sources. */
function missReport(q: EvalQuery, answer: RunAnswer, titles: Map<string, string>): string {
  const title = (id: string) => `${id} "${titles.get(id) ?? '?'}"`;
  const sources = answer.sources.map((s) => `${s.cited ? '*' : ''}${title(s.document_id)}`);
  return (
    `${q.id}: gold ${[...q.relevant.keys()].map(title).join(', ')}` +
    `${answer.sources.some((s) => q.relevant.has(s.document_id)) ? '' : ' (not among the sources)'}` +
    `\n    Q: ${q.text}\n${answer.text.replace(/^/gm, '    | ')}\n    sources: ${sources.join(' ') || 'none'}`
  );
}

/**
 * Token recall of the gold answers, gold sections cited, answer lengths; `titles` (document id to
 * title) names the sections in the miss reports.
 */
export async function runEmanual(
  answerer: Answerer,
  queries: EvalQuery[],
  titles = new Map<string, string>(),
): Promise<EmanualFigures> {
  const misses: EmanualFigures['misses'] = [];
  let goldCited = 0;
  let testQuestions = 0;
  let testGoldCited = 0;
  let goldRetrieved = 0;
  let recall = 0;
  let notFound = 0;
  let issues = 0;
  const words: number[] = [];
  const started = performance.now();
  for (const q of queries) {
    const answer = await runAnswer(answerer, q.text);
    if (answer.text === NOT_FOUND_ANSWER) notFound++;
    const cited = [...citedDocuments(answer)].some((id) => q.relevant.has(id));
    if (cited) goldCited++;
    else misses.push({ half: emanualHalf(q), report: missReport(q, answer, titles) });
    if (emanualHalf(q) === 'test') {
      testQuestions++;
      if (cited) testGoldCited++;
    }
    if (answer.sources.some((s) => q.relevant.has(s.document_id))) goldRetrieved++;
    const gold = new Set(wordTerms(q.answer ?? ''));
    const got = new Set(wordTerms(answer.text));
    recall += gold.size ? [...gold].filter((t) => got.has(t)).length / gold.size : 0;
    words.push(answer.words);
    issues += presentationIssues(answer).length;
  }
  const n = queries.length;
  return {
    questions: n,
    goldCited,
    testQuestions,
    testGoldCited,
    goldRetrieved,
    recall: recall / n,
    notFound,
    medianWords: median(words),
    issues,
    perSecond: n / ((performance.now() - started) / 1000),
    misses,
  };
}
