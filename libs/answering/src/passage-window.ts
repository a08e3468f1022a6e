import type { QuestionKind } from './question-kind';
import { type SectionPassage, type Unit } from './section-passage';
import { isCommand } from './command-unit';
import { PHRASING, weightOf, type TermWeights } from './passage-choice';
import { writesCommandOf } from './quote-passage';
import { namedCode } from './named-code';
import { setsUp } from './inline-setting';
import { rowNamed, TITLE_NAME_BONUS } from './title-name';
import { farKey, INLINE_FLAG } from './far-key';
import { explainedCommand, nextCommand, wordsBetween } from './window-command';
import { givesReason } from './reason';
import { codeTitles, endsWithColon, leadsIn, statesPurpose, withoutDanglingLeadIn } from './lead-in';

/**
 * Share of a window's words that what a lead-in introduces may take it up to: a command is not
 * left out for a few words over the budget.
 */
const OVERRUN = 1.25;

/**
 * The same share for a code block under its title (see `codeTitles`): a whole example file
 * ("Example 2. collapsible-block.rb"), which a window that reached its title shows rather than
 * the title alone.
 */
const TITLED_OVERRUN = 1.5;

/** Options of {@link chooseWindow}. */
export interface WindowOptions {
  /** Words the window may hold. */
  maxWords: number;
  /** Words a window around the best unit grows to, when the section is longer than `maxWords`. */
  targetWords: number;
  kind: QuestionKind;
  /**
   * Whether the question asks for a task to be done (see `asksForTask`): its window is drawn
   * towards a command next to it. @defaultValue `kind === 'how'`
   */
  task?: boolean;
  /** Whether the question asks why (see `asksWhy`): a reason next to the window is drawn in. */
  why?: boolean;
}

/**
 * The contiguous units of a section that answer: the whole section when it fits, else a window grown from
 * {@link windowStart} towards the better neighbour. A lead-in ending in ":" never ends the window without
 * what it introduces, and a code block or list that the window starts with takes its lead-in along. A
 * task's window holding no command (nor setting, see `setsUp`) starts from the code its paragraphs
 * explain (`explainedCommand`), else goes on to the section's next command (`nextCommand`), or, when
 * that does not fit, to its page's usage (`pageUsage`) or else starts from it.
 */
export function chooseWindow(passage: SectionPassage, weights: TermWeights, options: WindowOptions): Unit[] {
  const { units } = passage;
  const sizes = units.map((u) => u.words);
  const titles = codeTitles(units);
  if (sizes.reduce((n, w) => n + w, 0) <= options.maxWords) return withoutDanglingLeadIn(units, titles);
  const asked = new Set(weights.keys());
  const scores = units.map(
    (u) => weightOf(weights, (t) => u.terms.has(t)) * (rowNamed(u, asked) ? TITLE_NAME_BONUS : 1),
  );
  let start = windowStart(passage, scores, weights, options);
  // Values are listed from the start of their list (or table), the first ones often being what is
  // asked, when that start and the best unit fit in the window together; so is an item of a list
  // that a lead-in introduces ("Several plugins support this:"), whose first items it names too.
  const first = options.kind === 'which' || introduced(units, start) ? listStart(units, start) : start;
  if (sizes.slice(first, start + 1).reduce((n, w) => n + w, 0) <= options.maxWords) start = first;
  const task = options.task ?? options.kind === 'how';
  let end: number;
  let words: number;
  // A procedure quoted from its lead-in naming the task goes on to its steps (see `statesPurpose`).
  const steps = options.kind === 'how' && statesPurpose(units[start]!);
  ({ start, end, words } = grow(units, scores, options, task, start, steps));
  const given = units.slice(start, end + 1).some((u) => isCommand(u) || INLINE_FLAG.test(u.text));
  if (task && !given && !setsUp(units, weights, start, end)) {
    // A task's command that the window stopped short of is taken when it fits; else the window
    // starts from it, as an admonition or a background paragraph may fill the budget before it.
    // The code that the window's paragraphs explain, right before them, comes first (see `explainedCommand`).
    const explained = explainedCommand(units, scores, start, end, options.maxWords);
    const command = explained >= 0 ? -1 : nextCommand(units, scores, end, options.maxWords);
    const added = command > end ? wordsBetween(units, end + 1, command + 1) : Infinity;
    // Else the usage of the page's command, when it fits after the window (see `pageUsage`).
    const usage =
      explained >= 0 || words + added <= options.maxWords
        ? undefined
        : pageUsage(passage, scores, start, end, options.maxWords);
    if (explained >= 0) {
      start = explained;
      words = wordsBetween(units, start, end + 1);
    } else if (usage) {
      ({ start, end } = usage);
      words = wordsBetween(units, start, end + 1);
    } else if (words + added <= options.maxWords) {
      words += added;
      end = command;
    } else if (command > end) {
      // An option of a list is quoted from the list's start, as the list's lead-in introduces it.
      const list = listStart(units, command);
      const from = wordsBetween(units, list, command + 1) <= options.maxWords ? list : command;
      ({ start, end, words } = grow(units, scores, options, task, from, true));
    }
  }
  if (start > 0 && endsWithColon(units[start - 1]!) && units[start]!.kind !== 'paragraph') {
    words += sizes[--start]!;
  }
  // What a lead-in (or a code block's title) introduces may overrun the budget a little rather
  // than be left out.
  while (
    leadsIn(units[end]!, titles) &&
    end + 1 < units.length &&
    words + sizes[end + 1]! <= options.maxWords * (titles.has(units[end]!) ? TITLED_OVERRUN : OVERRUN)
  ) {
    words += sizes[++end]!;
  }
  let key = task ? farKey(passage, scores, weights, start, end, options.maxWords - words) : [];
  if (task && !key.length)
    ({ start, end, key } = keyForTail(passage, scores, weights, start, end, options.maxWords - words));
  const window = units.slice(start, end + 1);
  const named =
    task && !key.length ? namedCode(units, scores, start, end, options.maxWords * OVERRUN - words) : [];
  // A key before the window is quoted before it, in the section's order.
  return key.length && units.indexOf(key.at(-1)!) < start
    ? [...key, ...withoutDanglingLeadIn(window, titles), ...named]
    : [...withoutDanglingLeadIn(window, titles), ...key, ...named];
}

