import { dedent, labelOf, labelledBlock } from './labelled-block';
import { rstInline, rstTable } from './rst-inline';
import { rstSubstitutions, withSubstitutions } from './rst-substitutions';

/** Directives shown as a labelled admonition. */
const ADMONITIONS = new Set([
  ...['note', 'warning', 'tip', 'important', 'caution', 'danger', 'attention', 'hint', 'error'],
  ...['seealso', 'todo', 'versionadded', 'versionchanged', 'deprecated'],
]);
const LABELS: Record<string, string> = {
  seealso: 'See also',
  versionadded: 'New in version',
  versionchanged: 'Changed in version',
  deprecated: 'Deprecated since version',
};
/** Admonitions whose argument is a version, shown in the label ("New in version 5.2"). */
const VERSIONED = new Set(['versionadded', 'versionchanged', 'deprecated']);
/** Directives whose body is code in the language they name. */
const CODE = new Set(['code-block', 'code', 'sourcecode', 'highlight-block', 'literalinclude-body']);
/** Directives whose body is ordinary content, shown without a label. */
const CONTENT = new Set(['container', 'only', 'rubric', 'topic', 'sidebar', 'tab', 'group-tab', 'tabs']);

const ADORNMENT = /^([!-/:-@[-`{-~])\1{2,}\s*$/;
const DIRECTIVE = /^\.\.\s+([\w:-]+)::\s*(.*)$/;
const ITEM = /^([-*+•]|\d+[.)]|#[.)]|\(?[a-zA-Z0-9]\))\s+/;
/** A field of a field list (`:Version: 2.1`), not a role at the start of a line (`:ref:`…). */
const FIELD = /^:([^:`\s][^:`]*):(?:\s+(.*))?$/;

/** The title of a reStructuredText page: its first section title. */
export function rstTitle(source: string): string | undefined {
  const lines = source.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    const title = lines[i]!.trim();
    if (
      title &&
      !ADORNMENT.test(title) &&
      ADORNMENT.test(lines[i + 1]!) &&
      lines[i + 1]!.trim().length >= title.length
    )
      return rstInline(title);
  }
  return undefined;
}

/**
 * The labels of a reStructuredText page (`.. _label:`, `` .. _`a label`: ``) that stand above a
 * section title, lower case as Sphinx matches them, each with the title (what a `:ref:` without
 * text of its own shows). Labels above anything else are left out: Sphinx needs a text for them.
 */
export function rstLabels(source: string): Map<string, string> {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const labels = new Map<string, string>();
  let waiting: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const label = /^\.\.\s+_(`?)([^`:][^`]*?)\1:\s*$/.exec(line)?.[2];
    if (label) waiting.push(label.replace(/\s+/g, ' ').toLowerCase());
    if (label || !line.trim() || !waiting.length) continue;
    const [a = '', b = '', c = ''] = lines.slice(i, i + 3);
    const title = ADORNMENT.test(a) && ADORNMENT.test(c) && b.trim() ? b.trim() : undefined;
    const under = !ADORNMENT.test(a) && ADORNMENT.test(b) && !/^\s/.test(a) ? a.trim() : undefined;
    for (const name of waiting) if (title ?? under) labels.set(name, rstInline((title ?? under)!));
    waiting = [];
  }
  return labels;
}

/**
 * reStructuredText as the Markdown a reader sees: section titles (by underline and overline,
 * levels in order of appearance) as headings with the anchors Sphinx gives them, paragraphs and
 * lists with their inline markup, literal blocks (`::`, `.. code-block:: lang`) as fenced code,
 * admonitions (`.. note::`…) as labelled quotes, grid, simple and list tables as tables,
 * substitutions (`|name|`) as their definitions' text;
 * directives without text for a reader (`toctree`, `image`, targets, comments) are dropped, as
 * is an `include` left unresolved (those of a folder or repository are put in before: see
 * `withRstIncludes`).
 */
export function rstToMarkdown(source: string): string {
  const styles: string[] = [];
  const seen = new Set<string>();
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  // Fields before anything else are the page's metadata (`:orphan:`, `:tocdepth: 3`), not shown.
  let start = 0;
  while (start < lines.length && (!lines[start]!.trim() || FIELD.test(lines[start]!))) start++;
  const markdown = blocks(lines.slice(start), { styles, seen })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // A substitution (`|notebdcolors|`) shows its definition's text (see `rstSubstitutions`).
  return withSubstitutions(markdown, rstSubstitutions(lines));
}

interface State {
  /** Section adornment styles in order of appearance (`=` over and under, `-` under…). */
  styles: string[];
  /** Section ids given so far. */
  seen: Set<string>;
}

