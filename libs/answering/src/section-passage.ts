import type { SearchResult } from '@docqa/contracts';
import { type BlockKind, markdownBlocks } from '@docqa/chunking';
import { chunkNumber } from '@docqa/retrieval';
import { joinedWords } from '@docqa/tokenize';
import { documentTerms, terms, withoutStringLiterals } from './text';

/** The smallest piece of a passage an answer may quote: a sentence, a list item, a code block. */
export interface Unit {
  /** Index of the Markdown block the unit comes from (a paragraph's sentences share one). */
  block: number;
  kind: BlockKind;
  text: string;
  words: number;
  terms: Set<string>;
  /** Its consecutive terms, as `"first second"` pairs. */
  pairs: Set<string>;
}

/** A list item or paragraph opening with a flag written as code: `` `--offline` ``, `` `-S`, `--safe-mode` ``. */
const OPTION_ITEM = /^\W{0,3}`--?[a-z][\w-]*/i;

/** A code block inside a list item: a step that gives its command. */
const STEP_CODE = /\n\s*(?:```|~~~)/;

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

/** A fence line inside a quote: `> ```yaml`. */
const QUOTED_FENCE = /^ *>(?: *>)* *(?:`{3,}|~{3,})/m;

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

/** A section of a document as retrieved: its chunks put back together, in document order. */
export interface SectionPassage {
  /** Index of the document in the answer's context (0-based). */
  doc: number;
  /** Heading path; empty for text before the first heading. */
  section: string;
  /** Terms of the document title and the heading path. */
  headingTerms: Set<string>;
  /** Terms of the section's own headings (neither the document title nor the path's top heading). */
  sectionTerms: Set<string>;
  /** Consecutive terms of the document title and of the heading path, as `"first second"` pairs. */
  headingPairs: Set<string>;
  /**
   * The words of the title's and heading path's names of run-together words (see `joinedWords`:
   * `rclone listremotes` over "List all the remotes…"), as `"first second"` term pairs.
   */
  joinedPairs: Set<string>;
  /** The same for the section's own headings (see {@link SectionPassage.sectionTerms}). */
  ownJoinedPairs: Set<string>;
  /** Best retrieval rank among the section's chunks (0 = the top hit). */
  rank: number;
  /** The section's best-ranked chunk: a source quoting the section links there. */
  chunk: SearchResult;
  units: Unit[];
}

/** Whether a section is its page's opening: the text before the first heading, or the title's. */
export function opensPage(passage: SectionPassage): boolean {
  return !passage.section || passage.section === passage.chunk.title;
}

/**
 * Sections of the retrieved chunks: chunks of one document and heading are joined in document
 * order and cut into units. A sentence repeated (the overlap of neighbouring chunks) is kept once.
 */
export function sectionPassages(
  docs: { passages: SearchResult[] }[],
  ranks: Map<string, number>,
): SectionPassage[] {
  const out: SectionPassage[] = [];
  docs.forEach(({ passages }, doc) => {
    const bySection = new Map<string, SearchResult[]>();
    for (const p of passages) {
      const key = p.section ?? '';
      bySection.set(key, [...(bySection.get(key) ?? []), p]);
    }
    for (const [section, chunks] of bySection) {
      const rankOf = (c: SearchResult) => ranks.get(c.chunk_id) ?? Infinity;
      const best = chunks.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
      chunks.sort((a, b) => chunkNumber(a.chunk_id) - chunkNumber(b.chunk_id));
      const text = chunks.map((c) => c.text).join('\n\n');
      const title = chunks[0]!.title;
      out.push({
        doc,
        section,
        headingTerms: new Set(documentTerms(`${title} ${section}`)),
        sectionTerms: new Set(documentTerms(ownHeadings(section))),
        headingPairs: new Set([...termPairs(terms(title)), ...termPairs(terms(section))]),
        joinedPairs: joinedPairs(`${title} ${section}`, text),
        ownJoinedPairs: joinedPairs(ownHeadings(section), text),
        rank: rankOf(best),
        chunk: best,
        units: units(text),
      });
    }
  });
  return out;
}

/**
 * The headings of a path that name the section itself: below the top one when there are several.
 * The top heading of a path names the page (a docs page's `# Running docqa in production` heads
 * every one of its sections), so, like the title, it says little about which section answers.
 */
function ownHeadings(path: string): string {
  const headings = path.split(' › ');
  return (headings.length > 1 ? headings.slice(1) : headings).join(' › ');
}

/** Units of a section's Markdown, each sentence or block once. */
export function units(markdown: string): Unit[] {
  const out: Unit[] = [];
  const seen = new Set<string>();
  markdownBlocks(markdown).forEach((block, index) => {
    const texts =
      block.kind === 'paragraph'
        ? sentences(block.text)
        : block.kind === 'table'
          ? tableItems(block.text)
          : block.kind === 'quote'
            ? quoteSentences(block.text)
            : [block.text];
    const kind = block.kind === 'table' ? 'item' : block.kind;
    for (const text of texts) {
      const key = text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (!key || seen.has(key) || onlyImages(text)) continue;
      seen.add(key);
      const sequence = documentTerms(text);
      out.push({
        block: index,
        kind,
        text,
        words: wordCount(text),
        terms: new Set(sequence),
        pairs: new Set(termPairs(sequence)),
      });
    }
  });
  return out;
}

/** Consecutive terms as `"first second"` pairs. */
export function termPairs(sequence: string[]): string[] {
  return sequence.slice(1).map((t, i) => `${sequence[i]} ${t}`);
}

