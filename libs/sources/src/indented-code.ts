import { CodeFences } from './code-fences';
/**
 * A list item's marker and the spaces after it (its content starts past them); a definition's
 * `:` too (`:   The format of the date…`, the definition lists MkDocs and PHP Markdown read).
 */
const ITEM = /^(\s*)([-*+:]|\d{1,9}[.)])(\s+)\S/;

/** Columns of a line's leading whitespace, a tab counting to the next multiple of 4. */
function indentOf(line: string): number {
  let columns = 0;
  for (const c of line) {
    if (c === ' ') columns++;
    else if (c === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

/** A line with its first `columns` columns of indentation removed. */
export function dedentLine(line: string, columns: number): string {
  let removed = 0;
  let i = 0;
  while (removed < columns && i < line.length && (line[i] === ' ' || line[i] === '\t')) {
    removed += line[i] === '\t' ? 4 - (removed % 4) : 1;
    i++;
  }
  return line.slice(i);
}

/**
 * Markdown with its indented code blocks (lines indented 4 columns past their container, after a
 * blank line) written as fenced ones, so that every step after (chunks, answers, the widget's
 * code box and copy button) sees code the one way. Inside a list item the code is indented past
 * the item's text; fenced blocks are left as they are.
 */
export function fenceIndentedCode(markdown: string): string {
  if (!/^(?: {4}|\t)/m.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  let listIndent: number | null = null; // where the current list item's text starts
  let fenceContainer = 0; // the list item's indentation where the open fenced block started
  let blank = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.inside) {
      fences.read(line, fenceContainer);
      out.push(line);
      continue;
    }
    if (!line.trim()) {
      out.push(line);
      blank = true;
      continue;
    }
    const indent = indentOf(line);
    const container = listIndent !== null && indent >= listIndent ? listIndent : 0;
    if (listIndent !== null && indent < listIndent && !ITEM.test(line) && blank) listIndent = null;
    if (blank && indent >= container + 4) {
      const end = codeEnd(lines, i, container + 4);
      out.push(...fenced(lines.slice(i, end), container));
      i = end - 1;
      blank = false;
      continue;
    }
    fenceContainer = container;
    fences.read(line, container);
    const item = ITEM.exec(line);
    if (item) listIndent = item[1]!.length + item[2]!.length + Math.min(item[3]!.length, 4);
    out.push(line);
    blank = false;
  }
  return out.join('\n');
}

/**
 * An indented code block's lines fenced, at its container's indentation. Dedented by the block's
 * own indentation: docs nest code 4 columns past a list item's marker as often as past its text.
 */
function fenced(block: string[], container: number): string[] {
  const least = Math.min(...block.filter((l) => l.trim()).map(indentOf));
  const code = block.map((l) => dedentLine(l, least));
  while (code.length && !code.at(-1)!.trim()) code.pop();
  const pad = ' '.repeat(container);
  return [`${pad}\`\`\``, ...code.map((l) => (l ? pad + l : l)), `${pad}\`\`\``];
}

/** The index after the last line of the indented code block starting at `start`. */
function codeEnd(lines: string[], start: number, indent: number): number {
  let end = start + 1;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j]!;
    if (!line.trim()) continue;
    if (indentOf(line) < indent) break;
    end = j + 1;
  }
  return end;
}
