import { equivalentsOf } from './equivalent-terms';
import { holds, PHRASING } from './passage-choice';
import type { SectionPassage } from './section-passage';

/**
 * Whether a section holds a name the question writes, or one of its equivalents in the lexicon
 * (see `equivalentsOf`): a visitor's "RAM" or "DB" is the docs' "memory" or "database", named.
 */
export function holdsName(passage: SectionPassage, term: string): boolean {
  if (holds(passage, term)) return true;
  return equivalentsOf(term).some((e) => holds(passage, e));
}

/**
 * Names the question writes (see `nameTerms`) that no retrieved section holds, words that only
 * phrase a question aside: "Nginx" asked of docs that never mention it. A question about something
 * the documents never name is not covered, however many of its other words they hold.
 */
export function unknownNames(names: Set<string>, passages: SectionPassage[]): string[] {
  return [...names].filter((t) => !PHRASING.has(t) && !passages.some((p) => holdsName(p, t)));
}
