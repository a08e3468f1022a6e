import { briefScore, holds, weightOf, type ScoredSection, type TermWeights } from './passage-choice';
import { answersBeside, givesCommand } from './second-passage';
import type { Unit } from './section-passage';

/**
 * Score, relative to the best section's, from which a section of a third page is quoted briefly
 * after an answer that quotes two: the section a reader meant may be neither of them (a manual's
 * troubleshooting table beside two settings sections that share the question's words). Higher
 * than the brief quote beside one section (0.5 of the best), as the answer already shows two.
 * Chosen on emanual-tv's dev half (docs/benchmarks.md, h-em).
 */
export const THIRD_SECTION = 0.6;

/** The section of `sections` that scores best as a brief quote (see `briefScore`). */
export function bestBrief(sections: ScoredSection[]): ScoredSection | undefined {
  return sections.reduce<ScoredSection | undefined>(
    (best, s) => (best && briefScore(best) >= briefScore(s) ? best : s),
    undefined,
  );
}

/**
 * The section quoted briefly after an answer's two sections: the best as a brief quote (see
 * {@link bestBrief}) of the documents neither quotes that hold every name of the question the
 * first holds ("Game Mode" settings, not Ambient Mode's), when it scores {@link THIRD_SECTION} of
 * the first and may be quoted beside it (see `answersBeside`). Prose only: none when a quoted
 * section gives a command (see `givesCommand`), as the answer gives what to type and a third
 * page would only stand between the reader and it, nor when the third does, as a command of a
 * page ranked well below the first is rarely the one asked for (a mount page's
 * `rclone mount remote:path /mnt --links`, asked to set a file's modification time).
 */
export function thirdSection(
  first: ScoredSection,
  second: ScoredSection,
  ranked: ScoredSection[],
  /** The names the question writes (see `nameTerms`). */
  names: Set<string>,
): ScoredSection | undefined {
  if (givesCommand(first.passage) || givesCommand(second.passage)) return undefined;
  const quoted = [first.passage.doc, second.passage.doc];
  const named = [...names].filter((t) => holds(first.passage, t));
  const third = bestBrief(
    ranked.filter((s) => !quoted.includes(s.passage.doc) && named.every((t) => holds(s.passage, t))),
  );
  return third &&
    !givesCommand(third.passage) &&
    briefScore(third) >= THIRD_SECTION * first.score &&
    answersBeside(first, third)
    ? third
    : undefined;
}

/**
 * Whether a quote holds a word of the question: a third section's quote that holds none (a
 * manual's "This function may not be supported depending on the model", all that is left once
 * the sentences quoted before it are dropped) adds nothing and is left out.
 */
export function holdsQuestion(units: Unit[], weights: TermWeights): boolean {
  return units.some((u) => weightOf(weights, (t) => u.terms.has(t)) > 0);
}
