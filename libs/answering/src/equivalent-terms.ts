import { equivalentTerms } from '@docqa/tokenize';
import { terms } from './text';

/** The lexicon's equivalents (see `equivalentTerms`) as the answerer's terms. */
const EQUIVALENTS = equivalentTerms((word) => terms(word)[0] ?? null);

/**
 * How much a question's term counts in a section that lacks it but holds one of its equivalents
 * ("domain" in a section that writes "origin"), as a share of what the equivalent would count
 * there: the section may say the same thing otherwise, or something else with a kindred word.
 * The lowest that quotes docqa's Widget tokens section (`--origin`) first for "How can I restrict
 * a widget token to my docs domain?"; 0.5 to 0.85 change nothing else on emanual-tv or the dev
 * halves of the multi-dialect set, 1.5 loses a gold section of emanual-tv (docs/benchmarks.md).
 */
export const EQUIVALENT_STRENGTH = 0.7;

/**
 * What a question's term counts in a section that lacks it: {@link EQUIVALENT_STRENGTH} of the
 * best `strength` of its equivalents there (0 when it has none).
 */
export function equivalentStrength(term: string, strength: (term: string) => number): number {
  const others = EQUIVALENTS.get(term);
  if (!others) return 0;
  return EQUIVALENT_STRENGTH * Math.max(0, ...others.map(strength));
}

/** A term's equivalents in the lexicon, as the answerer's terms (none for most terms). */
export function equivalentsOf(term: string): string[] {
  return EQUIVALENTS.get(term) ?? [];
}
