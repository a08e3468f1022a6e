/** The formats docqa loads, whatever the source (a file, a URL). */
export type DocumentKind = 'markdown' | 'mdx' | 'html' | 'text' | 'pdf';

/** Formats by file extension (lower case, with the dot). */
export const KIND_BY_EXTENSION: Readonly<Record<string, DocumentKind>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'mdx',
  '.html': 'html',
  '.htm': 'html',
  '.txt': 'text',
  '.pdf': 'pdf',
};
