import DOMPurify from 'dompurify';
import { marked } from 'marked';

marked.use({ gfm: true, breaks: false });

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

/**
 * Renders answer Markdown to sanitised HTML: only formatting tags survive, links keep http(s)
 * and mailto targets only and open in a new tab; raw HTML, scripts, event handlers and
 * `javascript:` URLs are removed.
 */
export function renderMarkdown(markdown: string): string {
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
  return template.innerHTML;
}
