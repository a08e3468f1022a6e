import { compoundParts } from '@docqa/tokenize';
import { equivalentsOf } from './equivalent-terms';
import { termPairs, type SectionPassage, type Unit } from './section-passage';
import { terms } from './text';

/**
 * Bonus of a section whose page is titled by a name that runs two of the question's words
 * together ("Traefik DigestAuth Documentation" for "How do I set up digest authentication?"):
 * the page is about the thing asked, where a section of another page holds the same words apart
 * ("digest header", "authentication") and often more of them. Nor is such a page's one-sentence
 * opening an overview of pages under it (see `isOverview`): it says what the page's thing does.
 */
export const TITLE_NAME_BONUS = 1.3;

/**
 * Whether the title of a section's page writes two consecutive terms of `asked` (the question's
 * terms, in order) as one camelCase or PascalCase name (see `compoundParts`: `DigestAuth` is
 * "digest auth"), either term by one of its equivalents ("auth" for "authentication").
 */
export function titleNames(passage: SectionPassage, asked: string[]): boolean {
  const named = new Set(
    passage.chunk.title.split(/\s+/).flatMap((word) => termPairs(terms(compoundParts(word)))),
  );
  return termPairs(asked).some((pair) => pairForms(pair).some((form) => named.has(form)));
}

/** A term pair and its forms with either term as one of its equivalents (see `equivalentsOf`). */
function pairForms(pair: string): string[] {
  const [first, second] = pair.split(' ') as [string, string];
  const firsts = [first, ...equivalentsOf(first)];
  const seconds = [second, ...equivalentsOf(second)];
  return firsts.flatMap((a) => seconds.map((b) => `${a} ${b}`));
}

/** The name a list item or table row leads with, in code (`- \`forwardBody\`: Description…`). */
const ROW_NAME = /^\s*(?:[-*+]\s+|\d+\.\s+)?`([^`\s]+)`/;

/**
 * Whether a list item or table row leads with a camelCase or PascalCase name every word of which
 * the question writes (`forwardBody` for "Can forward auth send the request body…?"), two words
 * or more: an option's name says what it does, as a page's title does (see {@link titleNames}),
 * so that row is the one asked about, where another row may hold as many of the question's words
 * spread through its description ("copy from the authentication server response and set on
 * forwarded request"). Its score counts {@link TITLE_NAME_BONUS} times in the quote's window.
 */
export function rowNamed(unit: Unit, asked: Set<string>): boolean {
  if (unit.kind !== 'item') return false;
  const name = ROW_NAME.exec(unit.text)?.[1];
  const parts = name ? terms(compoundParts(name)) : [];
  return parts.length >= 2 && parts.every((t) => asked.has(t));
}
