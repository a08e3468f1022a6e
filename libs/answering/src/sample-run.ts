import { PHRASING, weightOf, type TermWeights } from './passage-choice';
import type { SectionPassage, Unit } from './section-passage';
import { documentTerms } from './text';

/** A shell prompt before the command typed: `$ pytest -s test_finalizers.py`. */
const PROMPT = /^\s*\$\s+\S/;

/** A code block's lines, its fences and blank lines aside. */
function codeLines(unit: Unit): string[] {
  return unit.text.split('\n').filter((line) => !/^\s*(?:```|~~~)/.test(line) && line.trim());
}

/**
 * Whether a code block is a sample run: a command typed at a prompt (`$ pytest -s test_x.py`) and
 * what it printed after it (a session header, dots, a failure's traceback). A block of commands
 * only is no sample run.
 */
export function isSampleRun(unit: Unit): boolean {
  if (unit.kind !== 'code') return false;
  const lines = codeLines(unit);
  return PROMPT.test(lines[0] ?? '') && lines.some((line) => !PROMPT.test(line));
}

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
  const typed = new Set(
    code.flatMap((u) => codeLines(u).filter((line) => PROMPT.test(line))).flatMap((l) => documentTerms(l)),
  );
  return weightOf(weights, (t) => !PHRASING.has(t) && typed.has(t)) === 0;
}
