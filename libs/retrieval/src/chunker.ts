import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';

/** A piece of a document with the heading path it sits under. */
export interface TextPiece {
  heading: string;
  text: string;
}

/** Options of {@link chunkMarkdown}. */
export interface ChunkOptions {
  /** Target characters per chunk. */
  size: number;
  /** Characters shared by neighbouring chunks of one section. */
  overlap: number;
}

/**
 * Splits Markdown (or plain text) along its structure: each section keeps its heading path
 * (`Install › Linux`), and sections longer than `size` are split by langchain's recursive splitter
 * (paragraphs, then lines, then sentences), never across sections. Code fences stay intact where
 * they fit.
 */
export async function chunkMarkdown(markdown: string, options: ChunkOptions): Promise<TextPiece[]> {
  const splitter = RecursiveCharacterTextSplitter.fromLanguage('markdown', {
    chunkSize: options.size,
    chunkOverlap: options.overlap,
  });
  const pieces: TextPiece[] = [];
  for (const section of sections(markdown)) {
    const body = section.text.trim();
    if (!body) continue;
    const parts = body.length <= options.size ? [body] : await splitter.splitText(body);
    for (const part of parts) if (part.trim()) pieces.push({ heading: section.heading, text: part.trim() });
  }
  return pieces;
}

/** Sections of a Markdown text, split at ATX headings outside code fences. */
function sections(markdown: string): TextPiece[] {
  const path: string[] = [];
  const out: TextPiece[] = [{ heading: '', text: '' }];
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (match) {
      const level = match[1]!.length;
      path.length = level - 1;
      path[level - 1] = match[2]!;
      out.push({ heading: path.filter(Boolean).join(' › '), text: '' });
    } else {
      out[out.length - 1]!.text += `${line}\n`;
    }
  }
  return out;
}
