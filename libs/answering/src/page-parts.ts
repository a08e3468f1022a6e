import type { ScoredSection, TermWeights } from './passage-choice';
import { pageCommand, writesCommandOf } from './quote-passage';
import { runsOnly } from './sample-run';
import { subjectNamed } from './code-names';
import { commandSummary, NEAR_TIE } from './second-passage';
import { hasCode, type SectionPassage, type Unit } from './section-passage';
import { codeLines } from './command-unit';

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
  const lines = codeLines(unit);
  let flags = 0;
  for (const line of lines) {
    if (HELP_LINE.test(line)) flags++;
    else if (!/^\s{8,}\S/.test(line)) return false;
  }
  return flags > 0;
}

/**
 * Whether a code block is only the synopsis of the command its page is titled by (`title`, see
 * `pageCommand`): each line writes the command, perhaps subcommand words, then placeholders in
 * `<>` or `[]` or choices (`status=public|private`) alone, one line at least with one
 * (`pnpm unpublish [<pkg>[@<version>]] [--force]`, `pnpm pkg set <key>=<value> [<key>=<value> ...]`,
 * `pnpm pkg fix`). It says what may be typed:
 * the page's examples say what to type for a task (`pnpm unpublish foo@1.0.0`).
 */
export function isSynopsis(unit: Unit, title: string): boolean {
  const command = pageCommand(title);
  if (unit.kind !== 'code' || !command) return false;
  const lines = codeLines(unit);
  let placeholders = 0;
  for (const line of lines.map((l) => l.trim())) {
    if (line !== command && !line.startsWith(`${command} `)) return false;
    // The subcommand's words (`get`, `set`), then the arguments.
    const args = line.slice(command.length).replace(/^(?:\s+[a-z][\w-]*)*(?=\s|$)/, '');
    const left = withoutPlaceholders(args);
    if (!/^[\s=@|.,]*$/.test(left)) return false;
    if (left !== args) placeholders++;
  }
  return placeholders > 0;
}

/**
 * A text without its placeholders: in `<>` or `[]`, nested ones too (`[<pkg>[@<version>]]`,
 * innermost first), and a choice of values written with `|` (`status=public|private`).
 */
function withoutPlaceholders(text: string): string {
  let out = text;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/<[^<>[\]]*>|\[[^[\]<>]*\]/g, '');
  }
  return out.replace(/(?<!\S)[^\s|]+(?:\|[^\s|]+)+(?!\S)/g, '');
}

/**
 * Whether a section gives the command or setting a task needs: a code block that is more than a
 * list of options (see {@link isOptionHelp}) or its page command's synopsis (see
 * {@link isSynopsis}). A section that gives none, its intro, its option help or its synopsis,
 * sends the answerer to the rest of its page for the part that does.
 */
export function givesUsage(passage: SectionPassage): boolean {
  return passage.units.some(
    (u) => u.kind === 'code' && !isOptionHelp(u) && !isSynopsis(u, passage.chunk.title),
  );
}

/**
 * The pages a how-do-I question's answer searches for the part that gives its command (the
 * question's own search within them: see `documentPassages`), given the retrieved sections in
 * answering order: the best section's page when that section gives no command (its intro, its
 * option table, its option help, runs of code shown elsewhere: see `runsOnly`; `weights` are the
 * question's) or is the page's opening (no section heading: a command page's opening gives the
 * command in its plain form, `pnpm deploy --filter=<project> <target>`, while the option a task
 * names, "only production dependencies", is given in a later part, `--prod`), with a runner-up's
 * page when the runner-up is about as good, on another page, and holds code; and a runner-up's
 * page alone when the best section gives a command but the runner-up, about as good, only a
 * command's option help: the option it lists (`--check
 * Check for new version`) is given in use by its page's synopsis or example (`rclone version
 * --check`), which shares few words with the question and was not retrieved. None otherwise.
 */
export function commandPages(order: ScoredSection[], weights: TermWeights): string[] {
  const [first, tie] = order;
  if (!first) return [];
  const page = first.passage.chunk.document_id;
  const near =
    tie && tie.passage.doc !== first.passage.doc && tie.score >= NEAR_TIE * first.score ? tie : undefined;
  if (!givesUsage(first.passage) || runsOnly(first.passage, weights) || !first.passage.section) {
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
 * The part of a section's page that gives in use the options or the synopsis the section only
 * lists (see {@link onlyOptionHelp}): the best-ranked other section of that page among `sections`
 * (the retrieved ones and the page search's) whose code gives a command (see {@link givesUsage})
 * and names most of the question's subject (its code or heading holds words of the question that
 * are not only its phrasing); for a synopsis, else the best-ranked one whose code writes the page's
 * command (`pnpm unpublish foo@1.0.0` under "Examples": every example is of what was asked).
 * Undefined for a section that gives a command itself, or when the page has none.
 */
export function usagePart(
  section: ScoredSection,
  sections: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  if (!onlyOptionHelp(section.passage)) return undefined;
  const parts = sections.filter(
    (s) =>
      s.passage.doc === section.passage.doc &&
      s.passage.section !== section.passage.section &&
      givesUsage(s.passage),
  );
  // The part naming most of the subject, the best-ranked of equals: `pnpm pkg set name=my-package`
  // and `scripts.build=…` (package, script) over `pnpm pkg get scripts.test` for adding a script.
  const names = (s: ScoredSection) => subjectNamed(s.passage, weights);
  const named = parts.reduce<ScoredSection | undefined>(
    (best, s) => (names(s) > (best ? names(best) : 0) ? s : best),
    undefined,
  );
  if (named || !synopsisOnly(section.passage)) return named;
  return parts.find((s) => s.passage.units.some((u) => writesCommandOf(u, s.passage.chunk.title)));
}

/** Whether a section's only code is its page command's synopsis (see {@link isSynopsis}). */
function synopsisOnly(passage: SectionPassage): boolean {
  const code = passage.units.filter((u) => u.kind === 'code');
  return code.length > 0 && code.every((u) => isSynopsis(u, passage.chunk.title));
}

/**
 * The section quoted after the best one, `second` (see `secondPassage`), with the command its
 * page gives for options listed without one: the usage part of `second`'s page when `second` is
 * option help or a synopsis (not the best section itself, nor when the best section is of that
 * page and gives a command: its command is the page's), else of the best section's page when that
 * one is a synopsis (before a runner-up of another page: the synopsis is of the command asked, its
 * examples how to type it for a task) or option help and `second` gives no command (see
 * {@link usagePart}); `second` otherwise.
 */
export function withUsage(
  first: ScoredSection,
  second: ScoredSection | undefined,
  sections: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  const page = first.passage.chunk.document_id;
  const others = sections.filter(
    (s) => s.passage.chunk.document_id !== page || s.passage.section !== first.passage.section,
  );
  const samePage = second?.passage.chunk.document_id === page;
  const forSecond = second && !(samePage && givesUsage(first.passage)) && usagePart(second, others, weights);
  if (forSecond) return forSecond;
  const forFirst = usagePart(first, sections, weights);
  if (forFirst && synopsisOnly(first.passage) && !samePage) return forFirst;
  if (second && givesUsage(second.passage)) return second;
  return forFirst ?? second;
}