/** The Markdown lines of a run of reST lines (bodies handled recursively, dedented). */
function blocks(lines: string[], state: State): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      out.push('');
      i++;
      continue;
    }
    const next =
      section(lines, i, state) ??
      directive(lines, i, state) ??
      table(lines, i) ??
      list(lines, i, state) ??
      field(lines, i, state);
    if (next) {
      out.push('', ...next.lines, '');
      i = next.end;
      continue;
    }
    // An indented run (a block quote) ends at the first line indented less than one column; its
    // body is converted dedented, unless dedenting cannot shorten it (an indent of other spaces).
    const end = /^\s/.test(line) ? indentedEnd(lines, i, 1) : i;
    const body = dedent(lines.slice(i, end).join('\n'));
    if (end > i && body !== lines.slice(i, end).join('\n')) {
      out.push(...blocks(body.split('\n'), state));
      i = end;
      continue;
    }
    const para = paragraph(lines, i, state);
    out.push(...para.lines);
    i = para.end;
  }
  return out;
}

interface Converted {
  lines: string[];
  end: number;
}

/** A section title at `i` (text and underline, or overline, text and underline). */
function section(lines: string[], i: number, state: State): Converted | null {
  const [a = '', b = '', c = ''] = lines.slice(i, i + 3);
  let title: string;
  let style: string;
  let end: number;
  if (
    ADORNMENT.test(a) &&
    b.trim() &&
    !ADORNMENT.test(b) &&
    ADORNMENT.test(c) &&
    a.trim()[0] === c.trim()[0]
  ) {
    [title, style, end] = [b.trim(), `${a.trim()[0]}/`, i + 3];
  } else if (
    a.trim() &&
    !/^\s/.test(a) &&
    ADORNMENT.test(b) &&
    b.trim().length >= Math.min(a.trim().length, 3)
  ) {
    [title, style, end] = [a.trim(), b.trim()[0]!, i + 2];
  } else return null;
  if (!state.styles.includes(style)) state.styles.push(style);
  const level = Math.min(6, state.styles.indexOf(style) + 1);
  const shown = rstInline(title);
  let id = sphinxId(shown);
  for (let n = 1; state.seen.has(id); n++) id = `id${n}`;
  state.seen.add(id);
  return { lines: [`${'#'.repeat(level)} ${shown} {#${id}}`], end };
}

/**
 * The id docutils gives a section, from its title as shown (Markdown from `rstInline`: a role's
 * text, not its name, so `` :mod:`sphinx.ext.intersphinx` -- Link to… `` is
 * `sphinx-ext-intersphinx-link-to…`): lower case, runs of other characters as one `-`.
 */
function sphinxId(shown: string): string {
  return shown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/``|`|\*\*|\*/g, '')
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
}

/** A directive, comment or target at `i`, with its indented body. */
function directive(lines: string[], i: number, state: State): Converted | null {
  const line = lines[i]!;
  if (!/^\.\.(\s|$)/.test(line)) return null;
  const end = indentedEnd(lines, i + 1, 1);
  const match = DIRECTIVE.exec(line);
  if (!match) return { lines: [], end }; // a comment, a target (`.. _label:`) or a substitution
  const name = match[1]!.replace(/^\w+:/, '').toLowerCase();
  const argument = match[2]!.trim();
  const body = directiveBody(lines.slice(i + 1, end));
  const content = () => blocks(body, state).join('\n');
  if (CODE.has(name)) return { lines: fenced(argument, body), end };
  if (ADMONITIONS.has(name)) {
    // A version directive's argument is the version, in its label; any other's is its first
    // paragraph (`.. seealso:: :ref:`fixtures``, `.. note:: Text`).
    const versioned = VERSIONED.has(name);
    const label = versioned ? `${LABELS[name]} ${argument}`.trim() : (LABELS[name] ?? labelOf(name));
    const text = versioned ? content() : [rstInline(argument), content()].join('\n\n');
    return { lines: labelledBlock(label, text).split('\n'), end };
  }
  if (name === 'admonition') return { lines: labelledBlock(rstInline(argument), content()).split('\n'), end };
  if (name === 'list-table') return { lines: listTable(body), end };
  if (CONTENT.has(name))
    return { lines: [...(argument ? [`**${rstInline(argument)}**:`, ''] : []), content()], end };
  return { lines: [], end };
}

/**
 * A directive's body, dedented, without its options (`:linenos:`, `:caption: Text`) and the blank
 * lines around them; a role that opens the body (`` :doc:`page` ``) is text, not an option.
 */
function directiveBody(lines: string[]): string[] {
  const body = dedent(lines.join('\n')).split('\n');
  let start = 0;
  while (start < body.length && (!body[start]!.trim() || /^:[\w -]+:(\s|$)/.test(body[start]!))) start++;
  return body.slice(start);
}

/** Lines of a fenced code block, trailing blank lines dropped. */
function fenced(language: string, body: string[]): string[] {
  const code = [...body];
  while (code.length && !code.at(-1)!.trim()) code.pop();
  const fence = '`'.repeat(Math.max(3, ...code.map((l) => (/`{3,}/.exec(l)?.[0].length ?? 0) + 1)));
  return [`${fence}${language.split(/\s+/)[0] ?? ''}`, ...code, fence];
}

