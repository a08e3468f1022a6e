import { HeadingAnchors } from './anchor';
import { markdownBlocks, TABLE_DELIMITER, type MarkdownBlock } from './markdown-blocks';

/** A piece of a document with the section it sits under. */
export interface TextPiece {
  /** Heading path of the section (`Install › Linux`); empty before the first heading. */
  heading: string;
  /** The section's anchor (GitHub slug of its heading, `linux`); empty before the first heading. */
  anchor: string;
  text: string;
}

/** Options of {@link chunkMarkdown}. */
export interface ChunkOptions {
  /** Target characters per chunk. */
  size: number;
  /** Characters shared by neighbouring chunks cut from one long paragraph. */
  overlap: number;
}

/**
 * A block longer than this many chunk sizes is cut after all (at line ends, a code block
 * re-fenced): one chunk of a whole generated file would drown every passage in it.
 */
const MAX_BLOCK_CHUNKS = 8;

/**
 * Splits Markdown (or plain text) along its structure. Each section keeps its heading path and
 * anchor, and a chunk never spans two sections. Within a section, whole blocks are packed up to
 * `size`: a code block, a list item or a table is never cut (up to {@link MAX_BLOCK_CHUNKS} sizes),
 * a lead-in ending in ":" stays with what follows it, and only a paragraph longer than `size` is
 * cut, between sentences, with `overlap` characters repeated.
 */
export async function chunkMarkdown(markdown: string, options: ChunkOptions): Promise<TextPiece[]> {
  const pieces: TextPiece[] = [];
  for (const section of sections(markdown)) {
    for (const text of pack(markdownBlocks(section.text), options)) {
      pieces.push({ heading: section.heading, anchor: section.anchor, text });
    }
  }
  return pieces;
}

/** A heading's custom anchor at its end: `{#id}`, `{: #id .class }`. */
const CUSTOM_ANCHOR = /\s*\{:?\s*#([\p{L}\p{M}\p{N}\w.:-]+)[^}]*\}\s*$/u;

/** Sections of a Markdown text, split at ATX headings outside code fences. */
function sections(markdown: string): TextPiece[] {
  const path: string[] = [];
  const anchors = new HeadingAnchors();
  const out: TextPiece[] = [{ heading: '', anchor: '', text: '' }];
  // The open code block's fence: it closes at a line of its own character, at least as long,
  // and nothing else (a TypeScript error's `~~~~~~` underline inside it closes nothing).
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    const closes =
      fence !== null &&
      run !== undefined &&
      run[0] === fence[0] &&
      run.length >= fence.length &&
      !/[^`~\s]/.test(line);
    const fenced = fence !== null;
    if (closes) fence = null;
    else if (!fenced && run) fence = run;
    const match = fenced || fence !== null ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) {
      const level = match[1]!.length;
      // A custom anchor (`## Install {#setup}`, as Hugo, Docusaurus and the loaders write them).
      const custom = CUSTOM_ANCHOR.exec(match[2]!);
      const text = custom ? match[2]!.slice(0, custom.index).trimEnd() : match[2]!;
      path.length = level - 1;
      path[level - 1] = text;
      const anchor = custom ? anchors.take(custom[1]!) : anchors.next(text);
      out.push({ heading: path.filter(Boolean).join(' › '), anchor, text: '' });
    } else {
      out[out.length - 1]!.text += `${line}\n`;
    }
  }
  return out;
}

/** Packs blocks into chunks of about `size` characters. */
function pack(blocks: MarkdownBlock[], options: ChunkOptions): string[] {
  const chunks: string[] = [];
  let current: MarkdownBlock[] = [];
  let length = 0;
  const flush = () => {
    // A lead-in ("Run:") is carried over to the chunk that holds what it introduces.
    const carried =
      current.length > 1 && current.at(-1)!.text.trimEnd().endsWith(':') ? current.pop()! : null;
    if (current.length) chunks.push(current.map((b) => b.text).join('\n\n'));
    current = carried ? [carried] : [];
    length = carried ? carried.text.length : 0;
  };
  for (const block of blocks.flatMap((b) => fit(b, options))) {
    if (current.length && length + 2 + block.text.length > options.size) flush();
    current.push(block);
    length += (length ? 2 : 0) + block.text.length;
  }
  if (current.length) chunks.push(current.map((b) => b.text).join('\n\n'));
  return chunks;
}

/** A block as pieces that fit: long paragraphs by sentences, huge blocks by lines. */
function fit(block: MarkdownBlock, options: ChunkOptions): MarkdownBlock[] {
  if (block.text.length <= options.size) return [block];
  if (block.kind === 'paragraph') {
    return splitSentences(block.text, options).map((text) => ({ kind: 'paragraph', text }));
  }
  if (block.text.length <= options.size * MAX_BLOCK_CHUNKS) return [block];
  return splitLines(block, options.size * MAX_BLOCK_CHUNKS);
}

/** A long paragraph cut between sentences (or words, for a run-on), neighbours overlapping. */
function splitSentences(text: string, { size, overlap }: ChunkOptions): string[] {
  const units = text
    .split(/(?<=[.!?])\s+/)
    .flatMap((s) =>
      s.length <= size ? [s] : (s.match(new RegExp(`\\S.{0,${size - 2}}(?=\\s|$)`, 'gs')) ?? [s]),
    );
  const out: string[] = [];
  let current: string[] = [];
  for (const unit of units) {
    if (current.length && [...current, unit].join(' ').length > size) {
      out.push(current.join(' '));
      const kept: string[] = [];
      for (let i = current.length - 1; i >= 0; i--) {
        const keptLength = [current[i]!, ...kept].join(' ').length;
        if (keptLength > overlap || keptLength + 1 + unit.length > size) break;
        kept.unshift(current[i]!);
      }
      current = kept;
    }
    current.push(unit);
  }
  if (current.length) out.push(current.join(' '));
  return out;
}

/**
 * A huge block cut at line ends; each piece of a code block is fenced again, and each piece of a
 * table repeats the table's header (its first row and delimiter row): a piece of rows without it
 * would read its first row as the header, every other row's cells named after that row's.
 */
function splitLines(block: MarkdownBlock, max: number): MarkdownBlock[] {
  const lines = block.text.split('\n');
  const fence = block.kind === 'code' ? lines.shift()! : '';
  const close = block.kind === 'code' ? lines.pop()! : '';
  const header =
    block.kind === 'table' && lines.length > 2 && TABLE_DELIMITER.test(lines[1]!) ? lines.splice(0, 2) : [];
  const out: MarkdownBlock[] = [];
  let current: string[] = [...header];
  const push = () => {
    if (current.length > header.length)
      out.push({
        kind: block.kind,
        text: fence ? [fence, ...current, close].join('\n') : current.join('\n'),
      });
    current = [...header];
  };
  for (const line of lines) {
    if (current.length > header.length && current.join('\n').length + line.length > max) push();
    current.push(line);
  }
  push();
  return out;
}