/**
 * For a task whose far key (see `farKey`) does not fit beside the window, the key in place of the
 * window's last units, those after its best one, and, when the key outscores every unit of the
 * window, of its first ones too: a window drawn from a section's start (its heading names the
 * task) may fill the budget with the setup of an example, where the key, later, gives the command
 * that does what is asked ("New `--nf, --new-first` option: run new tests first", closing
 * "Rerunning only failures or failures first", asked to run new files' tests first). The window
 * keeps its best unit; no key that fits so, the window is kept whole.
 */
function keyForTail(
  passage: SectionPassage,
  scores: number[],
  weights: TermWeights,
  start: number,
  end: number,
  left: number,
): { start: number; end: number; key: Unit[] } {
  const { units } = passage;
  const none = { start, end, key: [] as Unit[] };
  let best = start;
  for (let i = start; i <= end; i++) if (scores[i]! > scores[best]!) best = i;
  const tail = wordsBetween(units, best + 1, end + 1);
  const head = wordsBetween(units, start, best);
  const key = farKey(passage, scores, weights, start, end, left + tail + head);
  if (!key.length) return none;
  const need = key.reduce((n, u) => n + u.words, 0);
  const outscores = key.some((u) => scores[units.indexOf(u)]! > scores[best]!);
  let room = left;
  while (room < need && end > best) room += units[end--]!.words;
  while (room < need && outscores && start < best) room += units[start++]!.words;
  return room >= need ? { start, end, key } : none;
}

/**
 * A window grown from the unit at `from` towards its better neighbour up to the target words, or
 * (`forward`) only on after it: a window started from a command quotes it and what follows, and
 * takes what comes before only as its lead-in (see {@link chooseWindow}), but a code block that ends
 * its section, which closes the steps above it (a `Dockerfile`, then "Run the following command to
 * build the image:"), takes them.
 */
function grow(
  units: Unit[],
  scores: number[],
  options: WindowOptions,
  task: boolean,
  from: number,
  forward = false,
): { start: number; end: number; words: number } {
  let start = from;
  let end = from;
  let words = units[from]!.words;
  const fits = (i: number) => words + units[i]!.words <= options.maxWords;
  const pull = codePull(units, scores, task, options.why ?? false);
  while (words < options.targetWords) {
    const after = end + 1 < units.length && fits(end + 1) ? end + 1 : -1;
    // A window from a code block that ends its section has nothing after it to take: it takes
    // what comes before, the steps the command closes (a file it builds from, a setting it reads).
    const back = !forward || (end === units.length - 1 && units[from]!.kind === 'code');
    const before = back && start > 0 && fits(start - 1) ? start - 1 : -1;
    if (after < 0 && before < 0) break;
    const ahead = (i: number) => pull(i, start, end);
    const next = before >= 0 && (after < 0 || ahead(before) > ahead(after)) ? before : after;
    words += units[next]!.words;
    if (next === after) end = after;
    else start = before;
  }
  return { start, end, words };
}

