import type { SearchResult } from '@docqa/contracts';
import { chunkNumber, type Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { CODE_BLOCK, INLINE_CODE, sectionByPlace } from './document-passages';
import type { TermWeights } from './passage-choice';
import type { ChosenOrder } from './ranked-choice';
import type { SectionPassage } from './section-passage';
import { terms } from './text';

/**
 * Whether a section's own heading (the last of its path) is made of the question's words only:
 * "Generate DocBook" for "How do I generate DocBook instead of HTML?". The section is the one the
 * question names, not one that shares some of its words ("Specifying which tests to run" for
 * "run only the tests marked slow", a list of ways of which one is asked).
 */
export function namedByQuestion(passage: SectionPassage, weights: TermWeights): boolean {
  const heading = terms(passage.section.split(' › ').at(-1) ?? '');
  return heading.length > 0 && heading.every((t) => weights.has(t));
}

/**
 * The opening of the best section, read by its place, for a how-do-I whose best section the
 * question names (see {@link namedByQuestion}) and of which retrieval found only a later part:
 * the section's chunks before the first one retrieved (`limit` at most). A docs section says how
 * first ("You can generate DocBook with `asciidoctor -b docbook`") and then the details (what the
 * output differs in, the API call), which share the question's words as much and are what
 * retrieval ranked; the command is then in a chunk no search for the question finds. None when
 * retrieval found the section's first chunk, or from a searcher that cannot read a page's chunks;
 * none read when no passage retrieved holds code of either kind (docs that write no commands, a TV
 * manual, have none to find, as for `pagePassages`).
 */
export async function sectionOpening(
  retriever: Searcher,
  input: AnswerInput,
  chosen: ChosenOrder | null,
  have: SearchResult[],
  task: boolean,
  limit: number,
): Promise<SearchResult[]> {
  if (!task || !chosen || !have.some((r) => CODE_BLOCK.test(r.text) || INLINE_CODE.test(r.text))) return [];
  const first = chosen.order[0].passage;
  if (!namedByQuestion(first, chosen.choice.weights)) return [];
  const page = first.chunk.document_id;
  const retrieved = have.filter((r) => r.document_id === page && (r.section ?? '') === first.section);
  const start = Math.min(...retrieved.map((r) => chunkNumber(r.chunk_id)));
  const rest = await sectionByPlace(retriever, input, page, first.section, have, limit);
  return rest.filter((r) => chunkNumber(r.chunk_id) < start);
}
