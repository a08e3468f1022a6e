import { loadPaths, type LoadPathsOptions } from './file-loader';
import { emptyLoadResult, reasonOf, type LoadResult } from './load-result';
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
 * Loads any mix of files, folders, page URLs and sitemap URLs (see `loadPaths`, `loadUrl`,
 * `loadSitemap`). Page URLs are fetched together, `concurrency` at a time. A page or sitemap that
 * fails is reported and the others are still loaded; only a path that does not exist throws. A
 * document loaded twice (the same id) is kept once.
 */
export async function loadSources(sources: string[], options: SourceLoadOptions = {}): Promise<LoadResult> {
  const urls = sources.filter(isHttpUrl);
  const sitemaps = [...urls.filter(isSitemapUrl), ...(options.sitemaps ?? [])];
  const pages = urls.filter((url) => !isSitemapUrl(url));
  const paths = sources.filter((source) => !isHttpUrl(source));

  const parts: LoadResult[] = [];
  if (paths.length) parts.push(await loadPaths(paths, options));
  if (pages.length) parts.push(await loadPages(pages, options));
  for (const sitemap of sitemaps) {
    try {
      parts.push(await loadSitemap(sitemap, options));
    } catch (err) {
      parts.push({ ...emptyLoadResult(), failed: [{ source: sitemap, reason: reasonOf(err) }] });
    }
  }
  return merge(parts);
}

function merge(parts: LoadResult[]): LoadResult {
  const result = emptyLoadResult();
  const ids = new Set<string>();
  for (const part of parts) {
    for (const doc of part.documents) {
      if (ids.has(doc.id)) continue;
      ids.add(doc.id);
      result.documents.push(doc);
    }
    result.skipped.push(...part.skipped);
    result.failed.push(...part.failed);
  }
  return result;
}
