import type { SearchResult } from '@docqa/contracts';
import { indexWords, keywordTokens } from './keyword-terms';

/**
 * Fewest and most keyword terms of a heading a question can name as a whole: one term ("Usage",
 * "Installation") names a topic every page has, and a longer heading is a sentence, not a name.
 */
const HEADING_TERMS = { min: 2, max: 4 };

/**
 * Results of a hybrid search among which a named heading is looked for: the fusion's first ten
 * (hybridDepth(10) is that of any search for ten results or fewer, so asking for them ranks the
 * same candidates and only reads more of them).
 */
export const NAMED_HEADING_DEPTH = 10;

/** How a question's heading names are read, and what they weigh (see {@link namedHeadingsFirst}). */
export interface NamedHeadingRule {
  /** Only runs of words the question writes capitalised ("GitHub Actions"), or any run. */
  capitalised: boolean;
  /** What a result whose own heading the question names gains, as a share of the best score. */
  bonus: number;
}

/**
 * The rule of hybrid search. Measured on the dev halves and probes (docs/benchmarks.md, h-hb): any
 * run of the question's terms lifted sections headed by a topic the question only mentions (pytest
 * dev hybrid nDCG@10 0.957 → 0.927 at 0.5), capitalised runs moved only what they name; a bonus of
 * 0.25 lifted "GitHub Actions" into the first six, 0.5 to the first, 1 the same as 0.5.
 */
export const NAMED_HEADING_RULE: NamedHeadingRule = { capitalised: true, bonus: 0.5 };

/** A word of the question: its keyword term, and whether it is written capitalised. */
interface QuestionTerm {
  term: string;
  capital: boolean;
}

/**
 * Hybrid results with those whose own heading (the last part of `section`) the question names as
 * a whole lifted by {@link NamedHeadingRule.bonus} × the best result's score: the heading's 2 to 4
 * keyword terms are a run of the question's terms, in order (with `capitalised`, words the
 * question writes with a capital, as one writes a name). "How do I use pnpm in GitHub Actions?"
 * names the section headed "GitHub Actions", which BM25 ranks under sections that write the words
 * more often under longer headings ("Updating GitHub Actions"). Scored here, outside BM25, no
 * chunk's length or statistics change.
 */
export function namedHeadingsFirst(
  results: SearchResult[],
  query: string,
  rule: NamedHeadingRule = NAMED_HEADING_RULE,
): SearchResult[] {
  if (!rule.bonus || !results.length) return results;
  const question = questionTerms(query);
  const named = results.map((result) => namesHeading(question, result.section, rule.capitalised));
  if (!named.includes(true)) return results;
  const best = Math.max(...results.map((r) => r.score));
  const lifted = results.map((result, i) =>
    named[i] ? { ...result, score: Math.round((result.score + rule.bonus * best) * 1e6) / 1e6 } : result,
  );
  return lifted.sort((a, b) => b.score - a.score);
}

/** The question's keyword terms in order, each with whether its word starts with a capital. */
function questionTerms(query: string): QuestionTerm[] {
  return indexWords(query).flatMap((word) =>
    keywordTokens(word).map((term) => ({ term, capital: /^\p{Lu}/u.test(word) })),
  );
}

/** Whether the question's terms hold the whole of a section's own heading as a run. */
function namesHeading(question: QuestionTerm[], section: string | undefined, capitalised: boolean): boolean {
  const heading = keywordTokens(section?.split(' › ').at(-1) ?? '');
  if (heading.length < HEADING_TERMS.min || heading.length > HEADING_TERMS.max) return false;
  for (let start = 0; start + heading.length <= question.length; start++) {
    const run = question.slice(start, start + heading.length);
    if (run.every((q, i) => q.term === heading[i] && (!capitalised || q.capital))) return true;
  }
  return false;
}
