import { chunkNumber } from '@docqa/retrieval';
import {
  doesOtherTask,
  holds,
  MIN_COVERAGE,
  PHRASING,
  weightOf,
  type ScoredSection,
  type TermWeights,
} from './passage-choice';
import { hasCode, isPartOf, opensPage, type SectionPassage } from './section-passage';
import { isCommand } from './command-unit';
import { isReadByPlace } from './document-passages';
import { isCommandSummary, pageCommand, writesCommandOf } from './quote-passage';
import { commandNames, subjectNamed } from './code-names';
import { pageKey } from './page-context';
import { pageTie } from './page-tie';
import { linkedOwnSection, sendingLinks } from './in-page-link';
import { runsOnly } from './sample-run';
import { doesAnotherWay } from './qualified-heading';

/** Share of the question's weight left unanswered by the first passage that calls for a second. */
const SECOND_PASSAGE_NEED = 0.25;
/**
 * Score, relative to the best section's, from which the runner-up is quoted too: two sections
 * that answer about equally well are both shown rather than one guessed.
 */
export const NEAR_TIE = 0.7;
/**
 * Score, relative to the best section's, from which a section of the same page that gives the
 * command or setting is quoted after a first section that gives none (see {@link commandPassage}).
 */
const COMMAND_SCORE = 0.3;

/**
 * Whether a section gives a command or setting: a code block, or an option list whose items (or
 * the terms of a definition list) open with the option as code (`` `-S`, `--safe-mode=SAFE_MODE` ``),
 * as a CLI page's list of flags does.
 */
export function givesCommand(passage: SectionPassage): boolean {
  return passage.units.some(isCommand);
}

/**
 * A second section: the runner-up when it answers about as well (a near tie; a part of the first
 * section before another, see {@link nearPart}), unless, for a how-do-I
 * whose first section gives no command, the runner-up gives none either and a section of the first
 * one's page does (see {@link commandPassage}), which is quoted instead; or one that holds most of
 * what the first leaves unanswered when that is a good part of the question. A runner-up of either
 * kind that gives no command gives way to the command of a page whose summary says the task (see
 * {@link commandSummary}). Before either, for a how-do-I, the page the first section's best
 * sentence sends the reader to (see {@link referredPage}).
 */
export function secondPassage(
  first: ScoredSection,
  ranked: ScoredSection[],
  weights: TermWeights,
  /** Whether the question asks for a task (see `asksForTask`). */
  task: boolean,
  procedure: boolean,
  /** Sections a command may come from: the retrieved ones and more of the first one's page. */
  commands: ScoredSection[] = ranked,
): ScoredSection | undefined {
  // A part of the first section about as good goes before another runner-up (see `nearPart`).
  const runner = nearPart(first, ranked) ?? ranked[1];
  const tie =
    runner && runner.score >= NEAR_TIE * first.score && answersBeside(first, runner) && !procedure
      ? runner
      : undefined;
  // A command found further down the first section's page goes before a runner-up about as good
  // that gives a command on another page, unless that one's command names more of the question.
  const command = task ? commandPassage(first, commands, weights) : undefined;
  if (
    command &&
    tie &&
    hasCode(tie.passage) &&
    commandNames(tie.passage, weights) > commandNames(command.passage, weights)
  )
    return tie;
  // A page's example read by its place (see `pageExample`), which no search ranked, does not
  // take the place of a runner-up about as good that answers beside it (see `keepsPlace`).
  if (command && !(tie && isReadByPlace(command.passage.chunk) && keepsPlace(tie, first, command, weights)))
    return command;
  // The page the first section's best sentence sends the reader to (see `referredPage`).
  const referred = task ? referredPage(first, commands, weights) : undefined;
  if (referred) return referred;
  // A near tie without its own page's command gives way to a command page's (see `commandTie`).
  const near =
    tie &&
    ((task && commandTie(first, tie, ranked, commands)) ||
      pageTie(
        first,
        tie,
        ranked.filter((s) => answersBeside(first, s)),
        NEAR_TIE,
      ) ||
      tie);
  const other = near ?? unansweredPart(first, ranked, weights);
  // A runner-up that gives no command gives way to the command of a command page whose summary
  // says the task (see `commandSummary`).
  return other && task && !hasCode(other.passage)
    ? (summarisedCommand(first, ranked, commands) ?? other)
    : other;
}

