import type { ScoredSection } from './passage-choice';
import { NEAR_TIE } from './second-passage';
import { hasCode, type SectionPassage } from './section-passage';
import { withoutStringLiterals } from './text';

/** A heading that names a command: one or more lower-case words (`ingest`, `tokens revoke`). */
const COMMAND_HEADING = /^[a-z][\w-]*(?: [a-z][\w-]*)*$/;

/**
 * The command a section is a list about: a section of list items only, no code, under an own
 * heading that is a command's name (a CLI reference's `## ingest` continued past its examples,
 * its options and notes); undefined for any other section.
 */
export function listedCommand(passage: SectionPassage): string | undefined {
  const heading = (passage.section.split(' › ').at(-1) ?? '').replace(/`/g, '').trim();
  if (!COMMAND_HEADING.test(heading) || !passage.units.length) return undefined;
  return passage.units.every((u) => u.kind === 'item') ? heading : undefined;
}

/** Whether a section's code (strings aside) writes `command` as words of a command line. */
function typesCommand(passage: SectionPassage, command: string): boolean {
  const words = new RegExp(`(?:^|[\\s(])${command.replace(/[-\\]/g, '\\$&')}(?=\\s|$)`, 'm');
  return passage.units.some((u) => u.kind === 'code' && words.test(withoutStringLiterals(u.text)));
}

/**
 * Sections in answering order for a how-do-I, with a section that does the task with a command
 * first when the best one is a list about that command (its options and notes, see
 * {@link listedCommand}): a section about as good (see `NEAR_TIE`) whose code types the command
 * and that does the task at least as much (see `intentFit`) answers "how do I…" with what to
 * type ("How do I ingest a folder of Markdown files?": getting started's
 * `docqa ingest ./my-docs --tenant acme`, not the CLI reference's `--dialect` and `--include`
 * items under `## ingest`), and the list is the runner-up it then quotes.
 */
export function commandBeforeOptions(ranked: ScoredSection[]): ScoredSection[] {
  const [first] = ranked;
  const command = first && !hasCode(first.passage) ? listedCommand(first.passage) : undefined;
  if (!first || !command) return ranked;
  const doer = ranked.find(
    (s) =>
      s !== first &&
      s.score >= NEAR_TIE * first.score &&
      s.fit >= first.fit &&
      typesCommand(s.passage, command),
  );
  return doer ? [doer, ...ranked.filter((s) => s !== doer)] : ranked;
}
