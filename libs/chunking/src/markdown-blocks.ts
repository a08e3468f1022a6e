/** Kinds of Markdown block that chunking and answering keep whole. */
export type BlockKind = 'paragraph' | 'code' | 'item' | 'table' | 'quote';

/** One block of a Markdown section: a paragraph, a fenced code block, one list item, a table. */
export interface MarkdownBlock {
  kind: BlockKind;
  /** The block's Markdown, as written (a list item with its marker, nested items and code). */
  text: string;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])\s+/;
/** A table's delimiter row, with or without pipes at its ends (`:--|:--`, `| --- | --- |`). */
export const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * Splits the body of a Markdown section (no headings) into blocks. A list item keeps its
 * continuation lines, nested items and indented code; a fenced code block keeps everything up to
 * its closing fence, blank lines included; consecutive `|` lines are one table, and so are a
 * row and a delimiter row written without pipes at their ends (`Service|URL` over `:--|:--`) with
 * the rows below them that hold a `|`, as GitHub Flavored Markdown reads them.
 */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let current: MarkdownBlock | null = null;
  let fence: string | null = null;
  let blank = false;
  const flush = () => {
    if (current && current.text.trim()) blocks.push({ kind: current.kind, text: current.text.trimEnd() });
    current = null;
  };
  const append = (line: string) => {
    current!.text += `\n${line}`;
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (fence) {
      append(line);
      if (line.trim().startsWith(fence) && /^\s*[`~]+\s*$/.test(line)) fence = null;
      continue;
    }
    const open = FENCE.exec(line);
    const inItem = current?.kind === 'item';
    const indented = /^\s{2,}\S/.test(line);
    if (!line.trim()) {
      if (current?.kind !== 'item') flush();
      blank = true;
      continue;
    }
    if (inItem && indented) {
      // Continuation, nested item or indented code of the current list item.
      append(blank ? `\n${line}` : line);
      if (open) fence = open[1]!;
    } else if (open) {
      flush();
      current = { kind: 'code', text: line };
      fence = open[1]!;
    } else if (ITEM.test(line)) {
      flush();
      current = { kind: 'item', text: line };
    } else if (current && !blank && pipeless(current, line)) {
      current.kind = 'table';
      append(line);
    } else if (
      line.trimStart().startsWith('|') ||
      (current?.kind === 'table' && !blank && line.includes('|'))
    ) {
      if (current?.kind !== 'table') flush();
      if (current) append(line);
      else current = { kind: 'table', text: line };
    } else if (line.trimStart().startsWith('>')) {
      if (current?.kind !== 'quote') flush();
      if (current) append(line);
      else current = { kind: 'quote', text: line };
    } else if (current && !blank && (current.kind === 'paragraph' || current.kind === 'item')) {
      append(line);
    } else {
      flush();
      current = { kind: 'paragraph', text: line };
    }
    blank = false;
  }
  if (fence && current) current.text += `\n${fence}`;
  flush();
  return blocks;
}

/** Whether `line` is the delimiter row under a one-line paragraph that is a table's header row. */
function pipeless(current: MarkdownBlock, line: string): boolean {
  return (
    current.kind === 'paragraph' &&
    !current.text.includes('\n') &&
    current.text.includes('|') &&
    line.includes('|') &&
    TABLE_DELIMITER.test(line)
  );
}
