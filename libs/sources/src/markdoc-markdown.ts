import { CodeFences } from './code-fences';
import { fenceIndentedCode } from './indented-code';
import { labelledBlock, labelledPart, labelOf } from './labelled-block';
import { atxHeadings } from './setext-headings';
import { attributeText as text, jsxAttributes, type JsxAttributes } from './strip-mdx';

/**
 * A Markdoc tag opening a line (`{% admonition type="warning" %}`, `{% /tabs %}`, `{% partial
 * file="x.md" /%}`): a closing slash, its name, and the rest of the line from after the name.
 */
const TAG_START = /^[ \t]*\{%[ \t]*(\/)?([A-Za-z][\w-]*)(?=[\s%/]|$)(.*)$/;
/** A tag inside a line: an annotation (`{% width="20%" %}`, `{% .class %}`, `{% #id %}`), a variable, an inline tag. */
const INLINE_TAG = /[ \t]*\{%(?:[^%\n]|%(?!\}))*?%\}/g;
/** Admonition types as Redocly labels them when the tag names none. */
const ADMONITION_LABELS: Record<string, string> = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
  attention: 'Attention',
};
/** Tags that draw what the page does not hold as text (a schema, an API sample, a picture): dropped, with their content. */
const DRAWN = new Set([
  'json-schema',
  'openapi-code-sample',
  'openapi-response-sample',
  'img',
  'image',
  'inline-svg',
  'icon',
  'mermaid',
  'replay-openapi',
]);

/**
 * Redocly's Markdoc as its readers see it: `{% admonition type="warning" name="Title" %}` as a
 * labelled quote (by its name, else its type), a `{% tabs %}` set's `{% tab label="npm" %}` as
 * labelled parts, a `{% card title to %}` as its linked title over its text, a list table
 * (`{% table %}`, cells as list items, rows between `---` lines) as a Markdown table; tags that
 * draw a schema, a sample or a picture (`{% json-schema … /%}`) dropped; conditions (`{% if %}`),
 * tab sets, card groups and any other tag left out, their content kept; annotations (`{% width="20%"
 * %}`, `{% .class %}`) dropped, a heading's `{% #id %}` its anchor, a fence's `{% title="x.yaml" %}`
 * its label. Partials and code snippets are put in before (see `withMarkdocPartials`). Code is left
 * alone; indented code is fenced and setext headings written as `#` ones, as Markdoc's parser
 * (markdown-it) reads them.
 */
export function normaliseMarkdoc(markdown: string): string {
  const read = tags(atxHeadings(fenceIndentedCode(markdown)).split('\n')).join('\n');
  return read.replace(/\n{3,}/g, '\n\n');
}

/** One tag read from its line (or lines): its name, whether it closes or closes itself, its attributes, and its last line. */
interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attributes: JsxAttributes;
  end: number;
}

/** The tag that opens line `i` (its `%}` possibly lines below, as a `{% json-schema` over several lines), or null. */
function tagAt(lines: string[], i: number): Tag | null {
  const start = TAG_START.exec(lines[i]!);
  if (!start) return null;
  let rest = start[3]!;
  let end = i;
  while (!rest.includes('%}') && end + 1 < lines.length) rest += `\n${lines[++end]}`;
  const close = rest.indexOf('%}');
  if (close === -1 || rest.slice(close + 2).trim()) return null;
  const inner = rest.slice(0, close).trimEnd();
  const selfClosing = inner.endsWith('/');
  return {
    name: start[2]!,
    closing: !!start[1],
    selfClosing,
    attributes: markdocAttributes(selfClosing ? inner.slice(0, -1) : inner),
    end,
  };
}

/**
 * A Markdoc tag's attributes: strings in quotes, numbers and booleans bare (`from=2`,
 * `expandable=true`), objects and arrays as written (`schema={…}`).
 */
export function markdocAttributes(text: string): JsxAttributes {
  return jsxAttributes(text.replace(/=(-?\d+(?:\.\d+)?|true|false)(?=[\s/]|$)/g, '={$1}'));
}

