import { unescapeMarkdown } from '@docqa/chunking';
import type { Unit } from './section-passage';
import { withoutStringLiterals } from './text';

/** The first line of a block nested in a list item: a code fence, a quote or a list item. */
const NESTED_BLOCK = /^\s*(```|~~~|>|[*+-]\s|\d+[.)]\s)/;

/** A flag with its argument, if any: `--config string`, `--cpu=<name>`, `--color AUTO|NEVER`. */
const FLAG = String.raw`-{1,2}[a-z0-9][\w-]*(?:[ =](?:<[\w|-]+>|[\w|-]+))?`;

/**
 * A heading that names an option, flag or setting rather than a topic: `--dry-run`,
 * `--vfs-cache-mode writes`, a flag with its aliases (`--save-dev, -D`, `-P, --progress`,
 * `--copy-links / -L`) or its argument (`--filter <selector>`), `log.format`, `xfail_strict`; and
 * (`KEY_NAME`, case kept) a key or command written in lower case (`nodeLinker`, `overrides`,
 * `cleanup-hidden`), as settings and command pages head their entries: a topic is capitalised.
 */
const OPTION_NAME = new RegExp(
  String.raw`^(?:${FLAG}(?:\s*[,/]\s*${FLAG})*|[a-z][a-z0-9]*(?:[._](?:[a-z0-9]+|\*))+)$`,
  'i',
);
const KEY_NAME = /^[a-z][a-zA-Z0-9]*(?:-[a-z0-9]+)*$/;
/**
 * A list item that opens with its own name in bold or code (`` - **`--dialect NAME`** names… ``,
 * `- **Files and folders**: …`): a quote that opens with one says what it is about, and a lead-in
 * of the section's bare heading before it (`` `ingest` [1]: ``, a command's section past its
 * examples) reads as no sentence, so the citation ends the item's first line instead.
 */
const NAMED_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|`)/;

/**
 * A page title that is a command: a program and its subcommands in lower case, perhaps with
 * placeholders (`pnpm add <pkg>`, `rclone config create`), as CLI reference pages are titled.
 */
const COMMAND_TITLE = /^[a-z][\w.-]*(?: [a-z][\w.-]*)+(?: <[\w -]+>| \[[^\]]+\])*$/;

/**
 * A heading's Markdown as its reader sees it (see `unescapeMarkdown`), to write in a code span:
 * its code spans' backticks dropped.
 */
function headingText(heading: string): string {
  return unescapeMarkdown(heading).replace(/`/g, '');
}

/**
 * Whether a quote says the name its section is headed by before a reader needs it: in its opening
 * or in its prose. An example further down that writes the name (the YAML of
 * `mergeGitBranchLockfilesBranchPattern` under "Default: null" and a description) shows how it is
 * set, not what the description above it was about.
 */
function saysName(units: Unit[], name: string): boolean {
  return units.some((u, i) => u.text.includes(name) && (i === 0 || u.kind !== 'code'));
}

/**
 * Markdown that quotes units of one section with their structure: a paragraph's sentences joined,
 * list items (and table rows, already turned into items) one per line, code blocks as fenced.
 * The citation `[n]` ends the first paragraph or list item's first line; a quote that starts
 * with code (or has nothing else) is introduced by its section's title, which carries it; one of a
 * section headed by an option's name that it does not say is introduced by that name, and one of a
 * command page's opening or synopsis that does not write the command by the command.
 */
export function quotePassage(units: Unit[], citation: string, section: string, pageTitle = ''): string {
  const blocks: { kind: Unit['kind']; text: string }[] = [];
  let previous: Unit | undefined;
  for (const unit of units) {
    const last = blocks.at(-1);
    // A paragraph's sentences, or a note's (see `quoteSentences`), are joined as they were written.
    if (last && previous?.block === unit.block && unit.kind === 'paragraph') last.text += ` ${unit.text}`;
    else if (last && previous?.block === unit.block && unit.kind === 'quote')
      last.text += unit.text.startsWith('>\n') ? `\n${unit.text}` : ` ${unit.text.replace(/^>\s?/, '')}`;
    // A note's later part quoted without the parts before it starts the quote.
    else
      blocks.push({
        kind: unit.kind,
        text: unit.kind === 'quote' ? unit.text.replace(/^>\n/, '') : unit.text,
      });
    previous = unit;
  }
  const heading = headingText(section.split(' › ').at(-1) ?? '');
  if (
    (OPTION_NAME.test(heading) || (KEY_NAME.test(heading) && !NAMED_ITEM.test(blocks[0]?.text ?? ''))) &&
    !saysName(units, heading)
  )
    // The option the section is about is its heading alone ("--vfs-cache-mode writes"): the text
    // under it says "In this mode…", or only "Default: false", so the quote names it first.
    blocks.unshift({ kind: 'paragraph', text: `${optionOf(heading, pageTitle, units)}\`${heading}\`:` });
  else if (commandIntro(heading, pageTitle, units))
    // A command's page says what it does in its opening or synopsis, often without writing the
    // command ("Obscure password for use in the rclone config file."): the title is the command.
    blocks.unshift({ kind: 'paragraph', text: `\`${commandOf(pageTitle)}\`:` });
  const cited = blocks.findIndex((b) => b.kind === 'paragraph' || b.kind === 'item' || b.kind === 'quote');
  const title = section.split(' › ').at(-1) || 'From the docs';
  if (blocks[0]?.kind === 'code') {
    // A quote that starts with code is introduced by its section's title, which carries the citation.
    blocks.unshift({ kind: 'paragraph', text: `**${title}** ${citation}:` });
  } else if (cited >= 0) {
    const block = blocks[cited]!;
    const lines = block.text.split('\n');
    // The end of the block's first paragraph: a list item's wrapped lines (one may start with
    // inline code or bold text), not its nested blocks (a fence, a quote, a nested list).
    let end = 0;
    while (end + 1 < lines.length && /^\s*\S/.test(lines[end + 1]!) && !NESTED_BLOCK.test(lines[end + 1]!))
      end++;
    const line = lines[end]!.trimEnd();
    // "Run it with [1]:" rather than "Run it with: [1]" before the code it introduces.
    lines[end] = line.endsWith(':') ? `${line.slice(0, -1)} ${citation}:` : `${line} ${citation}`;
    block.text = lines.join('\n');
  } else {
    blocks.unshift({ kind: 'paragraph', text: `**${title}** ${citation}` });
  }
  return blocks
    .map(
      (b, i) => (i === 0 ? '' : b.kind === 'item' && blocks[i - 1]!.kind === 'item' ? '\n' : '\n\n') + b.text,
    )
    .join('');
}

