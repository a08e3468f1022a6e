import type { Unit } from './section-passage';
import { inlineCode } from './text';

/** An identifier written as inline code (`setenv`, `tmp_path_factory`), not a value or a path. */
const IDENTIFIER = /^[A-Za-z_][\w.-]{2,}$/;

/**
 * For a task, the code block further in the section that writes what the window's prose names as
 * code but the window's code does not: "`monkeypatch` provides … the `setenv` and `delenv`
 * method. Our example code to test:" quotes the code under test, and the block that calls
 * `monkeypatch.setenv(…)`, which the visitor came to copy, comes four sentences later. The first
 * such block that holds a word of the question and fits in `left` words (a lead-in's code may
 * overrun the budget a little, as elsewhere), with the sentence right before it when that fits
 * too; none when the window names no code or its code writes all it names.
 */
export function namedCode(units: Unit[], scores: number[], start: number, end: number, left: number): Unit[] {
  const window = units.slice(start, end + 1);
  const code = window
    .filter((u) => u.kind === 'code')
    .map((u) => u.text)
    .join('\n');
  const names = window
    .filter((u) => u.kind !== 'code')
    .flatMap((u) => inlineCode(u.text))
    .filter((c) => IDENTIFIER.test(c) && !writesName(code, c));
  if (!names.length) return [];
  const found = units.findIndex(
    (u, i) =>
      i > end &&
      u.kind === 'code' &&
      scores[i]! > 0 &&
      u.words <= left &&
      names.some((c) => writesName(u.text, c)),
  );
  if (found < 0) return [];
  const lead = units[found - 1]!;
  return found - 1 > end && lead.kind === 'paragraph' && lead.words + units[found]!.words <= left
    ? [lead, units[found]!]
    : [units[found]!];
}

/** Whether code writes a name as a whole identifier (`monkeypatch.setenv(` writes `setenv`). */
function writesName(code: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(code);
}