/** Lines with the page's tags read (see {@link normaliseMarkdoc}). */
function tags(lines: string[]): string[] {
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) {
      out.push(fences.inside && /^\s*(`{3,}|~{3,})/.test(line) ? titledFence(line, out) : line);
      continue;
    }
    const tag = tagAt(lines, i);
    if (!tag) {
      out.push(inlineRead(line));
      continue;
    }
    i = tag.end;
    if (tag.closing) continue;
    const close = tag.selfClosing ? -1 : closingLine(lines, i, tag.name);
    const body = close === -1 ? [] : tags(lines.slice(i + 1, close));
    if (close !== -1) i = close;
    out.push('', rendered(tag.name, tag.attributes, body.join('\n')), '');
  }
  return out;
}

/** The line of the tag closing `name` opened above `after` (nested ones counted, code passed over), or -1. */
function closingLine(lines: string[], after: number, name: string): number {
  const fences = new CodeFences();
  let depth = 0;
  for (let i = after + 1; i < lines.length; i++) {
    if (fences.read(lines[i]!)) continue;
    const tag = tagAt(lines, i);
    if (tag?.name !== name || tag.selfClosing) continue;
    if (!tag.closing) depth++;
    else if (depth-- === 0) return i;
  }
  return -1;
}

/** A tag as a reader sees it, from its name, attributes and body (see {@link normaliseMarkdoc}). */
function rendered(name: string, a: JsxAttributes, body: string): string {
  if (DRAWN.has(name)) return '';
  if (name === 'admonition') {
    const type = text(a.type) ?? 'info';
    return labelledBlock(text(a.name) ?? ADMONITION_LABELS[type] ?? labelOf(type), body);
  }
  if (name === 'tab') {
    const label = text(a.label) ?? text(a.title);
    return label ? labelledPart(label, body) : body;
  }
  if (name === 'card') {
    const title = text(a.title);
    const to = text(a.to);
    const lead = title && to ? `[${title}](${to})` : title ? `**${title}**` : to ? `<${to}>` : '';
    return [lead, body.trim()].filter(Boolean).join('\n\n');
  }
  if (name === 'table') return listTable(body);
  // Tab sets, card groups, conditions (`{% if $x %}`), layout: their content, without a frame.
  return body;
}

/**
 * A fence's opening line as its reader sees it: Markdoc's annotation after the language dropped,
 * a `{% title="redocly.yaml" %}` written as the block's label above it (`**redocly.yaml**:`).
 */
function titledFence(line: string, out: string[]): string {
  const annotation = /\s*\{%((?:[^%]|%(?!\}))*)%\}\s*$/.exec(line);
  if (!annotation) return line;
  const title = text(markdocAttributes(annotation[1]!).title);
  if (title) out.push(`**${title}**:`, '');
  return line.slice(0, annotation.index);
}

/** A line of prose with its inline tags dropped; a heading's `{% #id %}` kept as its `{#id}`. */
function inlineRead(line: string): string {
  if (!line.includes('{%')) return line;
  const id = /^#{1,6}\s.*?\{%\s*#([\w-]+)\s*%\}\s*$/.exec(line)?.[1];
  const read = line.replace(INLINE_TAG, '');
  return id ? `${read} {#${id}}` : read;
}

/**
 * Markdoc's list table (`{% table %}`: each row's cells as list items, rows between `---` lines,
 * the first row the header) as a Markdown table, a cell's lines joined by spaces.
 */
function listTable(body: string): string {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const line of body.split('\n')) {
    if (/^\s*-{3,}\s*$/.test(line)) {
      if (row.length) rows.push(row);
      row = [];
    } else if (/^[-*+]\s/.test(line)) row.push(line.replace(/^[-*+]\s+/, '').trim());
    // A cell's later lines, a quote's (an admonition in the cell) without its markers.
    else if (line.trim() && row.length)
      row[row.length - 1] = `${row.at(-1)} ${line.replace(/^\s*(>\s?)*/, '').trim()}`.trim();
  }
  if (row.length) rows.push(row);
  if (!rows.length) return body;
  const width = Math.max(...rows.map((r) => r.length));
  const cells = (r: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => (r[i] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`;
  const [header = [], ...rest] = rows;
  return [cells(header), cells(Array(width).fill('---')), ...rest.map(cells)].join('\n');
}
