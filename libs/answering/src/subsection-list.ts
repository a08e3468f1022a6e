import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { subsectionsByPlace } from './document-passages';
import { LIST_NOUNS, QUESTION_OPENER } from './question-kind';
import type { ScoredSection } from './passage-choice';
import type { SectionPassage } from './section-passage';

/**
 * A question that asks which things of a kind there are, as it opens: "What kinds of X…?", "Which
 * options…?", "What options does X have?" (not "Which setting tells it what kind of server…?",
 * which asks for one setting), or a list's noun typed as into a search box ("load balancing
 * algorithm options?", no question word or auxiliary before it).
 */
const KINDS_ASKED = [
  /^\s*(?:what|which) (?:kinds?|types?|sorts?) of\b/i,
  new RegExp(`^\\s*(?:what|which) (?:\\w+ ){0,2}(?:${LIST_NOUNS})\\b`, 'i'),
  new RegExp(`^\\s*(?!(?:${QUESTION_OPENER})\\b)[^?]*\\b(?:${LIST_NOUNS})\\?\\s*$`, 'i'),
];

/** Subsections a list of them needs at least: one is a section, not a choice between kinds. */
const MIN_LISTED = 2;

/** Whether a question asks which things of a kind there are (see {@link KINDS_ASKED}). */
export function asksForKinds(question: string): boolean {
  return KINDS_ASKED.some((asked) => asked.test(question));
}

/** Whether a section lists things itself: a list item or a table among its own text. */
function listsItself(passage: SectionPassage): boolean {
  return passage.units.some((u) => u.kind === 'item' || u.kind === 'table');
}

/**
 * For a question that asks which things of a kind there are (see {@link asksForKinds}), the
 * subsections of the section that answers it, read by their place in its page (see
 * `subsectionsByPlace`), when that section does not list them itself: docs often give each
 * option, strategy or mode a subsection of its own under a section that only introduces them
 * ("Load Balancing Strategies": one sentence, then "Weighted Round Robin", "Power of Two
 * Choices"…), and the headings are the list the asker wants. None otherwise.
 */
export async function askedSubsections(
  retriever: Searcher,
  input: AnswerInput,
  question: string,
  first: ScoredSection | undefined,
): Promise<SearchResult[]> {
  if (!retriever.documentChunks || !asksForKinds(question)) return [];
  if (!first || listsItself(first.passage)) return [];
  return subsectionsByPlace(retriever, input, first.passage.chunk.document_id, first.passage.section);
}

/**
 * The headings of the subsections of `passage` among `subsections` (see {@link askedSubsections}),
 * as a Markdown list of links to them, in page order; empty when the section lists things itself
 * or fewer than {@link MIN_LISTED} are found.
 */
export function subsectionList(passage: SectionPassage, subsections: SearchResult[]): string {
  const below = `${passage.section} › `;
  const own = subsections.filter(
    (r) => r.document_id === passage.chunk.document_id && (r.section ?? '').startsWith(below),
  );
  if (own.length < MIN_LISTED || listsItself(passage)) return '';
  return own
    .map((r) => {
      const heading = (r.section ?? '').slice(below.length).replace(/[[\]]/g, '\\$&');
      return r.url ? `- [${heading}](${r.url})` : `- ${heading}`;
    })
    .join('\n');
}