/**
 * How much a window's neighbour is worth taking next: its score, except that for a question that
 * asks for a task a command (a code block, an option written as code) next to a window that holds
 * none is worth the best unit, as is a reason next to one that gives none for a question asking
 * why (see `givesReason`). The command or setting is what the prose beside it explains ("The
 * example above will run…", "Dedupe can be run non interactively using the `--dedupe-mode` flag"),
 * and holds few of the question's words itself.
 */
function codePull(
  units: Unit[],
  scores: number[],
  task: boolean,
  why: boolean,
): (i: number, start: number, end: number) => number {
  const best = Math.max(...scores);
  return (i, start, end) =>
    (task && isCommand(units[i]!) && !units.slice(start, end + 1).some(isCommand)) ||
    (why && givesReason(units[i]!) && !units.slice(start, end + 1).some(givesReason))
      ? Math.max(scores[i]!, best)
      : scores[i]!;
}

/**
 * The unit a window starts from: the best one, except where the answer comes first in a section.
 * A definition: the first sentence naming the subject, or the start of the section whose headings
 * name it, or, when that part is an item of a list or table, the item naming the question best.
 * Instructions: the lead-in of a procedure naming its purpose, when it names the question best
 * (see `statesPurpose`); else the opening of a section whose own heading names what is asked,
 * when that opening holds the question's words at least half as well as the best unit or a window
 * from it reaches the section's first command before the best unit. Any question but a
 * definition: the opening of a section whose own heading is a question naming what is asked (see
 * {@link asksInHeading}). Values: the first list or table of a section whose own heading names
 * what is asked.
 */
function windowStart(
  passage: SectionPassage,
  scores: number[],
  weights: TermWeights,
  options: WindowOptions,
): number {
  const { kind, targetWords } = options;
  const best = scores.indexOf(Math.max(...scores));
  const early = scores.slice(0, 3).findIndex((s) => s > 0);
  const named = (headings: Set<string>) => weightOf(weights, (t) => headings.has(t)) > 0;
  if (kind === 'what') {
    // An option table or list defines one of its rows' subjects per row: the row that names the
    // question best, not the first ones ("What is the minimum size?": `minResponseBodyBytes`).
    const rows = early >= 0 && passage.units[early]!.kind === 'item' && passage.units[best]!.kind === 'item';
    if (rows && scores[best]! > scores[early]!) return best;
    return early >= 0 ? early : named(passage.headingTerms) ? 0 : best;
  }
  // A procedure whose lead-in names the task best ("To install a gem-based theme:") is its answer,
  // from that lead-in: what the section says before it is background.
  if (kind === 'how' && statesPurpose(passage.units[best]!)) return best;
  const command = kind === 'how' ? commandFor(passage, weights) : -1;
  const from = early >= 0 ? early : best;
  // The command of a how-do-I, when it lies beyond the part a window from the opening would quote.
  if (command > from && wordsBetween(passage.units, from, command) > targetWords) return command;
  if (kind === 'how' && named(passage.sectionTerms) && early >= 0 && scores[early]! >= 0.5 * scores[best]!)
    return early;
  // Or when a window from the opening reaches the section's first command before the best unit:
  // the command a section headed by the task gives first is its answer, later ones its variants
  // ("Generate XHTML": `-b xhtml5`, not the templates' `-a htmlsyntax=xml` by an aside naming more).
  // Not when it cannot reach the best unit too: those are then a procedure's setup steps (Loki's
  // `mkdir loki`, `wget`), and the best one the step doing the task (`docker run`), else skipped.
  const opening = passage.units.findIndex(isCommand);
  if (
    kind === 'how' &&
    named(passage.sectionTerms) &&
    early >= 0 &&
    opening >= early &&
    opening < best &&
    wordsBetween(passage.units, early, opening + 1) <= targetWords &&
    wordsBetween(passage.units, early, best + 1) <= options.maxWords
  )
    return early;
  // A question heading that names what is asked (an FAQ entry): it is answered from its opening.
  if (asksInHeading(passage) && named(passage.sectionTerms)) return early >= 0 ? early : 0;
  // Values: the list (or table) of a section whose own heading names what is asked ("Options").
  const list = passage.units.findIndex((u) => u.kind === 'item');
  if (kind === 'which' && named(passage.sectionTerms) && list >= 0) return list;
  return widestStart(passage, scores, weights, options, best);
}

