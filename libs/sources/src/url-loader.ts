import { extname } from 'node:path';
import { FetchFailedError } from '@docqa/errors';
import { normaliseUrl, urlDocumentId } from './document-id';
import { CONTENT_TYPE_BY_KIND, KIND_BY_EXTENSION, type DocumentKind } from './document-kind';
import { decodeText, fetchResource, type FetchOptions, type FetchedResource } from './http-fetch';
import type { LoadedDocument } from './load-result';
import { parseDocument, titleFromUrl } from './parse-document';
import type { ParseLimits } from './parse-limits';
import { pdfDocument, type PdfSource } from './pdf-loader';

const BY_MEDIA_TYPE: Record<string, DocumentKind> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/mdx': 'mdx',
  'text/asciidoc': 'asciidoc',
  'text/x-asciidoc': 'asciidoc',
  'text/x-rst': 'rst',
  'text/prs.fallenstein.rst': 'rst',
  'text/plain': 'text',
  'application/pdf': 'pdf',
};

/** How {@link documentFromResource} parses what it fetched. */
export interface ResourceParseOptions {
  /** @defaultValue {@link DEFAULT_PARSE_LIMITS} */
  limits?: ParseLimits;
  /** Builds the document of a PDF. @defaultValue `pdfDocument`, on the calling thread */
  parsePdf?: (source: PdfSource) => Promise<LoadedDocument>;
}

/** Options of {@link loadUrl}. */
export interface UrlLoadOptions extends FetchOptions {
  /** Added to every document, for filters; wins over front matter. */
  metadata?: Record<string, string>;
}

/**
 * Fetches one page and loads it by its Content-Type: HTML, Markdown (or MDX), AsciiDoc,
 * reStructuredText, plain text or PDF.
 * The document id is the normalised URL (no fragment); `url` is where the page was served from
 * after redirects, so search results link back to it. Throws a FetchFailedError for an HTTP error
 * status, a time-out, a body over the cap or a content type no loader reads.
 */
export async function loadUrl(url: string, options: UrlLoadOptions = {}): Promise<LoadedDocument> {
  const requested = normaliseUrl(url);
  const resource = await fetchResource(requested, options);
  if (resource.status < 200 || resource.status > 299) throw new FetchFailedError(`HTTP ${resource.status}`);
  return documentFromResource(requested, resource, options.metadata);
}

/**
 * Builds the document of a fetched page; `requested` gives its id. A PDF is parsed by `parsePdf`
 * (on the calling thread, or as `options.parsePdf` says: a server parses it on a thread of its own).
 */
export async function documentFromResource(
  requested: string,
  resource: FetchedResource,
  metadata: Record<string, string> = {},
  options: ResourceParseOptions = {},
): Promise<LoadedDocument> {
  const served = normaliseUrl(resource.url);
  const kind = kindOf(resource.mediaType, new URL(served).pathname);
  if (!kind) throw new FetchFailedError(`unsupported content type ${resource.mediaType || '(none)'}`);
  const id = urlDocumentId(requested);
  const fallbackTitle = titleFromUrl(served);
  const { limits, parsePdf = pdfDocument } = options;
  if (kind === 'pdf')
    return parsePdf({ id, data: resource.body, url: served, metadata, fallbackTitle, limits });
  const type = CONTENT_TYPE_BY_KIND[kind];
  const content = decodeText(resource);
  if (!content.trim()) throw new FetchFailedError('empty page');
  return parseDocument({
    id,
    content,
    type,
    mdx: kind === 'mdx',
    url: served,
    metadata,
    fallbackTitle,
    limits,
  });
}

/**
 * The loader for a media type. Servers often send Markdown as text/plain and files as
 * application/octet-stream, so for those the path's extension decides.
 */
function kindOf(mediaType: string, pathname: string): DocumentKind | undefined {
  const byType = BY_MEDIA_TYPE[mediaType];
  const byExtension = KIND_BY_EXTENSION[extname(pathname).toLowerCase()];
  // Markdown, MDX, AsciiDoc and reStructuredText files are served as plain text.
  if (byType === 'text' && byExtension && !['html', 'pdf'].includes(byExtension)) return byExtension;
  if (byType === 'markdown' && byExtension === 'mdx') return 'mdx';
  if (byType) return byType;
  return mediaType === '' || mediaType === 'application/octet-stream' ? byExtension : undefined;
}
