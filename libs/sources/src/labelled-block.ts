import { dedentLine, fenceIndentedCode } from './indented-code';

/** Text with the indentation all its lines share removed. */
export function dedent(text: string): string {
  const lines = text.split('\n');
  const widths = lines
    .filter((l) => l.trim())
    .map((l) => /^[ \t]*/.exec(l)![0].replace(/\t/g, '    ').length);
  const least = widths.length ? Math.min(...widths) : 0;
  return lines.map((l) => dedentLine(l, least)).join('\n');
}

/** A word as a label: `warning` → `Warning`. */
export function labelOf(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word;
}

/**
 * An admonition (note, warning, tip…) as the labelled quote a reader sees it as:
 * `> **Note:** Needs root.`, the body's later paragraphs, lists and code quoted with it. The body
 * is dedented and its indented code fenced first (`indentedCode`: MDX has none).
 */
export function labelledBlock(label: string, body: string, indentedCode = true): string {
  const text = bodyText(body, indentedCode);
  // A title that ends a sentence of its own ("Want further customizations?") takes no colon.
  const title = label.replace(/[:.]\s*$/, '').trim();
  const lead = /[?!]$/.test(title) ? `**${title}**` : `**${title}:**`;
  if (!text) return `> ${lead}`;
  const [first = '', ...rest] = text.split('\n');
  // A first line that opens a block (code, list, table, quote) starts on a line of its own.
  const inline = !/^(`{3,}|~{3,}|[-*+]\s|\d+[.)]\s|\||>)/.test(first);
  const lines = inline ? [`${lead} ${first}`, ...rest] : [lead, '', first, ...rest];
  return lines.map((l) => (l.trim() ? `> ${l}` : '>')).join('\n');
}

/** A tab of a tab set as a labelled part: `**Linux**:` above the tab's content (see `labelledBlock`). */
export function labelledPart(label: string, body: string, indentedCode = true): string {
  return `**${label}**:\n\n${bodyText(body, indentedCode)}`;
}

/** A block's body dedented, its indented code fenced (unless not `indentedCode`), its runs of blank lines one. */
function bodyText(body: string, indentedCode: boolean): string {
  const text = dedent(body);
  return (indentedCode ? fenceIndentedCode(text) : text).trim().replace(/\n\s*\n(\s*\n)+/g, '\n\n');
}