/**
 * Whether a heading names an option, flag or setting (see {@link OPTION_NAME}: `--config string`,
 * `log.format`), not a topic or a key written as one lower-case word.
 */
export function namesOption(heading: string): boolean {
  return OPTION_NAME.test(headingText(heading));
}

/**
 * The command a flag's section belongs to, named before the flag (`` `pnpm outdated`, option ``)
 * when the page is titled by a command its quote does not name: the flag is typed after it.
 */
function optionOf(heading: string, title: string, units: Unit[]): string {
  const command = pageCommand(title);
  return heading.startsWith('-') && command && !units.some((u) => u.text.includes(command))
    ? `\`${title}\`, option `
    : '';
}

/** A command page's title without its placeholders: `pnpm add <pkg>` is the command `pnpm add`. */
function commandOf(title: string): string {
  return title.replace(/ [<[].*$/, '');
}

/**
 * The command a page is titled by (see {@link COMMAND_TITLE}), without its placeholders
 * (`pnpm add <pkg>`: `pnpm add`); undefined for a page titled otherwise.
 */
export function pageCommand(title: string): string | undefined {
  return COMMAND_TITLE.test(title) ? commandOf(title) : undefined;
}

/**
 * Whether a unit is a code block that writes the command its page is titled by (strings aside):
 * `rclone copyto src dst` on the page "rclone copyto", its usage or an example of it.
 */
export function writesCommandOf(unit: Unit, title: string): boolean {
  const command = pageCommand(title);
  return !!command && unit.kind === 'code' && withoutStringLiterals(unit.text).includes(command);
}

/** Headings under which a command's page says what the command does, as man pages head it. */
const SYNOPSIS = /^(?:synopsis|description)$/i;

/**
 * Whether a quote is of a command's page (titled by a command, see {@link COMMAND_TITLE}) from
 * its opening (no heading, or the title's) or its synopsis, holds no code and does not write the
 * command: it says what the command does, and the reader needs the command's name to do it.
 */
function commandIntro(heading: string, title: string, units: Unit[]): boolean {
  const command = pageCommand(title);
  return (
    !!command &&
    summarises(heading, title) &&
    !units.some((u) => u.kind === 'code' || u.text.includes(command))
  );
}

/**
 * Whether a section of a page titled by a command (see {@link pageCommand}) is its summary: the
 * page's opening (no heading, or the title's) or its synopsis, which say what the command does.
 */
export function isCommandSummary(section: string, title: string): boolean {
  return !!pageCommand(title) && summarises(headingText(section.split(' › ').at(-1) ?? ''), title);
}

function summarises(heading: string, title: string): boolean {
  return !heading || heading === title || SYNOPSIS.test(heading);
}
