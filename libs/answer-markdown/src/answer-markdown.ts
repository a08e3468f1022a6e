import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/** Raw HTML in an answer shown as the text it is (the `rawHtml: 'text'` option). */
const htmlAsText = new Marked({
  gfm: true,
  breaks: false,
  renderer: { html: ({ text }) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) },
});
/** Raw HTML in an answer parsed, for the sanitiser to keep the text of (the default). */
const htmlParsed = new Marked({ gfm: true, breaks: false });

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'sup',
];

/** A citation marker in an answer: `[n]`, or `[n, m]` for several sources. */
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** How an answer's `[n]` markers link to its numbered sources (`[n]` is source `n`, 1-based). */
export interface CitationTargets {
  /** How many sources the answer has. */
  count: number;
  /** The id of source `n`'s entry in the source list. */
  idOf: (n: number) => string;
  /** Source `n` in a few words (its title and section), shown on hover. */
  labelOf: (n: number) => string;
}

/** How {@link renderMarkdown} shows an answer beyond its Markdown. */
export interface RenderOptions {
  /** Each `[n]` outside code and links becomes a link to source `n`'s entry. */
  citations?: CitationTargets;
  /** Code blocks get a Copy button (outside the scrolling block). @defaultValue true */
  copyButtons?: boolean;
  /** The Copy button's text and accessible name. @defaultValue `{ text: 'Copy', name: 'Copy code' }` */
  copyLabels?: { text: string; name: string };
  /**
   * Raw HTML in the answer: `drop` keeps only its text (the sanitiser removes the tags), `text`
   * shows it as written, never parsed (a page whose strict CSP reports every inline handler an
   * HTML parser meets, even in an inert template). @defaultValue 'drop'
   */
  rawHtml?: 'drop' | 'text';
}

/** The code blocks' Copy button's texts by default. */
const COPY_LABELS = { text: 'Copy', name: 'Copy code' };

/**
 * Renders answer Markdown to sanitised HTML, as the widget and the portal show answers: only
 * formatting tags survive, links keep http(s) and mailto targets only and open in a new tab;
 * scripts, event handlers and `javascript:` URLs are removed.
 */
export function renderMarkdown(
  markdown: string,
  { citations, copyButtons = true, copyLabels = COPY_LABELS, rawHtml = 'drop' }: RenderOptions = {},
): string {
  const html = (rawHtml === 'text' ? htmlAsText : htmlParsed).parse(markdown, { async: false }) as string;
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'align'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  const root = template.content;
  for (const a of root.querySelectorAll('a')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  if (copyButtons) for (const pre of root.querySelectorAll('pre')) wrapCodeBlock(pre, copyLabels);
  if (citations?.count) linkCitations(root, citations);
  return template.innerHTML;
}

/** Puts a code block in a frame with its Copy button, so the button stays put while the code scrolls. */
function wrapCodeBlock(pre: HTMLPreElement, labels: { text: string; name: string }): void {
  const frame = document.createElement('div');
  frame.className = 'code';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.setAttribute('aria-label', labels.name);
  button.textContent = labels.text;
  pre.replaceWith(frame);
  frame.append(pre, button);
}

/** Replaces `[n]` (and `[n, m]`) in text outside code and links with links to the source entries. */
function linkCitations(root: DocumentFragment, citations: CitationTargets): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('code, pre, a') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node as Text).data.search(CITATION) >= 0) texts.push(node as Text);
  }
  for (const text of texts) text.replaceWith(...citationNodes(text.data, citations));
}

function citationNodes(text: string, { count, idOf, labelOf }: CitationTargets): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const numbers = match[1]!.split(',').map((n) => Number(n.trim()));
    // A bracketed number that is no source of this answer stays text.
    if (!numbers.every((n) => n >= 1 && n <= count)) continue;
    nodes.push(document.createTextNode(text.slice(last, match.index)));
    numbers.forEach((n, i) => {
      const a = document.createElement('a');
      a.className = 'cite';
      a.href = `#${idOf(n)}`;
      a.dataset.cite = String(n);
      a.title = labelOf(n);
      a.setAttribute('aria-label', `Source ${n}`);
      a.textContent =
        numbers.length === 1 ? match[0] : `${i ? '' : '['}${n}${i < numbers.length - 1 ? ',' : ']'}`;
      nodes.push(a);
    });
    last = match.index + match[0].length;
  }
  nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}