/** Term pairs of a heading's names of run-together words (see `joinedWords`) its text vouches. */
function joinedPairs(heading: string, text: string): Set<string> {
  const parts = joinedWords(heading, text).split(' ');
  const out = new Set<string>();
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const pair = terms(`${parts[i]} ${parts[i + 1]}`);
    if (pair.length === 2) out.add(pair.join(' '));
  }
  return out;
}

/**
 * Whether a unit shows only images (a screenshot, a table row of screenshots): nothing to quote,
 * and a docs page's relative image path would be broken where the answer is read.
 */
function onlyImages(text: string): boolean {
  return (
    /!\[[^\]]*\]\([^)]*\)|<img\b/i.test(text) &&
    !/[\p{L}\p{N}]/u.test(text.replace(/!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>/gi, ''))
  );
}

/** Words of a text as a reader counts them. */
export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** A note's label as an admonition is written: `**Warning:**`, a title that is a question `**Why?**`. */
const NOTE_LABEL = /^(\*\*[^*\n]+(?::|[?!])\*\*)\s*/;

/** A line that opens a block inside a quote: a list item, a fence, a nested quote, a table row. */
const NESTED_LINE = /^\s*(?:[-*+]\s|\d+[.)]\s|```|~~~|>|\|)/m;

/**
 * Words above which a note is read by its sentences (see `quoteSentences`): one section's share of
 * a two-section answer (125 of its 250 words) does not hold it whole.
 */
const LONG_NOTE = 120;

/**
 * A quote (a note, a warning) longer than {@link LONG_NOTE} by its sentences, each written as a
 * quote: its label (`**Warning:**`) before the first, a line of its own (`>`) before each later
 * block's first. A window may then take a long note's first sentences, where the whole note
 * did not fit and the window stopped before it (a 178-word warning after a page's first two
 * sentences). One that holds code is read by its sentences and blocks (code, a list item, a
 * table), each block one part: a collapsed "Using create vite with command line options" holds
 * the very command asked for, which a window takes where the whole 188-word note did not fit. A
 * shorter note stays whole, and so does one that holds a list or table but no code, as its
 * sentences lead to the list.
 */
function quoteSentences(quote: string): string[] {
  if (wordCount(quote) <= LONG_NOTE) return [quote];
  const body = quote
    .split('\n')
    .map((line) => line.replace(/^\s*>\s?/, ''))
    .join('\n')
    .trim();
  const label = NOTE_LABEL.exec(body);
  const text = label ? body.slice(label[0].length) : body;
  if (!QUOTED_FENCE.test(quote) && NESTED_LINE.test(text)) return [quote];
  const parts = markdownBlocks(text).flatMap((block, k) => {
    const lines = block.kind === 'paragraph' ? sentences(block.text) : [block.text];
    return lines.map(
      (s, j) => `${k > 0 && j === 0 ? '>\n' : ''}${s.replace(/^/gm, '> ').replace(/ +$/gm, '')}`,
    );
  });
  if (parts.length < 2) return [quote];
  if (label) parts[0] = `> ${label[1]} ${parts[0]!.slice(2)}`;
  return parts;
}

/**
 * Sentences of a paragraph, its wrapped lines joined. An abbreviation of dotted single letters
 * ("i.e.", "e.g.") ends no sentence: what it introduces is the rest of its sentence ("…run the
 * command with the `--beta` flag, i.e. `rclone selfupdate --beta`."), often the very command.
 */
export function sentences(paragraph: string): string[] {
  return paragraph
    .replace(/\s*\n\s*/g, ' ')
    .split(/(?<=[.!?])(?<!(?:^|[^\p{L}.])(?:\p{L}\.){2,})\s+(?=[\p{Lu}\p{N}"“(`*[])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A Markdown table as list items, one per row: the first cell leads, the others follow with
 * their column's header (`- **PORT**: default 3000; the API's port`).
 */
export function tableItems(table: string): string[] {
  const rows = table
    .split('\n')
    .map(cells)
    .filter((row) => row.length && !row.every((c) => /^:?-{2,}:?$/.test(c)));
  const [header, ...body] = rows;
  if (!header || !body.length) return [];
  return body.map((row) => {
    const [first = '', ...rest] = row;
    const lead = /[`*]/.test(first) || !first ? first : `**${first}**`;
    const details = rest
      .map((cell, i) => (rest.length > 1 && header[i + 1] ? `${header[i + 1]} ${cell}` : cell))
      .filter((_, i) => rest[i] && !/^[-–—]?$/.test(rest[i]!));
    return details.length ? `- ${lead}: ${details.join('; ')}` : `- ${lead}`;
  });
}

/** Cells of a table row; `\|` stays inside its cell. */
function cells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** Whether a section holds a code block: a command, a setting, an example. */
export function hasCode(passage: SectionPassage): boolean {
  return passage.units.some((u) => u.kind === 'code');
}

/**
 * The question's consecutive terms that a name of run-together words in the section's headings
 * says (see `SectionPassage.joinedPairs`: `rclone listremotes` for "list the remotes"): in its own
 * headings, and in its title or heading path. A heading that names the pair as one word names
 * the thing asked; one that splits into other words (`filenames` for "a file") says no more.
 */
export function namedJoined(
  passage: SectionPassage,
  asked: string[],
): { own: Set<string>; any: Set<string> } {
  const own = new Set<string>();
  const any = new Set<string>();
  for (const pair of asked) {
    const words = pair.split(' ');
    if (passage.ownJoinedPairs.has(pair)) words.forEach((w) => own.add(w));
    if (passage.joinedPairs.has(pair)) words.forEach((w) => any.add(w));
  }
  return { own, any };
}
