import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { toDocumentId } from './document-id';
import { loadPaths, type LoadPathsOptions } from './file-loader';
import { emptyLoadResult, reasonOf, type LoadResult, type LoadedDocument } from './load-result';
import { isSitemapUrl, loadPages, loadSitemap, type SitemapLoadOptions } from './sitemap-loader';

/** Options of {@link loadSources}. */
export interface SourceLoadOptions extends LoadPathsOptions, SitemapLoadOptions {
  /** Sitemap URLs whose names do not say so (a URL ending in `sitemap.xml` is one anyway). */
  sitemaps?: string[];
}

/** Whether a source is an http(s) URL rather than a path. */
export function isHttpUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/**
 * The document id of a file named directly (not found in a folder): its path relative to `cwd`
 * (`handbook/faq.md`), or its absolute path when it lies outside `cwd`. Two different files never
 * share it, and the same command run from the same folder gives the same ids again.
 */
export function fileDocumentId(path: string, cwd = process.cwd()): string {
  const file = resolve(cwd, path);
  const rel = relative(cwd, file);
  const inside = rel !== '' && rel.split(sep)[0] !== '..' && !isAbsolute(rel);
  return toDocumentId(inside ? rel : file);
}

/**
 * Loads any mix of files, folders, page URLs and sitemap URLs (see `loadPaths`, `loadUrl`,
 * `loadSitemap`). Documents of a folder have ids relative to it; a file named directly has the id
 * {@link fileDocumentId} gives. Page URLs are fetched together, `concurrency` at a time. A page
 * or sitemap that fails is reported and the others are still loaded; only a path that does not
 * exist throws. A file or page loaded twice is kept once and reported in `skipped`; a different
 * file with an id already taken is reported in `failed`, never dropped silently.
 */
export async function loadSources(sources: string[], options: SourceLoadOptions = {}): Promise<LoadResult> {
  const urls = sources.filter(isHttpUrl);
  const sitemaps = [...urls.filter(isSitemapUrl), ...(options.sitemaps ?? [])];
  const pages = urls.filter((url) => !isSitemapUrl(url));
  const paths = sources.filter((source) => !isHttpUrl(source));

  const parts: SourcePart[] = [];
  for (const path of paths) parts.push(await loadPath(path, options));
  if (pages.length) parts.push(webPart(await loadPages(pages, options)));
  for (const sitemap of sitemaps) {
    try {
      parts.push(webPart(await loadSitemap(sitemap, options)));
    } catch (err) {
      parts.push(webPart({ ...emptyLoadResult(), failed: [{ source: sitemap, reason: reasonOf(err) }] }));
    }
  }
  return merge(parts);
}

/** A document with where it was read from, to tell a file read twice from two files with one id. */
interface Loaded {
  document: LoadedDocument;
  /** The path or URL shown in reports. */
  shown: string;
  /** Absolute path of the file read; none for a web page (its id is its URL). */
  file?: string;
}

/** What one source (a path, the page URLs, a sitemap) loaded. */
interface SourcePart {
  loaded: Loaded[];
  /** The loader's result, for its skipped and failed sources. */
  result: LoadResult;
}

async function loadPath(path: string, options: LoadPathsOptions): Promise<SourcePart> {
  const result = await loadPaths([path], options);
  // After loadPaths, which throws for a path that does not exist.
  if ((await stat(path)).isDirectory()) {
    const loaded = result.documents.map((document) => ({
      document,
      shown: join(path, document.id),
      // The id is the path inside the folder, bar characters ids cannot hold.
      file: resolve(path, document.id),
    }));
    return { loaded, result };
  }
  const id = fileDocumentId(path);
  const loaded = result.documents.map((document) => ({
    document: { ...document, id },
    shown: path,
    file: resolve(path),
  }));
  return { loaded, result };
}

function webPart(result: LoadResult): SourcePart {
  return { loaded: result.documents.map((document) => ({ document, shown: document.id })), result };
}

/**
 * The documents of every part, each file or page once. A file that another source read too (a
 * folder and a file in it, a file named twice) or a page given twice is kept as first read and
 * reported as skipped after; a different file whose id is taken is reported as failed.
 */
function merge(parts: SourcePart[]): LoadResult {
  const result = emptyLoadResult();
  const byId = new Map<string, { loaded: Loaded; part: SourcePart }>();
  const byFile = new Map<string, { loaded: Loaded; part: SourcePart }>();
  for (const part of parts) {
    for (const loaded of part.loaded) {
      const { id } = loaded.document;
      // One folder never lists a file twice: two of its documents with one id are two files.
      const twin = loaded.file ? byFile.get(loaded.file) : byId.get(id);
      const taken = byId.get(id);
      if (twin && (twin.part !== part || !loaded.file)) {
        const reason = loaded.file
          ? `the same file as ${twin.loaded.shown}; loaded once, as ${twin.loaded.document.id}`
          : 'given twice; loaded once';
        result.skipped.push({ source: loaded.shown, reason });
      } else if (taken) {
        result.failed.push({
          source: loaded.shown,
          reason:
            `same document id ${id} as ${taken.loaded.shown}, which is loaded instead ` +
            '(load a folder that holds both to give them ids that differ)',
        });
      } else {
        byId.set(id, { loaded, part });
        if (loaded.file) byFile.set(loaded.file, { loaded, part });
        result.documents.push(loaded.document);
      }
    }
    result.skipped.push(...part.result.skipped);
    result.failed.push(...part.result.failed);
  }
  return result;
}
