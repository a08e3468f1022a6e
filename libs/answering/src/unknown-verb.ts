import type { SearchResult } from '@docqa/contracts';
import { oneEditApart, type Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { equivalentStrength } from './equivalent-terms';
import { RARE_NAME } from './not-covered';
import { holds, PHRASING, type ScoredSection } from './passage-choice';
import { askedVerb } from './question-intent';
import type { SectionPassage } from './section-passage';
import { documentTerms, terms } from './text';

/**
 * The verb a question asks to do something with (see `askedVerb`), as a term, when the documents
 * never write it ("Can docqa translate answers into French?" over docs that never say
 * "translate", "translation" or "translated"); else undefined. Looked up only when no retrieved
 * passage holds the verb, an equivalent of it (see `equivalentStrength`) or a word one typing slip
 * away ("actvate": "activate"), by a keyword search for the verb alone over what the question
 * searches (its tenant, filters and version): none found, it is never written. A verb that the
 * retrieved passages lack but other pages write ("increase" the font size, on the volume's page)
 * is only worded otherwise where the question is answered. A verb that only phrases the question
 * ("Can you explain…") is not looked up.
 */
export async function verbNeverWritten(
  retriever: Searcher,
  input: AnswerInput,
  found: SearchResult[],
): Promise<string | undefined> {
  const verb = askedVerb(input.question);
  const term = verb ? terms(verb)[0] : undefined;
  if (!verb || !term || PHRASING.has(term) || !found.length) return undefined;
  const held = new Set(found.flatMap((r) => documentTerms(`${r.title}\n${r.section}\n${r.text}`)));
  const has = (t: string) => (held.has(t) ? 1 : 0);
  if (held.has(term) || equivalentStrength(term, has) > 0) return undefined;
  if ([...held].some((t) => oneEditApart(term, t))) return undefined;
  const { results } = await retriever.search({
    tenants: [input.tenant],
    query: verb,
    mode: 'keyword',
    filters: input.filters,
    version: input.version,
    limit: 1,
  });
  return results.length ? undefined : term;
}

/**
 * Whether the section that would answer holds what the question is about but not what it asks to
 * do with it: the documents never write its verb (see {@link verbNeverWritten}), and the section
 * holds another of its words that few retrieved sections hold (at most {@link RARE_NAME} of them),
 * so it is about the question's thing ("French" in the list of the widget's languages, asked to
 * "translate answers into French"). A question whose other words every page holds ("How do I
 * diagnose problems with my pnpm setup?") is answered as before: its verb is all it asks, and the
 * page that does it may name it otherwise ("pnpm doctor").
 */
export function doesOtherThing(
  section: ScoredSection,
  verb: string,
  wanted: Iterable<string>,
  passages: SectionPassage[],
): boolean {
  return [...wanted].some(
    (t) =>
      t !== verb &&
      !PHRASING.has(t) &&
      holds(section.passage, t) &&
      passages.filter((p) => holds(p, t)).length <= RARE_NAME * passages.length,
  );
}