/**
 * For a how-do-I whose first section is not on a page titled by a command, and whose runner-up
 * about as good does not write its own page's command: the section that writes its page's command
 * (see {@link writesPageCommand}) of the best-ranked other near tie on a page titled by a command.
 * A CLI's page for the task ("pnpm runtime <cmd>": `pnpm runtime set node 22`) gives what to type,
 * where a neighbour about as good says how another thing does it (a `package.json` field).
 */
function commandTie(
  first: ScoredSection,
  tie: ScoredSection,
  ranked: ScoredSection[],
  commands: ScoredSection[],
): ScoredSection | undefined {
  if (pageCommand(first.passage.chunk.title) || writesPageCommand(tie.passage)) return undefined;
  const page = ranked.find(
    (s) =>
      s.passage.doc !== first.passage.doc &&
      s.score >= NEAR_TIE * first.score &&
      pageCommand(s.passage.chunk.title) &&
      answersBeside(first, s),
  );
  return page && commands.find((s) => s.passage.doc === page.passage.doc && writesPageCommand(s.passage));
}

/**
 * Whether a runner-up about as good as the first section keeps its place as the second passage
 * before the example of the first one's page read by its place (see `pageExample`). A part of
 * the first section (its subsection, "State › Recovering" under "State") does not: the first is
 * quoted into it, and the page's example gives what to type. A section of another page keeps it,
 * as that page may be the one meant, unless the example's code and headings name more of the
 * question (see {@link commandNames}) than that runner-up does (`redirectRegex: regex: …` for
 * "redirect … using a regular expression", over the page of another redirect; `ipAllowList:
 * sourceRange: …` for "allow only some IP addresses", over a load balancer's `services:` keyed by
 * client IP). The first section is not weighed against it: it gives no code, and the headings it
 * shares with the example (the page's title, "IPAllowList") name the question as much, so such an
 * example never named more than it. Another section of the first one's page keeps it: the page's example may do
 * a variant the question does not ask ("Link to the stylesheet" for "embed the stylesheet").
 */
function keepsPlace(
  tie: ScoredSection,
  first: ScoredSection,
  example: ScoredSection,
  weights: TermWeights,
): boolean {
  if (tie.passage.doc === first.passage.doc) return !isPartOf(tie.passage, first.passage);
  const named = commandNames(example.passage, weights);
  return named <= commandNames(tie.passage, weights);
}

/**
 * The best subsection of the first section that scores a near tie with it ({@link NEAR_TIE}), when
 * one does: a page whose opening names alternatives ("Embed a CodeRay or Pygments Stylesheet")
 * goes on in a subsection for each, and the one the question names ("Pygments") says what the
 * opening only announces, where a runner-up of another page repeats it for another thing.
 */
function nearPart(first: ScoredSection, ranked: ScoredSection[]): ScoredSection | undefined {
  return ranked
    .slice(1)
    .find((s) => s !== first && isPartOf(s.passage, first.passage) && s.score >= NEAR_TIE * first.score);
}

/**
 * The section that holds most of what the first leaves unanswered, when that is a good part of
 * the question ({@link SECOND_PASSAGE_NEED}) and it scores half the first's.
 */
function unansweredPart(
  first: ScoredSection,
  ranked: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  const missing = new Map([...weights].filter(([t]) => !holds(first.passage, t)));
  const need = weightOf(missing, () => true);
  if (need < SECOND_PASSAGE_NEED * weightOf(weights, () => true)) return undefined;
  return ranked
    .slice(1)
    .find((s) => s.score >= 0.5 * first.score && weightOf(missing, (t) => holds(s.passage, t)) >= 0.5 * need);
}

/**
 * For a how-do-I whose first section holds no code (a page's introduction, its option table): the
 * section of the same page whose code block does it, its code or heading naming the question's
 * subject (or, when the first does another task, see {@link doesOtherTask}, doing the one asked:
 * "You can turn on the AOF", `appendonly yes`, under "Append-only file"), that scores
 * {@link COMMAND_SCORE} of the first or writes the page's command (see {@link writesPageCommand}),
 * and that is not headed as the task done another way than asked (see `doesAnotherWay`);
 * of several, the one the first's best sentence links to on its page (see `linkedOwnSection`),
 * else the one whose code and own heading name most of the question (see `subjectNamed`),
 * the better ranked on a tie; else the page's leading example (see {@link leadingExample}), if
 * any. The visitor asked what to type or set, and the page gives it in a section ("Configuration
 * Example", "Usage") that shares few of the question's words with them. An extension's example
 * page ranks its sample document ("sample-with-man-link.adoc", `See man:gittutorial[7]`) above the
 * extension's class (`InlineMacroProcessor`, `:link`), asked "How do I create an inline macro that
 * links to a man page?": the class names more of it.
 */
