import { PHRASING, weightOf, type TermWeights } from './passage-choice';
import { type SectionPassage } from './section-passage';
import { isRunStep, writesCode } from './command-unit';
import { documentTerms, inlineCode, withoutStringLiterals } from './text';

/**
 * Weight of the question's words, its phrasing aside, that a section's code (strings aside; a
 * step's command written as code, see `isRunStep`) or own heading holds: above 0 for the example's
 * `addPrefix:` asked to "add a prefix", not a TLS example.
 */
export function subjectNamed(passage: SectionPassage, weights: TermWeights): number {
  return namedBy(passage, passage.sectionTerms, weights);
}

/**
 * Weight of the question's words (its phrasing aside) that a section's code (as above) or its
 * headings and page title name: how much of what was asked its command or setting is for
 * (`--safe-mode` under "Set the Safe Mode Using the CLI", asked "…when running the CLI").
 */
export function commandNames(passage: SectionPassage, weights: TermWeights): number {
  return namedBy(passage, passage.headingTerms, weights);
}

/** Weight of the question's words that `headings` or the section's code name (see above). */
function namedBy(passage: SectionPassage, headings: Set<string>, weights: TermWeights): number {
  const found = new Set(headings);
  for (const u of passage.units)
    if (writesCode(u)) documentTerms(withoutStringLiterals(u.text)).forEach((t) => found.add(t));
    else if (isRunStep(u)) inlineCode(u.text).forEach((c) => documentTerms(c).forEach((t) => found.add(t)));
  return weightOf(weights, (t) => !PHRASING.has(t) && found.has(t));
}
