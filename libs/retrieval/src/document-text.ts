import { pageOf } from '@docqa/chunking';
import type { DocumentSlice, DocumentText } from '@docqa/contracts';
import { chunkNumber, type Chunk } from './chunk';

/**
 * Puts a document back together from its chunks (any order): sorted by their number
 * (`<document_id>#<n>`), a heading line wherever the section changes, and the text neighbouring
 * chunks of one section share (the chunker's overlap) written once; `maxChars` of it from `offset`.
 */
export function documentText(chunks: Chunk[], { offset = 0, maxChars }: DocumentSlice): DocumentText | null {
  const sorted = inChunkOrder(chunks);
  const first = sorted[0];
  if (!first) return null;
  const parts: string[] = [];
  let previous: Chunk | null = null;
  for (const chunk of sorted) {
    if (previous && previous.heading === chunk.heading) {
      parts[parts.length - 1] += joinOverlapping(previous.text, chunk.text);
    } else {
      if (chunk.heading) parts.push(headingLine(chunk.heading));
      parts.push(chunk.text);
    }
    previous = chunk;
  }
  const text = parts.join('\n\n');
  return {
    document_id: first.document_id,
    title: first.title,
    // A chunk links to its section (`page#anchor`); the document is the page.
    url: first.url && pageOf(first.url),
    metadata: first.metadata,
    text: text.slice(offset, offset + maxChars),
    offset,
    truncated: text.length > offset + maxChars,
    next_offset: text.length > offset + maxChars ? offset + maxChars : null,
  };
}

/** The chunks of a document in the order they have in it (their number, `<document_id>#<n>`). */
export function inChunkOrder<C extends Pick<Chunk, 'chunk_id'>>(chunks: C[]): C[] {
  return [...chunks].sort((a, b) => chunkNumber(a.chunk_id) - chunkNumber(b.chunk_id));
}

/** `Install › Linux` → `## Linux` (one `#` per level of the heading path). */
function headingLine(path: string): string {
  const levels = path.split(' › ');
  return `${'#'.repeat(Math.min(6, levels.length))} ${levels.at(-1)}`;
}

/** Shortest shared text taken for the chunker's overlap rather than a coincidence. */
const MIN_OVERLAP = 8;

/**
 * What `next` adds after `previous`: the longest start of `next` that `previous` ends with (from
 * a word boundary, at least {@link MIN_OVERLAP} characters) is dropped. Without an overlap the
 * two are separate paragraphs.
 */
export function joinOverlapping(previous: string, next: string): string {
  const first = next[0];
  for (let at = Math.max(0, previous.length - next.length); at <= previous.length - MIN_OVERLAP; at++) {
    if (previous[at] !== first || (at > 0 && !/\s/.test(previous[at - 1]!))) continue;
    const tail = previous.slice(at);
    if (next.startsWith(tail)) return next.slice(tail.length);
  }
  return `\n\n${next}`;
}
