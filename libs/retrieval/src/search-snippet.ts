/** A passage's snippet: plain text, and where the matched words are in it. */
export interface Snippet {
  snippet: string;
  /** `[start, end)` UTF-16 offsets of the matched words in `snippet`. */
  highlights: number[][];
}

/** Characters of a snippet (and of the context kept before its first match). */
const SNIPPET_CHARS = 180;
const LEAD_CHARS = 50;
const ELLIPSIS = '…';

/** Named character references a passage's Markdown may hold, as they read. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The passage's text as it reads on the page, without Markdown's marks: link and image syntax
 * (inline and by reference) reduced to their text, emphasis, code ticks, heading, quote and list
 * marks, task boxes, footnote marks and HTML tags dropped, lines that are only markup (a table's
 * separator row `| --- | :-: |`, a rule `---` / `***`, a heading's underline `===`) removed,
 * common character references read, white space collapsed.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$/gm, ' ')
    .replace(/^[ \t]*(?:[-=*_][ \t]*){3,}$/gm, ' ')
    .replace(/\[\^[^\]]*\]/g, '')
    .replace(/!?\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/<[^>]{1,200}>/g, ' ')
    .replace(/```[^\n]*|`|\*\*|__|~~/g, '')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?/gm, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A snippet of `text` (Markdown) around its first word that `matches` (given the word lower-cased
 * with accents folded), with every matching word in it highlighted; the passage's start when no
 * word matches. Never longer than {@link SNIPPET_CHARS} and two ellipses.
 */
export function searchSnippet(text: string, matches: (word: string) => boolean): Snippet {
  const plain = plainText(text);
  const spans: [number, number][] = [];
  let start = 0;
  // Words are looked at up to the snippet's end only, once the first match placed it.
  let last = plain.length;
  for (const m of plain.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (m.index >= last) break;
    if (!matches(fold(m[0]))) continue;
    if (!spans.length) {
      if (m.index + m[0].length > SNIPPET_CHARS - 20) {
        start = Math.max(0, m.index - LEAD_CHARS);
        const space = plain.indexOf(' ', start);
        if (space >= 0 && space < m.index) start = space + 1;
      }
      last = start + SNIPPET_CHARS;
    }
    spans.push([m.index, m.index + m[0].length]);
  }
  let end = Math.min(plain.length, start + SNIPPET_CHARS);
  if (end < plain.length) {
    const space = plain.lastIndexOf(' ', end);
    if (space > start + SNIPPET_CHARS / 2) end = space;
  }
  const lead = start > 0 ? ELLIPSIS : '';
  const snippet = lead + plain.slice(start, end) + (end < plain.length ? ELLIPSIS : '');
  const shift = lead.length - start;
  const highlights = spans
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { snippet, highlights };
}

/** A word lower-cased with its accents folded, as `words` gives them. */
function fold(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
