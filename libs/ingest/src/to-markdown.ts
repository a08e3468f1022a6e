import { convert } from 'html-to-text';
import type { DocumentContentType } from '@docqa/contracts';

const ESCAPES = { '<': '&lt;', '>': '&gt;' };

/** A parsed HTML node, as html-to-text's formatters receive it. */
interface HtmlNode {
  type?: string;
  data?: string;
  children?: HtmlNode[];
}

/** The text of a node and its descendants, whitespace kept. */
function textOf(node: HtmlNode): string {
  return (node.children ?? []).map((c) => (c.type === 'text' ? (c.data ?? '') : textOf(c))).join('');
}

function escapeMarkup(text: string): string {
  return text.replace(/[<>]/g, (c) => ESCAPES[c as '<' | '>']);
}

/**
 * Turns a document's content into Markdown-ish text for chunking: HTML loses navigation, scripts
 * and styles but keeps its headings (as `#` lines), paragraphs, lists and code. Text the HTML
 * escaped (`&lt;script&gt;`) stays escaped: Markdown passes raw HTML through, so a decoded `<`
 * would come back as live markup in answers and snippets.
 */
export function toMarkdown(content: string, type: DocumentContentType): string {
  if (type !== 'text/html') return content;
  return convert(content, {
    wordwrap: false,
    encodeCharacters: ESCAPES,
    baseElements: { selectors: ['main', 'article', 'body'], returnDomByDefault: true },
    selectors: [
      ...[1, 2, 3, 4, 5, 6].map((level) => ({
        selector: `h${level}`,
        format: 'heading',
        options: {
          uppercase: false,
          leadingLineBreaks: 2,
          trailingLineBreaks: 1,
          prefix: `${'#'.repeat(level)} `,
        },
      })),
      { selector: 'nav', format: 'skip' },
      { selector: 'header', format: 'skip' },
      { selector: 'footer', format: 'skip' },
      { selector: 'aside', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'pre', format: 'escapedPre' },
    ],
    formatters: {
      heading: (elem, walk, builder, options) => {
        builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 2 });
        builder.addInline(String(options.prefix ?? ''));
        walk(elem.children, builder);
        builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 1 });
      },
      // html-to-text's own `pre` adds its text raw, past `encodeCharacters`.
      escapedPre: (elem, _walk, builder) => {
        builder.openBlock({ isPre: true, leadingLineBreaks: 1 });
        builder.addLiteral(escapeMarkup(textOf(elem)));
        builder.closeBlock({ trailingLineBreaks: 1 });
      },
    },
  }).replace(/\n{3,}/g, '\n\n');
}