export function commandPassage(
  first: ScoredSection,
  ranked: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  if (hasCode(first.passage) && !runsOnly(first.passage, weights)) return undefined;
  const commands = ranked.filter(
    (s) =>
      s.passage.doc === first.passage.doc &&
      s.passage.section !== first.passage.section &&
      givesCommand(s.passage) &&
      !runsOnly(s.passage, weights) &&
      !doesAnotherWay(s.passage, first.passage, weights) &&
      (subjectNamed(s.passage, weights) > 0 || (doesOtherTask(first) && s.fit > 1)),
  );
  // The section the first one's best sentence links to on its own page (see `linkedOwnSection`).
  const linked = linkedOwnSection(first, commands, weights);
  if (linked) return linked;
  const named = (s: ScoredSection) => subjectNamed(s.passage, weights);
  const best = commands
    .filter((s) => s.score >= COMMAND_SCORE * first.score || writesPageCommand(s.passage))
    .reduce<ScoredSection | undefined>((b, s) => (b && named(b) >= named(s) ? b : s), undefined);
  return best ?? leadingExample(first, commands);
}

/**
 * Score, relative to the best section's, from which a command page's summary (see
 * {@link commandSummary}) sends the answer to that page's command.
 */
const SUMMARY_SCORE = 0.5;

/**
 * For a how-do-I whose first section holds no code and is not on a page titled by a command: the
 * summary (opening or synopsis, see `isCommandSummary`) of another page, titled by a command, that
 * scores {@link SUMMARY_SCORE} of the first and holds {@link MIN_COVERAGE} of the question, the best
 * ranked. A CLI's docs title a page by its command and say in its summary what it does ("Create
 * new file or change file modification time."): the task the question asks, which another page's
 * prose may name in more of the question's words (a flag's section, a backend's note on
 * modification times) without saying what to type.
 */
export function commandSummary(first: ScoredSection, ranked: ScoredSection[]): ScoredSection | undefined {
  if (hasCode(first.passage) || pageCommand(first.passage.chunk.title)) return undefined;
  return ranked.find(
    (s) =>
      s.passage.doc !== first.passage.doc &&
      s.score >= SUMMARY_SCORE * first.score &&
      s.coverage >= MIN_COVERAGE &&
      isCommandSummary(s.passage.section, s.passage.chunk.title),
  );
}

/**
 * The section that writes its page's command (see {@link writesPageCommand}) of the page whose
 * summary answers a how-do-I (see {@link commandSummary}), among `commands` (the retrieved
 * sections and the page search's): the summary itself when it does, else the best ranked.
 */
function summarisedCommand(
  first: ScoredSection,
  ranked: ScoredSection[],
  commands: ScoredSection[],
): ScoredSection | undefined {
  const summary = commandSummary(first, ranked);
  if (!summary) return undefined;
  const page = commands.filter((s) => s.passage.doc === summary.passage.doc && writesPageCommand(s.passage));
  return page.find((s) => s.passage.section === summary.passage.section) ?? page[0];
}

/**
 * The first of a page's sections that give a command (see {@link commandPassage}) when it comes
 * before the section that answered, or that section is the page's opening: a reference page shows
 * its use first ("Configuration Examples" under the introduction, a command's "Usage" under its
 * synopsis), in code that shares few words with a question its prose answers (`compress: {}` at
 * 0.13 of "Compression activation" for "How do I turn on gzip compression of responses?").
 */
function leadingExample(first: ScoredSection, commands: ScoredSection[]): ScoredSection | undefined {
  const at = (s: ScoredSection) => chunkNumber(s.passage.chunk.chunk_id);
  const lead = commands.reduce<ScoredSection | undefined>((a, s) => (a && at(a) <= at(s) ? a : s), undefined);
  return lead && (at(lead) < at(first) || opensPage(first.passage)) ? lead : undefined;
}

