import { isCodeLabel } from './command-unit';
import type { Unit } from './section-passage';

/**
 * A section's units with only the tabs that the question names by their labels
 * (`**File (TOML)**:` for "…in TOML?", `**Docker**:` for "…with Docker?"), when it names some:
 * a tab set shows one setting in each provider's or format's syntax, and a window that quotes its
 * first tabs (Kubernetes, Helm) runs out of words before the one asked for. Every labelled code
 * block of the section counts, as a section's steps each have their tab set (enable, then expose)
 * and a chunk may hold only the start of one. A label the question writes whole, in any case, is
 * named too: package managers and shells are written in lower case (`**npm**:`, `**yarn**:` for
 * "How do I add Prettier to my project with npm?", where the quote took the second tab). A section
 * none or all of whose labels the question names is kept whole.
 */
export function askedTabs(
  units: Unit[],
  names: Set<string>,
  /** The question's terms (its term weights serve). */
  asked: { has(term: string): boolean } = new Set<string>(),
): Unit[] {
  const labels = units.map((_, i) => isCodeLabel(units, i));
  const named = units.map(
    (u, i) =>
      labels[i] &&
      ([...u.terms].some((t) => names.has(t)) ||
        (u.terms.size > 0 && [...u.terms].every((t) => asked.has(t)))),
  );
  const tabs = labels.filter(Boolean).length;
  const chosen = named.filter(Boolean).length;
  if (!chosen || chosen === tabs) return units;
  // A tab not asked for goes with its code block.
  return units.filter((_, i) => !(labels[i] && !named[i]) && !(labels[i - 1] && !named[i - 1]));
}
