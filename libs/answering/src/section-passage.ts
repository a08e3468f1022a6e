import type { SearchResult } from '@docqa/contracts';
import { type BlockKind, markdownBlocks } from '@docqa/chunking';
import { chunkNumber, pageDescription } from '@docqa/retrieval';
import { joinedWords } from '@docqa/tokenize';
import { documentTerms, terms } from './text';

/** The smallest piece of a passage an answer may quote: a sentence, a list item, a code block. */
export interface Unit {
  /** Index of the Markdown block the unit comes from (a paragraph's sentences share one). */
  block: number;
  kind: BlockKind;
  text: string;
  words: number;
  terms: Set<string>;
  /** Its consecutive terms, as `"first second"` pairs. */
  pairs: Set<string>;
}

/** A fence line inside a quote: `> ```yaml`. */
export const QUOTED_FENCE = /^ *>(?: *>)* *(?:`{3,}|~{3,})/m;

/** A section of a document as retrieved: its chunks put back together, in document order. */
export interface SectionPassage {
  /** Index of the document in the answer's context (0-based). */
  doc: number;
  /** Heading path; empty for text before the first heading. */
  section: string;
  /** Terms of the document title and the heading path. */
  headingTerms: Set<string>;
  /** Terms of the section's own headings (neither the document title nor the path's top heading). */
  sectionTerms: Set<string>;
  /** Consecutive terms of the document title and of the heading path, as `"first second"` pairs. */
  headingPairs: Set<string>;
  /**
   * The words of the title's and heading path's names of run-together words (see `joinedWords`:
   * `rclone listremotes` over "List all the remotes…"), as `"first second"` term pairs.
   */
  joinedPairs: Set<string>;
  /**
   * Terms of the page's description (front matter's, see `pageDescription`) when the section
   * holds the page's first chunk and that chunk does not say it already: search counts it as that
   * chunk's words, and so does the ranking.
   */
  describedTerms: Set<string>;
  /** The same for the section's own headings (see {@link SectionPassage.sectionTerms}). */
  ownJoinedPairs: Set<string>;
  /** Best retrieval rank among the section's chunks (0 = the top hit). */
  rank: number;
  /** The section's best-ranked chunk: a source quoting the section links there. */
  chunk: SearchResult;
  units: Unit[];
}

/** Whether a section is its page's opening: the text before the first heading, or the title's. */
export function opensPage(passage: SectionPassage): boolean {
  return !passage.section || passage.section === passage.chunk.title;
}

/** Whether a section is a subsection of another of the same page. */
export function isPartOf(passage: SectionPassage, whole: SectionPassage): boolean {
  return passage.doc === whole.doc && passage.section.startsWith(`${whole.section} › `);
}

/**
 * Sections of the retrieved chunks: chunks of one document and heading are joined in document
 * order and cut into units. A sentence repeated (the overlap of neighbouring chunks) is kept once.
 */
export function sectionPassages(
  docs: { passages: SearchResult[] }[],
  ranks: Map<string, number>,
): SectionPassage[] {
  const out: SectionPassage[] = [];
  docs.forEach(({ passages }, doc) => {
    const bySection = new Map<string, SearchResult[]>();
    for (const p of passages) {
      const key = p.section ?? '';
      bySection.set(key, [...(bySection.get(key) ?? []), p]);
    }
    for (const [section, chunks] of bySection) {
      const rankOf = (c: SearchResult) => ranks.get(c.chunk_id) ?? Infinity;
      const best = chunks.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
      chunks.sort((a, b) => chunkNumber(a.chunk_id) - chunkNumber(b.chunk_id));
      const text = chunks.map((c) => c.text).join('\n\n');
      const title = chunks[0]!.title;
      out.push({
        doc,
        section,
        headingTerms: new Set(documentTerms(`${title} ${section}`)),
        sectionTerms: new Set(documentTerms(ownHeadings(section))),
        headingPairs: new Set([...termPairs(terms(title)), ...termPairs(terms(section))]),
        joinedPairs: joinedPairs(`${title} ${section}`, text),
        ownJoinedPairs: joinedPairs(ownHeadings(section), text),
        describedTerms: new Set(terms(chunks.map(pageDescription).join(' '))),
        rank: rankOf(best),
        chunk: best,
        units: units(text),
      });
    }
  });
  return out;
}

/**
 * The headings of a path that name the section itself: below the top one when there are several.
 * The top heading of a path names the page (a docs page's `# Running docqa in production` heads
 * every one of its sections), so, like the title, it says little about which section answers.
 */
function ownHeadings(path: string): string {
  const headings = path.split(' › ');
  return (headings.length > 1 ? headings.slice(1) : headings).join(' › ');
}

/** Units of a section's Markdown, each sentence or block once. */
export function units(markdown: string): Unit[] {
  const out: Unit[] = [];
  const seen = new Set<string>();
  markdownBlocks(markdown).forEach((block, index) => {
    const texts =
      block.kind === 'paragraph'
        ? sentences(block.text)
        : block.kind === 'table'
          ? tableItems(block.text)
          : block.kind === 'quote'
            ? quoteSentences(block.text)
            : [block.text];
    const kind = block.kind === 'table' ? 'item' : block.kind;
    for (const text of texts) {
      const key = text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (!key || seen.has(key) || onlyImages(text)) continue;
      seen.add(key);
      const sequence = documentTerms(text);
      out.push({
        block: index,
        kind,
        text,
        words: wordCount(text),
        terms: new Set(sequence),
        pairs: new Set(termPairs(sequence)),
      });
    }
  });
  return out;
}

/** Consecutive terms as `"first second"` pairs. */
export function termPairs(sequence: string[]): string[] {
  return sequence.slice(1).map((t, i) => `${sequence[i]} ${t}`);
}

