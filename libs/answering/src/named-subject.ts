import { holds } from './passage-choice';
import type { SectionPassage } from './section-passage';
import { namePhrases } from './text';

/**
 * Whether a section writes a name of the question as the question writes it: each of its words,
 * and a name of several words ("GitHub Actions") with its words in a row, in a sentence or in
 * the headings, so "the next action returns to the sign-in page" does not write it.
 */
function writesName(passage: SectionPassage, name: string[]): boolean {
  if (!name.every((t) => holds(passage, t))) return false;
  const pairs = name.slice(1).map((t, i) => `${name[i]} ${t}`);
  return pairs.every((p) => passage.headingPairs.has(p) || passage.units.some((u) => u.pairs.has(p)));
}

/**
 * Whether a section quoted beside the first shares the question's subject with it: when the
 * question names things (see `namePhrases`) and the first section writes some of them, the other
 * section must write one of those too. A passage on another page that only shares the question's
 * common words ("use docqa") is about something else.
 */
export function sharesNamedSubject(question: string, first: SectionPassage, other: SectionPassage): boolean {
  const named = namePhrases(question).filter((name) => writesName(first, name));
  return !named.length || named.some((name) => writesName(other, name));
}
