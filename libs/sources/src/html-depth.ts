import { ValidationError } from '@docqa/errors';
import type { ParseLimits } from './parse-limits';

/** Elements that never hold others (htmlparser2's list, which html-to-text parses with). */
const VOID = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);

/** Elements whose content is text up to their end tag (for htmlparser2). */
const RAW_TEXT = new Set(['script', 'style', 'title']);

const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const BLOCKS =
  'address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul h1 h2 h3 h4 h5 h6';

/** An opening tag closes these open elements first (htmlparser2's `openImpliesClose`). */
const IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['p', new Set(P)],
  ...BLOCKS.split(' ').map((name) => [name, new Set(P)] as const),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((n) => [n, new Set(FORM)] as const),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
]);

const NAME_END = /[\s/>]/g;

/**
 * The deepest nesting html-to-text walks safely, with room to spare: its recursion overflows
 * Node's default stack from about 1,900 levels of nested lists (`<ul><li>`) and 2,000 of `<div>`.
 * `PARSE_MAX_HTML_DEPTH` may not exceed it.
 */
export const HTML_DEPTH_CEILING = 1000;

/**
 * How deeply the elements of an HTML document nest, as htmlparser2 (html-to-text's parser) builds
 * its tree: end tags close up to their element, stray ones are ignored, and an opening `<p>`,
 * `<li>`, `<td>`… closes the one it implies. One pass with a stack, no recursion, a few ms per MB;
 * it stops counting past `stopAt`. A self-closing `<div/>` counts as open, as in HTML.
 */
export function htmlDepth(html: string, stopAt = Infinity): number {
  const open = new OpenElements();
  let deepest = 0;
  for (let at = html.indexOf('<'); at >= 0 && deepest <= stopAt; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1);
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      const end = html.startsWith('<!--', at) ? html.indexOf('-->', at + 4) : html.indexOf('>', at);
      if (end < 0) break;
      at = end;
      continue;
    }
    const closing = next === 0x2f; /* / */
    let start = at + (closing ? 2 : 1);
    // `</ p>` closes a paragraph too.
    while (closing && /\s/.test(html[start] ?? '')) start++;
    if (!isLetter(html.charCodeAt(start))) continue;
    NAME_END.lastIndex = start;
    const nameEnd = NAME_END.exec(html)?.index ?? html.length;
    const name = html.slice(start, nameEnd).toLowerCase();
    at = tagEnd(html, nameEnd);
    if (closing) {
      // A stray `</p>` is an empty paragraph to htmlparser2; other stray end tags are dropped.
      if (!open.closeTo(name) && name === 'p') deepest = Math.max(deepest, open.depth + 1);
      continue;
    }
    open.closeImpliedBy(name);
    // Inside <svg> and <math>, `<path/>` closes itself: a leaf, like a void element.
    const leaf = VOID.has(name) || (html[at - 1] === '/' && (open.has('svg') || open.has('math')));
    deepest = Math.max(deepest, open.depth + 1);
    if (leaf) continue;
    open.push(name);
    if (RAW_TEXT.has(name)) at = rawTextEnd(html, name, at);
  }
  return deepest;
}

/** The stack of open elements, with a count per name (an end tag finds its element at once). */
class OpenElements {
  private readonly stack: string[] = [];
  private readonly counts = new Map<string, number>();

  get depth(): number {
    return this.stack.length;
  }

  has(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }

  push(name: string): void {
    this.stack.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** Closes `name` and the elements open inside it; false when none is open. */
  closeTo(name: string): boolean {
    if (!this.has(name)) return false;
    while (this.pop() !== name);
    return true;
  }

  /** Closes the elements an opening `name` implies the end of (a `<p>` before a `<div>`). */
  closeImpliedBy(name: string): void {
    const implied = IMPLIES_CLOSE.get(name);
    while (implied && this.stack.length && implied.has(this.stack.at(-1)!)) this.pop();
  }

  private pop(): string {
    const top = this.stack.pop()!;
    this.counts.set(top, this.counts.get(top)! - 1);
    return top;
  }
}

/**
 * Refuses HTML nested deeper than the limit: html-to-text walks its tree recursively, and a page
 * of 200,000 nested `<div>` exhausts the stack ("Maximum call stack size exceeded").
 */
export function refuseDeepHtml(html: string, limits: Pick<ParseLimits, 'htmlDepth'>): void {
  if (htmlDepth(html, limits.htmlDepth) > limits.htmlDepth)
    throw new ValidationError(
      `the HTML nests elements more than ${limits.htmlDepth.toLocaleString('en-US')} levels deep`,
    );
}

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** Where a tag ends: its `>`, past attribute values quoted after `=` (which may hold `>`). */
function tagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (c === '>') return i;
    if (c !== '=') continue;
    let j = i + 1;
    while (/\s/.test(html[j] ?? '')) j++;
    const quote = html[j];
    if (quote !== '"' && quote !== "'") continue;
    const close = html.indexOf(quote, j + 1);
    if (close < 0) return html.length;
    i = close;
  }
  return html.length;
}

/** Where the text of a `<script>`, `<style>`… ends: just before its end tag (or the end). */
function rawTextEnd(html: string, name: string, from: number): number {
  const lower = new RegExp(`</${name}[\\s/>]`, 'ig');
  lower.lastIndex = from;
  const end = lower.exec(html);
  return end ? end.index - 1 : html.length;
}