/**
 * When the best unit is a code block, the unit whose window (see {@link grow}) holds the most of
 * the question's words, each counted once; `best` unless another's window holds strictly more. A
 * code block scores by every word its identifiers and sample output repeat (`$ pytest --markers`
 * lists each mark with the words "register" and "warning"), and the window around it may leave
 * out the prose and setting that answer: "Registering markers for your test suite is simple:"
 * and its `markers = …` hold the words the listing does not ("own"), and a window from them
 * answers more of the question. A window started from prose is kept: its best sentence is
 * written about what is asked (tried for any best unit, it moved rclone's and pnpm's windows off
 * their keys).
 */
function widestStart(
  passage: SectionPassage,
  scores: number[],
  weights: TermWeights,
  options: WindowOptions,
  best: number,
): number {
  const { units } = passage;
  if (units[best]!.kind !== 'code') return best;
  const task = options.task ?? options.kind === 'how';
  const held = (from: number) => {
    const { start, end } = grow(units, scores, options, task, from);
    const window = units.slice(start, end + 1);
    return weightOf(weights, (t) => window.some((u) => u.terms.has(t)));
  };
  let widest = best;
  let most = held(best);
  for (let i = 0; i < units.length; i++) {
    if (i === best || scores[i]! <= 0) continue;
    const w = held(i);
    // Strictly more, past the rounding of the weights' sums: a tie keeps the best unit.
    if (w > most + 1e-9) {
      most = w;
      widest = i;
    }
  }
  return widest;
}

/**
 * Whether a section's own heading is a question ("Can I use rclone with an HTTP proxy?"), as an
 * FAQ entry's is: the answer follows it from the first sentence ("Yes. rclone will follow the
 * standard environment variables…"), where the unit naming most of the question's words may be a
 * later aside ("You can use the command line argument `--http-proxy`…").
 */
function asksInHeading(passage: SectionPassage): boolean {
  return /\?\s*$/.test(passage.section.split(' › ').at(-1) ?? '');
}

/**
 * The first code block of a section that is the first of its units to hold a word of the
 * question its headings do not, and that weighs more than the question's words do on average
 * (`asciidoctor -o build/…` for "write the output files into a build directory", under "Specify an
 * Output File"; not `remote:dir` for "…to a remote"); -1 when none is.
 */
function commandFor(passage: SectionPassage, weights: TermWeights): number {
  const mean = weightOf(weights, () => true) / (weights.size || 1);
  const asked = [...weights].filter(([t, w]) => w > mean && !PHRASING.has(t) && !passage.headingTerms.has(t));
  const { units } = passage;
  return units.findIndex(
    (u, i) =>
      u.kind === 'code' &&
      asked.some(([t]) => u.terms.has(t) && !units.slice(0, i).some((before) => before.terms.has(t))),
  );
}

/**
 * The window from `start` to `end` taken on to the first code block after it that writes the
 * command its page is titled by (see `writesCommandOf`), within `maxWords`: its opening dropped
 * as far as needed, but never its best unit; undefined when that does not fit. A command page's
 * synopsis says what the command does and shows its usage right after (`rclone copyto src dst`),
 * in code that holds few of the question's words; a later block that holds more (the command's
 * behaviour as pseudo-code, a sample output) is no more what to type, and a window started from
 * it leaves out both the sentence that answered and the usage.
 */
function pageUsage(
  passage: SectionPassage,
  scores: number[],
  start: number,
  end: number,
  maxWords: number,
): { start: number; end: number } | undefined {
  const { units } = passage;
  const usage = units.findIndex((u, i) => i > end && writesCommandOf(u, passage.chunk.title));
  if (usage < 0) return undefined;
  const best = scores.indexOf(Math.max(...scores.slice(start, end + 1)), start);
  let from = start;
  while (from < best && wordsBetween(units, from, usage + 1) > maxWords) from++;
  return wordsBetween(units, from, usage + 1) <= maxWords ? { start: from, end: usage } : undefined;
}

/** The first item of the list (or table) that the unit at `i` belongs to, or `i`. */
function listStart(units: Unit[], i: number): number {
  let start = i;
  while (
    start > 0 &&
    units[start]!.kind === 'item' &&
    units[start - 1]!.kind === 'item' &&
    units[start]!.block - units[start - 1]!.block <= 1
  )
    start--;
  return start;
}

/** Whether the unit at `i` is an item of a list that a lead-in ending in ":" introduces. */
function introduced(units: Unit[], i: number): boolean {
  const start = listStart(units, i);
  return units[i]!.kind === 'item' && start > 0 && endsWithColon(units[start - 1]!);
}