/** Term pairs of a heading's names of run-together words (see `joinedWords`) its text vouches. */
function joinedPairs(heading: string, text: string): Set<string> {
  const parts = joinedWords(heading, text).split(' ');
  const out = new Set<string>();
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const pair = terms(`${parts[i]} ${parts[i + 1]}`);
    if (pair.length === 2) out.add(pair.join(' '));
  }
  return out;
}

/**
 * Whether a unit shows only images (a screenshot, a table row of screenshots): nothing to quote,
 * and a docs page's relative image path would be broken where the answer is read.
 */
function onlyImages(text: string): boolean {
  return (
    /!\[[^\]]*\]\([^)]*\)|<img\b/i.test(text) &&
    !/[\p{L}\p{N}]/u.test(text.replace(/!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>/gi, ''))
  );
}

/** Words of a text as a reader counts them. */
export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** A note's label as an admonition is written: `**Warning:**`, a title that is a question `**Why?**`. */
const NOTE_LABEL = /^(\*\*[^*\n]+(?::|[?!])\*\*)\s*/;

/** A line that opens a block inside a quote: a list item, a fence, a nested quote, a table row. */
const NESTED_LINE = /^\s*(?:[-*+]\s|\d+[.)]\s|```|~~~|>|\|)/m;

/**
 * Words above which a note is read by its sentences (see `quoteSentences`): one section's share of
 * a two-section answer (125 of its 250 words) does not hold it whole.
 */
const LONG_NOTE = 120;

/**
 * A quote (a note, a warning) longer than {@link LONG_NOTE} by its sentences, each written as a
 * quote: its label (`**Warning:**`) before the first, a line of its own (`>`) before each later
 * block's first. A window may then take a long note's first sentences, where the whole note
 * did not fit and the window stopped before it (a 178-word warning after a page's first two
 * sentences). One that holds code is read by its sentences and blocks (code, a list item, a
 * table), each block one part: a collapsed "Using create vite with command line options" holds
 * the very command asked for, which a window takes where the whole 188-word note did not fit. A
 * shorter note stays whole, and so does one that holds a list or table but no code, as its
 * sentences lead to the list.
 */
function quoteSentences(quote: string): string[] {
  if (wordCount(quote) <= LONG_NOTE) return [quote];
  const body = quote
    .split('\n')
    .map((line) => line.replace(/^\s*>\s?/, ''))
    .join('\n')
    .trim();
  const label = NOTE_LABEL.exec(body);
  const text = label ? body.slice(label[0].length) : body;
  if (!QUOTED_FENCE.test(quote) && NESTED_LINE.test(text)) return [quote];
  const parts = markdownBlocks(text).flatMap((block, k) => {
    const lines = block.kind === 'paragraph' ? sentences(block.text) : [block.text];
    return lines.map(
      (s, j) => `${k > 0 && j === 0 ? '>\n' : ''}${s.replace(/^/gm, '> ').replace(/ +$/gm, '')}`,
    );
  });
  if (parts.length < 2) return [quote];
  if (label) parts[0] = `> ${label[1]} ${parts[0]!.slice(2)}`;
  return parts;
}

/**
 * Sentences of a paragraph, its wrapped lines joined. An abbreviation of dotted single letters
 * ("i.e.", "e.g.") ends no sentence: what it introduces is the rest of its sentence ("…run the
 * command with the `--beta` flag, i.e. `rclone selfupdate --beta`."), often the very command.
 */
export function sentences(paragraph: string): string[] {
  return paragraph
    .replace(/\s*\n\s*/g, ' ')
    .split(/(?<=[.!?])(?<!(?:^|[^\p{L}.])(?:\p{L}\.){2,})\s+(?=[\p{Lu}\p{N}"“(`*[])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A Markdown table as list items, one per row: the first cell leads, the others follow with
 * their column's header (`- **PORT**: default 3000; the API's port`).
 */
export function tableItems(table: string): string[] {
  const rows = table
    .split('\n')
    .map(cells)
    .filter((row) => row.length && !row.every((c) => /^:?-{2,}:?$/.test(c)));
  const [header, ...body] = rows;
  if (!header || !body.length) return [];
  return body.map((row) => {
    const [first = '', ...rest] = row;
    const lead = /[`*]/.test(first) || !first ? first : `**${first}**`;
    const details = rest
      .map((cell, i) => (rest.length > 1 && header[i + 1] ? `${header[i + 1]} ${cell}` : cell))
      .filter((_, i) => rest[i] && !/^[-–—]?$/.test(rest[i]!));
    return details.length ? `- ${lead}: ${details.join('; ')}` : `- ${lead}`;
  });
}

/** Cells of a table row; `\|` stays inside its cell. */
function cells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** Whether a section holds a code block: a command, a setting, an example. */
export function hasCode(passage: SectionPassage): boolean {
  return passage.units.some((u) => u.kind === 'code');
}

/**
 * The question's consecutive terms that a name of run-together words in the section's headings
 * says (see `SectionPassage.joinedPairs`: `rclone listremotes` for "list the remotes"): in its own
 * headings, and in its title or heading path. A heading that names the pair as one word names
 * the thing asked; one that splits into other words (`filenames` for "a file") says no more.
 */
export function namedJoined(
  passage: SectionPassage,
  asked: string[],
): { own: Set<string>; any: Set<string> } {
  const own = new Set<string>();
  const any = new Set<string>();
  for (const pair of asked) {
    const words = pair.split(' ');
    if (passage.ownJoinedPairs.has(pair)) words.forEach((w) => own.add(w));
    if (passage.joinedPairs.has(pair)) words.forEach((w) => any.add(w));
  }
  return { own, any };
}
