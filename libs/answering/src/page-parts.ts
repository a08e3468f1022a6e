import type { ScoredSection, TermWeights } from './passage-choice';
import { runsOnly } from './sample-run';
import { commandSummary, hasCode, namesSubject, NEAR_TIE } from './second-passage';
import type { SectionPassage, Unit } from './section-passage';

/**
 * A line of a command's help: a flag, its short form or value perhaps, then two spaces or more
 * and what it does (`      --check   Check for new version`, `  -h, --help    help for version`).
 */
const HELP_LINE = /^\s*(?:-\w,\s+)?--?[\w-]+(?:[ =][\w<>[\]|.-]+)?\s{2,}\S/;

/**
 * Whether a code block lists a command's options as its help prints them: every line is a flag
 * and what it does (or continues the line before, indented, or is blank). It names what can be
 * typed, not how: the page's synopsis or example gives the command with the option.
 */
export function isOptionHelp(unit: Unit): boolean {
  if (unit.kind !== 'code') return false;
  const lines = unit.text.split('\n').filter((line) => !/^\s*(?:```|~~~)/.test(line) && line.trim());
  let flags = 0;
  for (const line of lines) {
    if (HELP_LINE.test(line)) flags++;
    else if (!/^\s{8,}\S/.test(line)) return false;
  }
  return flags > 0;
}

/**
 * Whether a section gives the command or setting a task needs: a code block that is more than a
 * list of options (see {@link isOptionHelp}). A section that gives none, its intro or its option
 * help, sends the answerer to the rest of its page for the part that does.
 */
export function givesUsage(passage: SectionPassage): boolean {
  return passage.units.some((u) => u.kind === 'code' && !isOptionHelp(u));
}

/**
 * The pages a how-do-I question's answer searches for the part that gives its command (the
 * question's own search within them: see `documentPassages`), given the retrieved sections in
 * answering order: the best section's page when that section gives no command (its intro, its
 * option table, its option help, runs of code shown elsewhere: see `runsOnly`; `weights` are the
 * question's), with a runner-up's page when the runner-up is about as good, on
 * another page, and holds code; and a runner-up's page alone when the best section gives a command
 * but the runner-up, about as good, only a command's option help: the option it lists (`--check
 * Check for new version`) is given in use by its page's synopsis or example (`rclone version
 * --check`), which shares few words with the question and was not retrieved. None otherwise.
 */
export function commandPages(order: ScoredSection[], weights: TermWeights): string[] {
  const [first, tie] = order;
  if (!first) return [];
  const page = first.passage.chunk.document_id;
  const near =
    tie && tie.passage.doc !== first.passage.doc && tie.score >= NEAR_TIE * first.score ? tie : undefined;
  if (!givesUsage(first.passage) || runsOnly(first.passage, weights)) {
    const other = near && hasCode(near.passage) ? near : commandSummary(first, order);
    return other ? [page, other.passage.chunk.document_id] : [page];
  }
  return near && onlyOptionHelp(near.passage) ? [near.passage.chunk.document_id] : [];
}

/** Whether a section's code is only option help (see {@link isOptionHelp}). */
export function onlyOptionHelp(passage: SectionPassage): boolean {
  return hasCode(passage) && !givesUsage(passage);
}

/**
 * The part of a section's page that gives in use the options the section only lists (see
 * {@link onlyOptionHelp}): the best-ranked other section of that page among `sections` (the
 * retrieved ones and the page search's) whose code gives a command (see {@link givesUsage}) and
 * names the question's subject (its code or heading holds a word of the question that is not only
 * its phrasing). Undefined for a section that gives a command itself, or when the page has none.
 */
export function usagePart(
  section: ScoredSection,
  sections: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  if (!onlyOptionHelp(section.passage)) return undefined;
  return sections.find(
    (s) =>
      s.passage.doc === section.passage.doc &&
      s.passage.section !== section.passage.section &&
      givesUsage(s.passage) &&
      namesSubject(s.passage, weights),
  );
}

/**
 * The section quoted after the best one, `second` (see `secondPassage`), with the command its
 * page gives for options listed without one: the usage part of `second`'s page when `second` is
 * option help, else of the best section's page when that one is and `second` gives no command
 * (see {@link usagePart}); `second` otherwise.
 */
export function withUsage(
  first: ScoredSection,
  second: ScoredSection | undefined,
  sections: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  const forSecond = second && usagePart(second, sections, weights);
  if (forSecond) return forSecond;
  if (second && givesUsage(second.passage)) return second;
  return usagePart(first, sections, weights) ?? second;
}
