import { QUOTED_FENCE, type Unit } from './section-passage';
import { documentTerms, terms, withoutStringLiterals } from './text';

/** A list item or paragraph opening with a flag written as code: `` `--offline` ``, `` `-S`, `--safe-mode` ``. */
const OPTION_ITEM = /^\W{0,3}`--?[a-z][\w-]*/i;

/** A code block inside a list item: a step that gives its command. */
const STEP_CODE = /\n\s*(?:```|~~~)/;

/**
 * The code blocks of a unit: a code block, or those of a step (a list item) that gives its
 * command under its sentence, as Loki's "Install with Docker" steps give `docker run --name loki`.
 */
export function unitCode(unit: Unit): string[] {
  if (unit.kind === 'code') return [unit.text];
  if (unit.kind !== 'item') return [];
  return [...unit.text.matchAll(STEP_BLOCK)].map(([, , code]) => code!);
}

/** A code block nested in a list item: its fence, indented, its lines, the same fence closing it. */
const STEP_BLOCK = /^[ \t]*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^[ \t]*\1/gm;

/** A step that says to run a command written as code: "Run `groovy convert` to convert…". */
const RUN_STEP = /^\W{0,3}(?:\d+[.)]\s*)?(?:run|type|enter|execute)\s+`[^`]+`/i;
/**
 * A step labelled by what it does, then its command line as code: "Enable AOF: `redis-cli config
 * set appendonly yes`" (not a value alone, as "Default: `true`", nor a type, `string | number`).
 */
const LABELLED_COMMAND = /^\W{0,3}(?:\d+[.)]\s*)?[^`:\n]{1,60}:\s*`[a-z][\w.-]*(?: +[^`\s|]+)+`\.?\s*$/i;
/**
 * An instruction to set a setting written as code to a value written as code, at the start of a
 * step or sentence or after its opening clause: "In the broker configuration, set the value of
 * `auto.create.topics.enable` to `false`."
 */
const SET_STEP =
  /(?:^\W{0,3}(?:\d+[.)]\s*)?|[,:;]\s+)set\s+(?:the\s+(?:value\s+of\s+(?:the\s+)?)?)?(?:[\w-]+\s+)?`[^`]+`(?:\s+[\w-]+)?\s+to\s+`[^`]+`/i;

/**
 * Whether a unit is a step that says to run a command written as code: a script's "Usage" steps
 * (`groovy convert`, under a page whose opening names the task in prose) give what to type, as do
 * steps labelled by what they do (Redis's "Enable AOF: `redis-cli config set appendonly yes`").
 * So does a step or sentence that says to set a setting to a value, both written as code (see
 * {@link SET_STEP}): it is what a reader types into the configuration, as Debezium's procedure for
 * keeping the Kafka broker from creating topics gives its one step in prose.
 */
export function isRunStep(unit: Unit): boolean {
  if ((unit.kind === 'item' || unit.kind === 'paragraph') && SET_STEP.test(unit.text)) return true;
  return unit.kind === 'item' && (RUN_STEP.test(unit.text) || LABELLED_COMMAND.test(unit.text));
}

/**
 * Whether a unit gives a command or setting: a code block, an option written as code at the
 * start of a list item or paragraph (`` `-S`, `--safe-mode=SAFE_MODE` ``), as a CLI page lists its
 * flags, a step (a list item) that holds a code block ("4. Set the language using the `lang`
 * attribute. For example:" and `-a lang=es` indented under it), or one that says to run a command
 * written as code (see {@link isRunStep}).
 */
export function isCommand(unit: Unit): boolean {
  return (
    writesCode(unit) ||
    OPTION_ITEM.test(unit.text) ||
    (unit.kind === 'item' && STEP_CODE.test(unit.text)) ||
    isRunStep(unit)
  );
}

/**
 * Whether a unit holds code a reader copies: a code block that is no drawing (see
 * {@link isDiagram}), or a quote that holds one. MkDocs and Docusaurus admonitions are quotes
 * (`??? example "Authentication-Based Routing"` and its YAML and TOML tabs): the example of
 * Traefik's multi-layer routing page is in one, and as a quote it gave no command, so the page's
 * text diagram above it was quoted as the command instead.
 */
export function writesCode(unit: Unit): boolean {
  return (
    (unit.kind === 'code' && !isDiagram(unit)) || (unit.kind === 'quote' && QUOTED_FENCE.test(unit.text))
  );
}

/** Arrows and box-drawing characters: what a text diagram or a file tree is drawn with. */
const DRAWING = /[\u2190-\u21ff\u2500-\u257f]/;

/**
 * Whether a code block is a drawing: a fence without a language whose lines draw with arrows or
 * box-drawing characters (`Request → EntryPoint → Parent Router → …`, a folder tree's `├──`). It
 * shows how things fit together; what to type or set is elsewhere on its page.
 */
export function isDiagram(unit: Unit): boolean {
  const [fence = '', ...lines] = unit.text.split('\n');
  return /^\s*(?:`{3,}|~{3,})\s*$/.test(fence) && lines.some((l) => DRAWING.test(l));
}

/** A shell prompt before the command typed: `$ pytest -s test_finalizers.py`. */
const PROMPT = /^\s*\$\s+\S/;

/** A code block's lines, its fences and blank lines aside. */
export function codeLines(unit: Unit): string[] {
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
 * The terms a reader types in a sample run (its lines at a prompt), or a unit's terms when it is
 * no sample run. What a run printed (a session header, a traceback quoting the test's code) shows
 * its result; it holds the question's words by chance (`print("first")`, `test_x.py`, a list of
 * every marker's help for `$ pytest --markers`), not because it does what is asked.
 */
export function typedTerms(unit: Unit): Set<string> {
  if (!isSampleRun(unit)) return unit.terms;
  return new Set(
    codeLines(unit)
      .filter((line) => PROMPT.test(line))
      .flatMap((l) => documentTerms(l)),
  );
}

/**
 * The terms a code unit writes as code: what is typed at a sample run's prompt (see
 * {@link typedTerms}), what it printed counting as a string's words do; else its terms, strings
 * aside.
 */
export function codeTerms(unit: Unit): string[] {
  return isSampleRun(unit) ? [...typedTerms(unit)] : terms(withoutStringLiterals(unit.text));
}

/** A label alone on its line, bold and ending in a colon: `**File (YAML)**:`. */
const LABEL = /^\*\*[^*\n]+\*\*:$/;

/**
 * Whether `units[i]` is the label of the code block that follows it, as a tab set's tab or a
 * titled example shows it (`**File (YAML)**:`, `**CLI**:`): it names the code's format or
 * platform, a part of the code rather than something the section says, so its words count as
 * the code's ("write the logs to a file" is not answered by any section with a "File (YAML)" tab).
 */
export function isCodeLabel(units: Unit[], i: number): boolean {
  return units[i]?.kind === 'paragraph' && LABEL.test(units[i]!.text.trim()) && units[i + 1]?.kind === 'code';
}
