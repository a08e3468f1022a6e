import DOMPurify from 'dompurify';
import { marked } from 'marked';

/*
 * The widget's way of showing an answer (apps/widget/src/markdown.ts): the same Markdown, the same
 * sanitising and the same `[n]` markers. Apps may not import each other (module boundaries), so
 * the portal holds its own copy of the rules until they move to a shared client library; keep the
 * two in step. One difference: raw HTML in an answer is shown as text, never parsed (the portal's
 * strict CSP reports every inline handler an HTML parser meets, even in an inert template).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

marked.use({ gfm: true, breaks: false, renderer: { html: ({ text }) => escapeHtml(text) } });

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

/** Where an answer's `[n]` markers lead: source `n` (1-based) of the answer's list. */
export interface CitationTargets {
  /** How many sources the answer has. */
  count: number;
  /** The id of source `n`'s entry in the page. */
  idOf: (n: number) => string;
  /** Source `n` in a few words, shown on hover. */
  labelOf: (n: number) => string;
}

/**
 * An answer's Markdown as sanitised HTML: only formatting tags survive, links keep http(s) and
 * mailto targets only and open in a new tab, `javascript:` URLs are removed, and raw HTML is
 * shown as the text it is. Each `[n]` outside code and links becomes a link (`a.cite`, `data-cite`) to
 * source `n`'s entry; a number that is no source of the answer stays text.
 */
export function renderAnswer(markdown: string, citations: CitationTargets): string {
  const html = marked.parse(markdown, { async: false }) as string;
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'align'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const a of template.content.querySelectorAll('a')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  if (citations.count) linkCitations(template.content, citations);
  return template.innerHTML;
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
