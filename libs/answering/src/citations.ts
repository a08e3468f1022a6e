import { headingPathText } from '@docqa/chunking';
import type { SearchResult, Source } from '@docqa/contracts';

/** Longest snippet of a source, in characters. */
const SNIPPET_CHARS = 300;

/**
 * A retrieved document as answerers see it: its best passage first, then its other retrieved
 * passages. Context documents are numbered 1… in the order of their best passage's score.
 */
export interface ContextDocument {
  best: SearchResult;
  passages: SearchResult[];
}

/** The `[n]` markers used in an answer (1-based numbers). */
export function citedNumbers(text: string): Set<number> {
  const used = new Set<number>();
  for (const match of text.matchAll(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g)) {
    for (const n of match[1]!.split(',')) used.add(Number(n.trim()));
  }
  return used;
}

/** Retrieved passages grouped per document, in rank order (best passage first). */
export function contextDocuments(results: SearchResult[]): ContextDocument[] {
  const byId = new Map<string, ContextDocument>();
  for (const result of results) {
    const doc = byId.get(result.document_id);
    if (doc) doc.passages.push(result);
    else byId.set(result.document_id, { best: result, passages: [result] });
  }
  return [...byId.values()];
}

/**
 * The sources of an answer, one per document: the cited documents first, in the order of their
 * first citation (`cited` lists context indices, 0-based, in that order), then the others by
 * score. An answer's `[n]` refers to the n-th of this list. Each source is its document's best
 * passage, or the passage the answer quotes (`quoted`, by context index), whose section it links.
 */
export function numberedSources(
  docs: ContextDocument[],
  cited: number[],
  quoted: Map<number, SearchResult> = new Map(),
): Source[] {
  const order = [...cited, ...docs.map((_, i) => i).filter((i) => !cited.includes(i))];
  return order.map((i) => toSource(quoted.get(i) ?? docs[i]!.best, cited.includes(i)));
}

function toSource(best: SearchResult, cited: boolean): Source {
  const text = best.text.replace(/\s+/g, ' ').trim();
  return {
    document_id: best.document_id,
    chunk_id: best.chunk_id,
    title: best.title,
    url: best.url,
    ...(best.section && { section: headingPathText(best.section) }),
    snippet: text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS - 1)}…` : text,
    score: best.score,
    cited,
    metadata: best.metadata,
  };
}

/**
 * Renumbers the `[n]` markers of a streamed answer whose numbers are context numbers (1-based)
 * into source numbers: the first document cited becomes [1], the next new one [2]… A number
 * that names no context document is dropped. Markers inside code (fenced or inline) are text and
 * left alone. Pieces are passed through as they come, holding back only a marker or fence that a
 * piece boundary cuts.
 */
export class CitationRenumbering {
  /** Context indices (0-based) in the order of their first citation. */
  readonly cited: number[] = [];
  private pending = '';
  private fenced = false;
  private inline = false;
  private lineStart = true;

  constructor(private readonly contextSize: number) {}

  /** The part of the text so far that can be sent, renumbered. */
  push(piece: string): string {
    this.pending += piece;
    return this.drain(false);
  }

  /** The rest of the text, once the answer is complete. */
  end(): string {
    return this.drain(true);
  }

  private drain(final: boolean): string {
    const s = this.pending;
    let out = '';
    let i = 0;
    while (i < s.length) {
      const rest = s.slice(i);
      if (this.lineStart) {
        const fence = /^ {0,3}(`{3,}|~{3,})/.exec(rest);
        if (fence) {
          this.fenced = !this.fenced;
          this.lineStart = false;
          out += fence[0];
          i += fence[0].length;
          continue;
        }
        if (!final && /^ {0,3}[`~]{0,2}$/.test(rest)) break;
      }
      const c = s[i]!;
      this.lineStart = c === '\n';
      if (c === '\n') this.inline = false;
      else if (c === '`' && !this.fenced) this.inline = !this.inline;
      else if (c === '[' && !this.fenced && !this.inline) {
        const marker = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/.exec(rest);
        if (marker) {
          const renumbered = this.renumber(marker[1]!);
          out = renumbered ? out + renumbered : out.replace(/[ \t]+$/, '');
          i += marker[0].length;
          continue;
        }
        if (!final && rest.length < 16 && /^\[[\d,\s]*$/.test(rest)) break;
      }
      out += c;
      i++;
    }
    this.pending = s.slice(i);
    // Spaces after a word wait for what follows: a dropped marker takes its space along.
    const spaces = final ? null : /(?<=[^\s])[ \t]+$/.exec(out);
    if (spaces) {
      out = out.slice(0, spaces.index);
      this.pending = spaces[0] + this.pending;
    }
    return out;
  }

  private renumber(list: string): string {
    const numbers: number[] = [];
    for (const part of list.split(',')) {
      const index = Number(part.trim()) - 1;
      if (index < 0 || index >= this.contextSize) continue;
      if (!this.cited.includes(index)) this.cited.push(index);
      const n = this.cited.indexOf(index) + 1;
      if (!numbers.includes(n)) numbers.push(n);
    }
    return numbers.length ? `[${numbers.join(', ')}]` : '';
  }
}