/**
 * Whether a section's code writes the command its page is titled by (`pnpm sbom --sbom-format
 * cyclonedx` on the page "pnpm sbom"): its usage or example, which shares few words with a
 * question the page's opening answers in prose ("generate a software bill of materials"), and so
 * ranks far below that opening, yet gives what to type.
 */
function writesPageCommand(passage: SectionPassage): boolean {
  return passage.units.some((u) => writesCommandOf(u, passage.chunk.title));
}

/**
 * Sections in answering order, with a page's section that gives the task's command first when the
 * best one gives a command for something else: for a how-do-I whose best section holds code under
 * an own heading naming none of the question's words (an option, `allowACMEByPass`, whose note
 * says "when the entry point has an HTTP redirect configured"), the section of the same page about
 * as good (see {@link NEAR_TIE}) that does no other task than the one asked (see `intentFit`) and
 * whose code and own headings name most of the question, if more than the best one's (its
 * "Configuration Example", `redirections: entryPoint: to: websecure`). A best section whose
 * heading names what is asked keeps its place: its subsections' examples (an `xfail` section's
 * `run` parameter) are variants of it.
 */
export function commandFirst(ranked: ScoredSection[], weights: TermWeights): ScoredSection[] {
  const [first] = ranked;
  if (!first || !hasCode(first.passage)) return ranked;
  if (weightOf(weights, (t) => !PHRASING.has(t) && first.passage.sectionTerms.has(t)) > 0) return ranked;
  const named = (s: ScoredSection) => subjectNamed(s.passage, weights);
  const better = ranked
    .slice(1)
    .filter(
      (s) =>
        s.passage.doc === first.passage.doc &&
        s.score >= NEAR_TIE * first.score &&
        s.fit >= 1 &&
        hasCode(s.passage) &&
        named(s) > named(first),
    )
    .reduce<ScoredSection | undefined>((b, s) => (b && named(b) >= named(s) ? b : s), undefined);
  return better ? [better, ...ranked.filter((s) => s !== better)] : ranked;
}

/**
 * Whether a section is the procedure a "how do I…" question asks for: steps or a command, under
 * headings that name every word of the question.
 */
export function isProcedureFor(passage: SectionPassage, weights: TermWeights): boolean {
  const steps = passage.units.some((u) => u.kind === 'code' || u.kind === 'item');
  return steps && [...weights.keys()].every((t) => passage.headingTerms.has(t));
}

/**
 * Whether a runner-up near the best section is another answer to show beside it. A definition
 * answers a "what is" question alone: a section that does not define the subject too (a list of
 * `docqa_…` metrics for "What is docqa?") is not. Nor is a section about another task on the same
 * subject ("Backing up AOF persistence") beside one that does what is asked with a command or
 * setting (`appendonly yes` for "turn on the AOF").
 */
export function answersBeside(first: ScoredSection, other: ScoredSection): boolean {
  if (doesOtherTask(other) && first.fit > 1 && hasCode(first.passage)) return false;
  return other.defines || !first.defines;
}

/**
 * For a how-do-I, the section of another page that the first section's best sentence for the
 * question sends the reader to: docs that describe a neighbouring task point to the page that does
 * the one asked in the sentence that says it ("If you want to delete a directory and all of its
 * contents use the [purge](…/rclone_purge/) command" on `rclone delete`'s page; "To copy single
 * files, use the [copyto](…) command"). The linking sentence must hold as much of the question as
 * any of the section's sentences (a link in passing, "Unlike [purge](…) it obeys filters", does
 * not send); so does a pointer right after it ("See the [Access Logs Documentation](…).", see
 * `sendingUnits`). The linked page must be among `sections` (retrieved, or found by the page search):
 * its section that writes its page's command (see `writesPageCommand`), else its example read for
 * a link without an anchor (see `sentExample`), else its best ranked.
 */
function referredPage(
  first: ScoredSection,
  sections: ScoredSection[],
  weights: TermWeights,
): ScoredSection | undefined {
  const own = first.passage.chunk.url && pageKey(first.passage.chunk.url);
  for (const page of sendingLinks(first, weights).map(pageKey)) {
    if (page === own) continue;
    const onPage = sections.filter((s) => s.passage.chunk.url && pageKey(s.passage.chunk.url) === page);
    const section =
      onPage.find((s) => writesPageCommand(s.passage)) ??
      onPage.find((s) => isReadByPlace(s.passage.chunk)) ??
      onPage[0];
    if (section) return section;
  }
  return undefined;
}
