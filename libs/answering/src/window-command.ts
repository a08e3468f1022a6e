import { isCommand } from './command-unit';
import { INLINE_FLAG } from './far-key';
import type { Unit } from './section-passage';

/**
 * The first command after the unit at `end` that fits in `maxWords` and holds the question's words
 * at least half as well as the best such command does (`--dedupe-mode skip - removes identical
 * files…`, not the listing `$ rclone lsl drive:dupes` before it; any, when none holds them: a bare
 * `$ gem update asciidoctor`); -1 when none fits. A command's sample output too long to quote is
 * passed over. A sentence that writes a flag as code counts, as it does in the window: "Old
 * versions of files… are visible using the `--b2-versions` flag." gives the command in prose.
 */
export function nextCommand(units: Unit[], scores: number[], end: number, maxWords: number): number {
  const fits = (u: Unit, i: number) =>
    i > end && (isCommand(u) || INLINE_FLAG.test(u.text)) && u.words <= maxWords;
  const best = Math.max(0, ...units.map((u, i) => (fits(u, i) ? scores[i]! : 0)));
  return units.findIndex((u, i) => fits(u, i) && scores[i]! >= 0.5 * best);
}

/**
 * The command right before a window of a task's section that holds none, when every paragraph
 * between them holds the question's words (their `scores`) and the command and the window fit in
 * `maxWords` together; else -1. Those paragraphs explain that code: Cargo's "Testing a bugfix"
 * edits the manifest (`[patch.crates-io]`), then says "Here we declare that we're *patching* the
 * source…", "This will effectively add the local checked out version…", which hold "local"; a
 * window from them went on to the tutorial's closing `cargo build` instead (see
 * {@link nextCommand}), past paragraphs that hold none of the question.
 */
export function explainedCommand(
  units: Unit[],
  scores: number[],
  start: number,
  end: number,
  maxWords: number,
): number {
  let before = start - 1;
  while (before >= 0 && !isCommand(units[before]!) && scores[before]! > 0) before--;
  const explains = before >= 0 && before < start - 1 && isCommand(units[before]!);
  return explains && wordsBetween(units, before, end + 1) <= maxWords ? before : -1;
}

/** Words of the units from `from` up to (not including) `to`. */
export function wordsBetween(units: Unit[], from: number, to: number): number {
  return units.slice(from, to).reduce((n, u) => n + u.words, 0);
}
