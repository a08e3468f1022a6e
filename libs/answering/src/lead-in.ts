import type { Unit } from './section-passage';

/** Whether a unit introduces what follows it ("Run:"). */
export function endsWithColon(unit: Unit): boolean {
  return unit.kind !== 'code' && unit.text.trimEnd().endsWith(':');
}

/**
 * Whether a unit is a procedure's lead-in naming its purpose ("To install a gem-based theme:"):
 * the docs' own statement of the task the steps after it do.
 */
export function statesPurpose(unit: Unit): boolean {
  return endsWithColon(unit) && /^To\s+\p{Ll}/u.test(unit.text.trimStart());
}

/** Words a code block's title holds at most: a caption, not a sentence that says something. */
const TITLE_WORDS = 8;

/**
 * The units of a section that title the code block right after them: a short paragraph of its
 * own, not ending as a sentence or a lead-in does (".", "!", "?", ":"), directly above a code
 * block. An AsciiDoc listing's title becomes such a paragraph ("Example 2. collapsible-block.rb"
 * over the Ruby code, "Usage" over the command); like a lead-in ending in ":" it names the code
 * and says nothing without it, so a window never ends on it (see `chooseWindow`). Its units are
 * all of its paragraph's ("Example 1." and "Sample title" when the title's number splits it).
 */
export function codeTitles(units: Unit[]): Set<Unit> {
  const out = new Set<Unit>();
  units.forEach((unit, i) => {
    const next = units[i + 1];
    if (unit.kind !== 'paragraph' || next?.kind !== 'code' || next.block !== unit.block + 1) return;
    if (/[.!?:]$/.test(unit.text.trimEnd())) return;
    const title = units.filter((u) => u.block === unit.block);
    if (title.reduce((n, u) => n + u.words, 0) <= TITLE_WORDS) title.forEach((u) => out.add(u));
  });
  return out;
}

/**
 * Whether a unit says nothing without the one after it: a lead-in ending in ":" or a code
 * block's title (`titles`, see {@link codeTitles}).
 */
export function leadsIn(unit: Unit, titles: Set<Unit>): boolean {
  return endsWithColon(unit) || titles.has(unit);
}

/**
 * Units without a trailing lead-in (or code title) whose continuation is not among them; none when
 * they are all lead-ins ("It sets the settings … and loads the widget's script:" without the
 * script), which say nothing quoted alone.
 */
export function withoutDanglingLeadIn(units: Unit[], titles: Set<Unit> = new Set()): Unit[] {
  let end = units.length;
  while (end > 0 && leadsIn(units[end - 1]!, titles)) end--;
  return units.slice(0, end);
}
