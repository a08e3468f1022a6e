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
 * is dedented and its indented code fenced first.
 */
export function labelledBlock(label: string, body: string): string {
  const text = fenceIndentedCode(dedent(body))
    .trim()
    .replace(/\n\s*\n(\s*\n)+/g, '\n\n');
  const lead = `**${label.replace(/[:.]\s*$/, '')}:**`;
  if (!text) return `> ${lead}`;
  const [first = '', ...rest] = text.split('\n');
  // A first line that opens a block (code, list, table, quote) starts on a line of its own.
  const inline = !/^(`{3,}|~{3,}|[-*+]\s|\d+[.)]\s|\||>)/.test(first);
  const lines = inline ? [`${lead} ${first}`, ...rest] : [lead, '', first, ...rest];
  return lines.map((l) => (l.trim() ? `> ${l}` : '>')).join('\n');
}

/** A tab of a tab set as a labelled part: `**Linux**:` above the tab's content. */
export function labelledPart(label: string, body: string): string {
  const text = fenceIndentedCode(dedent(body))
    .trim()
    .replace(/\n\s*\n(\s*\n)+/g, '\n\n');
  return `**${label}**:\n\n${text}`;
}
