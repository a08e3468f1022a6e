import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve } from 'node:path';
import { toDocumentId } from './document-id';
import { KIND_BY_EXTENSION, type DocumentKind } from './document-kind';
import { decodeFileText } from './file-text';
import { emptyLoadResult, reasonOf, type LoadResult, type LoadedDocument } from './load-result';
import { parseDocument } from './parse-document';
import { linksToPages } from './markdown-links';
import { DEFAULT_PARSE_LIMITS, textTooLong, type ParseLimits } from './parse-limits';
import { pathFilter, type PathFilterOptions } from './path-filter';
import { pdfDocument } from './pdf-loader';

/** Why a file of another type is not loaded. */
export const UNSUPPORTED_FILE_REASON = 'not Markdown, MDX, HTML, text or PDF';

/** Options of {@link loadPaths}. */
export interface LoadPathsOptions extends PathFilterOptions {
  /** Added to every document, for filters; wins over front matter. */
  metadata?: Record<string, string>;
  /**
   * Where the files are published: each document links to its page under it (see
   * {@link publishedUrl}), so sources link to the docs site, and so do the Markdown files' links
   * to one another. A front-matter `url` wins.
   */
  baseUrl?: string;
  /** What parsing one file may cost. @defaultValue {@link DEFAULT_PARSE_LIMITS} */
  limits?: ParseLimits;
}

/**
 * Loads files and folders as documents: Markdown, MDX, HTML, plain text and PDF. Folders are read
 * recursively, without `node_modules` and dot-folders, keeping the files that pass the
 * include/exclude globs; a file named directly is always read. Ids are paths relative to the
 * folder given (or the file name), so re-ingesting a folder replaces the same documents. A file
 * that cannot be read is reported in `failed` and the others are still loaded; a path that does
 * not exist throws.
 */
export async function loadPaths(paths: string[], options: LoadPathsOptions = {}): Promise<LoadResult> {
  const result = emptyLoadResult();
  const wanted = pathFilter(options);
  for (const path of paths) {
    const root = resolve(path);
    const info = await stat(root).catch(() => {
      throw new Error(`${path}: no such file or folder`);
    });
    if (!info.isDirectory()) {
      const kind = KIND_BY_EXTENSION[extname(root).toLowerCase()];
      if (kind) await loadInto(result, { file: root, source: path, rel: basename(root) }, kind, options);
      else result.skipped.push({ source: path, reason: UNSUPPORTED_FILE_REASON });
      continue;
    }
    for (const file of await walk(root)) {
      const kind = KIND_BY_EXTENSION[extname(file).toLowerCase()];
      const rel = relative(root, file).split(/[\\/]/).join('/');
      if (kind && wanted(rel)) await loadInto(result, { file, source: join(path, rel), rel }, kind, options);
    }
  }
  return result;
}

async function loadInto(
  result: LoadResult,
  { file, source, rel }: { file: string; source: string; rel: string },
  kind: DocumentKind,
  options: LoadPathsOptions,
): Promise<void> {
  try {
    const { baseUrl } = options;
    const url = baseUrl ? publishedUrl(baseUrl, rel) : undefined;
    const data = await readFile(file);
    const document = await parseFileData(data, kind, { id: toDocumentId(rel), url }, options);
    // Links to the folder's other files lead to their pages, as the docs site publishes them.
    if (baseUrl && document.content_type === 'text/markdown')
      document.content = linksToPages(document.content, rel, (path) => publishedUrl(baseUrl, path));
    result.documents.push(document);
  } catch (err) {
    result.failed.push({ source, reason: reasonOf(err) });
  }
}

/**
 * Loads one file's bytes (an upload) as a document, the same way {@link loadPaths} loads a file:
 * the format from the name's extension, the id from the name. Null for a type no loader reads;
 * throws when the file cannot be parsed, and a ValidationError naming the limit it passes. It
 * parses on the calling thread: in a server, {@link loadFileIsolated} parses on a thread of its own.
 */
export async function loadFileData(
  name: string,
  data: Uint8Array,
  metadata: Record<string, string> = {},
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<LoadedDocument | null> {
  const kind = KIND_BY_EXTENSION[extname(name).toLowerCase()];
  return kind ? parseFileData(data, kind, { id: toDocumentId(basename(name)) }, { metadata, limits }) : null;
}

async function parseFileData(
  data: Uint8Array,
  kind: DocumentKind,
  { id, url }: { id: string; url?: string },
  { metadata = {}, limits = DEFAULT_PARSE_LIMITS }: Pick<LoadPathsOptions, 'metadata' | 'limits'>,
): Promise<LoadedDocument> {
  if (kind === 'pdf') return pdfDocument({ id, url, data, metadata, limits });
  // A UTF-8 character is 1 to 4 bytes: a file of more bytes than 4 × the limit is too long unread.
  if (data.length > 4 * limits.textChars) throw textTooLong(limits);
  const content = decodeFileText(data);
  const type = kind === 'html' ? 'text/html' : kind === 'text' ? 'text/plain' : 'text/markdown';
  return parseDocument({ id, url, content, type, mdx: kind === 'mdx', metadata, limits });
}

/**
 * The published URL of a file at `rel` (its path inside the folder ingested) under `baseUrl`, as
 * static docs sites publish Markdown: `guide/install.md` → `BASE/guide/install`, `guide/index.md`
 * → `BASE/guide/`, `.md` and `.mdx` dropped; `index.html` → its folder; other files keep their
 * name. Heading anchors are added per chunk at ingestion.
 */
export function publishedUrl(baseUrl: string, rel: string): string {
  const page = rel
    .replace(/(^|\/)index\.(md|markdown|mdx|html?)$/i, '$1')
    .replace(/\.(md|markdown|mdx)$/i, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
  return new URL(page, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}
