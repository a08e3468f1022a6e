import { PHRASING, weightOf, type TermWeights } from './passage-choice';
import { type SectionPassage } from './section-passage';
import { isSampleRun, typedTerms } from './command-unit';

/**
 * Whether a section's code is sample runs only (see {@link isSampleRun}), none of whose typed
 * commands names a word of the question (its phrasing aside): the runs show what code explained
 * elsewhere does. Tutorials run the code they explain in a subsection of their own: "Note on
 * finalizer order" shows `$ pytest -s test_finalizers.py` and what it prints, and says how
 * "*addfinalizer* registers a function", while `request.addfinalizer(…)` is in the section above.
 * A run of what is asked (`$ rclone version --check` and its output, for checking the version) is
 * the command.
 */
export function runsOnly(passage: SectionPassage, weights: TermWeights): boolean {
  const code = passage.units.filter((u) => u.kind === 'code');
  if (!code.length || !code.every(isSampleRun)) return false;
  const typed = new Set(code.flatMap((u) => [...typedTerms(u)]));
  return weightOf(weights, (t) => !PHRASING.has(t) && typed.has(t)) === 0;
}