/** A `list-table` directive's body (`* - cell` rows) as a Markdown table. */
function listTable(body: string[]): string[] {
  const rows: string[][] = [];
  for (const line of body) {
    const row = /^\*\s+-\s+(.*)$/.exec(line);
    const cell = /^\s+-\s+(.*)$/.exec(line);
    if (row) rows.push([row[1]!]);
    else if (cell && rows.length) rows.at(-1)!.push(cell[1]!);
    else if (line.trim() && rows.length) rows.at(-1)!.push(`${rows.at(-1)!.pop()} ${line.trim()}`);
  }
  const width = Math.max(0, ...rows.map((r) => r.length));
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, n) => rstInline(cells[n] ?? '')).join(' | ')} |`;
  const [header = [], ...rest] = rows;
  return [line(header), line(Array(width).fill('---')), ...rest.map(line)];
}

/** A grid or simple table at `i`. */
function table(lines: string[], i: number): Converted | null {
  const line = lines[i]!;
  if (!/^\s*(\+-[-+]*\+|=+( +=+)+)\s*$/.test(line)) return null;
  let end = i + 1;
  if (line.trim().startsWith('+')) while (end < lines.length && /^\s*[+|]/.test(lines[end]!)) end++;
  else {
    let borders = 1;
    while (end < lines.length && borders < 3 && (lines[end]!.trim() || borders < 2)) {
      if (/^\s*=+( +=+)+\s*$/.test(lines[end]!)) borders++;
      end++;
    }
  }
  return { lines: rstTable(lines.slice(i, end)).split('\n'), end };
}

/** A list item at `i` with its indented continuation, as a Markdown item. */
function list(lines: string[], i: number, state: State): Converted | null {
  const marker = ITEM.exec(lines[i]!);
  if (!marker) return null;
  const width = marker[0].length;
  const end = indentedEnd(lines, i + 1, width);
  const body = [lines[i]!.slice(width), ...lines.slice(i + 1, end).map((l) => l.slice(width))];
  const bullet = /^[-*+•]/.test(marker[1]!)
    ? '-'
    : /^\d+/.exec(marker[1]!)?.[0]
      ? `${/^\d+/.exec(marker[1]!)![0]}.`
      : '1.';
  const [first = '', ...rest] = blocks(body, state).join('\n').trim().split('\n');
  const pad = ' '.repeat(bullet.length + 1);
  return { lines: [`${bullet} ${first}`, ...rest.map((l) => (l ? pad + l : l))], end };
}

/**
 * A field of a field list at `i` (`:Version: 2.1`, `:param name: text`) with its indented
 * continuation, as a list item led by the field's name.
 */
function field(lines: string[], i: number, state: State): Converted | null {
  const match = FIELD.exec(lines[i]!);
  if (!match) return null;
  const end = indentedEnd(lines, i + 1, 1);
  const rest = dedent(lines.slice(i + 1, end).join('\n')).split('\n');
  const text = blocks([match[2] ?? '', ...rest], state)
    .join('\n')
    .trim();
  const [first = '', ...more] = text.split('\n');
  const lead = `- **${rstInline(match[1]!.trim())}:**`;
  return { lines: [first ? `${lead} ${first}` : lead, ...more.map((l) => (l ? `  ${l}` : l))], end };
}

/** A paragraph at `i`; one ending in `::` brings the literal block after it as code. */
function paragraph(lines: string[], i: number, state: State): Converted {
  let end = i + 1;
  while (end < lines.length && lines[end]!.trim() && !/^\s/.test(lines[end]!)) end++;
  const text = lines.slice(i, end).join('\n');
  // A term directly followed by its indented definition.
  if (end < lines.length && /^\s+\S/.test(lines[end]!) && end === i + 1) {
    const stop = indentedEnd(lines, end, 1);
    const definition = blocks(dedent(lines.slice(end, stop).join('\n')).split('\n'), state);
    return { lines: [`**${rstInline(text.trim())}**`, '', ...definition, ''], end: stop };
  }
  if (!/::\s*$/.test(text)) return { lines: [rstInline(text), ''], end };
  const lead = text.replace(/\s*::\s*$/, (m) => (/^\s/.test(m) || text.trim() === '::' ? '' : ':'));
  let start = end;
  while (start < lines.length && !lines[start]!.trim()) start++;
  const stop = /^\s/.test(lines[start] ?? '') ? indentedEnd(lines, start, 1) : start;
  const code = dedent(lines.slice(start, stop).join('\n')).split('\n');
  return { lines: [...(lead.trim() ? [rstInline(lead), ''] : []), ...fenced('', code), ''], end: stop };
}

/** The index after the lines from `start` indented at least `indent` columns (blank lines within kept). */
function indentedEnd(lines: string[], start: number, indent: number): number {
  let end = start;
  for (let j = start; j < lines.length; j++) {
    const line = lines[j]!;
    if (!line.trim()) continue;
    if (line.replace(/\t/g, '        ').search(/\S/) < indent) break;
    end = j + 1;
  }
  return end;
}
