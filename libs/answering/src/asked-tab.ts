import { isCodeLabel } from './section-passage';
import type { Unit } from './section-passage';

/**
 * A section's units with only the tabs that the question names by their labels
 * (`**File (TOML)**:` for "…in TOML?", `**Docker**:` for "…with Docker?"), when it names some:
 * a tab set shows one setting in each provider's or format's syntax, and a window that quotes its
 * first tabs (Kubernetes, Helm) runs out of words before the one asked for. Every labelled code
 * block of the section counts, as a section's steps each have their tab set (enable, then expose)
 * and a chunk may hold only the start of one. A section none or all of whose labels the question
 * names is kept whole.
 */
export function askedTabs(units: Unit[], names: Set<string>): Unit[] {
  const labels = units.map((_, i) => isCodeLabel(units, i));
  const named = units.map((u, i) => labels[i] && [...u.terms].some((t) => names.has(t)));
  const tabs = labels.filter(Boolean).length;
  const asked = named.filter(Boolean).length;
  if (!asked || asked === tabs) return units;
  // A tab not asked for goes with its code block.
  return units.filter((_, i) => !(labels[i] && !named[i]) && !(labels[i - 1] && !named[i - 1]));
}
