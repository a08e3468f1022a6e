import type { DocumentContentType } from '@docqa/contracts';

/** The formats docqa loads, whatever the source (a file, a URL). */
export type DocumentKind = 'markdown' | 'mdx' | 'asciidoc' | 'rst' | 'html' | 'text' | 'pdf';

/** Formats by file extension (lower case, with the dot). */
export const KIND_BY_EXTENSION: Readonly<Record<string, DocumentKind>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'mdx',
  '.adoc': 'asciidoc',
  '.asciidoc': 'asciidoc',
  '.rst': 'rst',
  '.html': 'html',
  '.htm': 'html',
  '.txt': 'text',
  '.pdf': 'pdf',
};

/** The content type a document of each text format is stored with (PDF is read into text). */
export const CONTENT_TYPE_BY_KIND: Readonly<Record<Exclude<DocumentKind, 'pdf'>, DocumentContentType>> = {
  markdown: 'text/markdown',
  mdx: 'text/markdown',
  asciidoc: 'text/asciidoc',
  rst: 'text/x-rst',
  html: 'text/html',
  text: 'text/plain',
};
