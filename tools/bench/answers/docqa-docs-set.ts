import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_FOUND_ANSWER, type Answerer } from '@docqa/answering';
import { DEMO_DOCS_EXCLUDE } from '@docqa/api-server';
import { loadPaths } from '@docqa/sources';
import type { EvalDoc } from '../eval-data';
import { citedDocuments, median, presentationIssues, runAnswer, type RunAnswer } from './answer-run';

/** A question of the docqa docs set (`docqa-docs-questions.json`). */
export interface DocsQuestion {
  id: string;
  kind: string;
  question: string;
  gold?: string[];
  must?: string[];
  follows?: string;
  demo?: boolean;
  covered?: boolean;
}

/** The docs set's questions, read from the repository. */
export function docsQuestions(): DocsQuestion[] {
  const file = join(process.cwd(), 'tools/bench/answers/docqa-docs-questions.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: DocsQuestion[] }).questions;
}

/** docqa's own docs/ as the demo ingests them, linked under `baseUrl`. */
export async function docsCorpus(baseUrl: string): Promise<EvalDoc[]> {
  const { documents } = await loadPaths([join(process.cwd(), 'docs')], {
    baseUrl,
    exclude: DEMO_DOCS_EXCLUDE,
  });
  return documents.map((d) => ({ id: d.id, title: d.title, text: d.content, url: d.url }));
}

/** Figures of one answerer on the docs set. */
export interface DocsFigures {
  covered: number;
  allRequired: number;
  goldCited: number;
  uncovered: number;
  refused: number;
  wronglyRefused: number;
  medianWords: number;
  issues: number;
  /** Each missed question: why, then its answer and sources. */
  failures: string[];
}

/** Asks every question (a follow-up after the answer to the question it follows). */
export async function runDocsSet(answerer: Answerer, questions: DocsQuestion[]): Promise<DocsFigures> {
  const answers = new Map<string, RunAnswer>();
  const f: DocsFigures = {
    covered: 0,
    allRequired: 0,
    goldCited: 0,
    uncovered: 0,
    refused: 0,
    wronglyRefused: 0,
    medianWords: 0,
    issues: 0,
    failures: [],
  };
  const words: number[] = [];
  for (const q of questions) {
    const previous = q.follows ? questions.find((p) => p.id === q.follows) : undefined;
    const history = previous
      ? [{ question: previous.question, answer: answers.get(previous.id)?.text ?? '' }]
      : [];
    const answer = await runAnswer(answerer, q.question, history);
    answers.set(q.id, answer);
    const refused = answer.text === NOT_FOUND_ANSWER;
    if (q.covered === false) {
      f.uncovered++;
      if (refused) f.refused++;
      else f.failures.push(`${q.id}: answered an uncovered question`);
      continue;
    }
    f.covered++;
    words.push(answer.words);
    if (refused) f.wronglyRefused++;
    const lower = answer.text.toLowerCase();
    const missing = (q.must ?? []).filter((m) => !lower.includes(m.toLowerCase()));
    if (!missing.length) f.allRequired++;
    const cited = citedDocuments(answer);
    const goldCited = (q.gold ?? []).some((g) => cited.has(g));
    if (goldCited) f.goldCited++;
    const issues = presentationIssues(answer);
    f.issues += issues.length;
    if (missing.length || !goldCited || issues.length)
      f.failures.push(
        `${q.id}: ${[missing.length ? `missing ${missing.join(', ')}` : '', goldCited ? '' : `cited ${[...cited].join(', ') || 'nothing'}`, ...issues].filter(Boolean).join('; ')}` +
          `\n${answer.text.replace(/^/gm, '    | ')}\n    sources: ${answer.sources.map((s) => s.url).join(' ')}`,
      );
  }
  f.medianWords = median(words);
  return f;
}
