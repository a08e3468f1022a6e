import { convert } from 'html-to-text';
import type { DocumentContentType } from '@docqa/contracts';

/**
 * Turns a document's content into Markdown-ish text for chunking: HTML loses navigation, scripts
 * and styles but keeps its headings (as `#` lines), paragraphs, lists and code.
 */
export function toMarkdown(content: string, type: DocumentContentType): string {
  if (type !== 'text/html') return content;
  return convert(content, {
    wordwrap: false,
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
      { selector: 'pre', format: 'pre', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ],
    formatters: {
      heading: (elem, walk, builder, options) => {
        builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 2 });
        builder.addInline(String(options.prefix ?? ''));
        walk(elem.children, builder);
        builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 1 });
      },
    },
  }).replace(/\n{3,}/g, '\n\n');
}
