import { gunzipSync } from 'node:zlib';
import { FetchFailedError } from '@docqa/errors';
import { normaliseUrl } from './document-id';
import { decodeText, fetchResource, type FetchOptions } from './http-fetch';
import { emptyLoadResult, reasonOf, type LoadResult } from './load-result';
import { mapConcurrent } from './map-concurrent';
import { parseSitemap } from './parse-sitemap';
import { fetchRobotsPolicy, type RobotsPolicy } from './robots-policy';
import { loadUrl, type UrlLoadOptions } from './url-loader';

/** A sitemap index may name sitemaps; deeper nesting is not in the protocol and is not followed. */
const MAX_DEPTH = 2;

/** What happened to one page. */
export interface PageOutcome {
  url: string;
  ok: boolean;
  /** Why it failed. */
  reason?: string;
}

/** Progress callbacks of page loading; the CLI drives its progress bar with them. */
export interface PageProgress {
  /** The pages about to be fetched (called once per sitemap, or batch of page URLs). */
  onPages?(urls: string[]): void;
  /** After each page, loaded or failed. */
  onPage?(outcome: PageOutcome): void;
}

/** Options of {@link loadSitemap} and {@link loadPages}. */
export interface SitemapLoadOptions extends UrlLoadOptions, PageProgress {
  /** Pages fetched at once. @defaultValue 4 */
  concurrency?: number;
  /** Pages loaded from one sitemap at most; the rest are skipped. @defaultValue 10000 */
  maxPages?: number;
}

/** Whether a URL names a sitemap by its file name (`sitemap.xml`, `sitemap_index.xml`, `post-sitemap.xml.gz`). */
export function isSitemapUrl(url: string): boolean {
  const last = new URL(url).pathname.split('/').at(-1) ?? '';
  return /sitemap[\w.-]*\.xml(\.gz)?$/i.test(last);
}

/**
 * Loads every page a sitemap lists, following a sitemap index to its sitemaps. Only pages on the
 * sitemap's host are fetched, and only those its robots.txt allows for docqa; they are fetched
 * `concurrency` at a time. Pages left out are in `skipped` with the reason, pages (or nested
 * sitemaps) that failed in `failed`, and the rest are loaded. Throws only when the sitemap itself
 * cannot be fetched or parsed.
 */
export async function loadSitemap(sitemapUrl: string, options: SitemapLoadOptions = {}): Promise<LoadResult> {
  const root = normaliseUrl(sitemapUrl);
  const host = new URL(root).host;
  const result = emptyLoadResult();
  const listed = await listPages(root, host, options, result);
  const maxPages = options.maxPages ?? 10_000;
  const robots = new Map<string, Promise<RobotsPolicy>>();
  const pages: string[] = [];
  for (const url of listed) {
    const origin = new URL(url).origin;
    if (!robots.has(origin)) robots.set(origin, fetchRobotsPolicy(origin, options));
    const refusal = (await robots.get(origin)!).refusal(url);
    if (refusal) result.skipped.push({ source: url, reason: refusal });
    else if (pages.length >= maxPages)
      result.skipped.push({ source: url, reason: `over the limit of ${maxPages} pages` });
    else pages.push(url);
  }
  const loaded = await loadPages(pages, options);
  result.documents.push(...loaded.documents);
  result.failed.push(...loaded.failed);
  return result;
}

/**
 * The pages a sitemap lists (following a sitemap index), normalised, on the sitemap's host,
 * without fetching them; `result` collects the entries left out and the nested sitemaps that
 * failed. Throws when the sitemap itself cannot be fetched or parsed.
 */
export async function listSitemap(
  sitemapUrl: string,
  options: FetchOptions,
  result: LoadResult,
): Promise<string[]> {
  const root = normaliseUrl(sitemapUrl);
  return listPages(root, new URL(root).host, options, result);
}

/**
 * Loads page URLs `concurrency` at a time (no robots.txt check: these are pages asked for by
 * name). A page that fails is in `failed` with its reason; the others are loaded.
 */
export async function loadPages(urls: string[], options: SitemapLoadOptions = {}): Promise<LoadResult> {
  const result = emptyLoadResult();
  options.onPages?.(urls);
  const outcomes = await mapConcurrent(urls, options.concurrency ?? 4, async (url) => {
    try {
      const doc = await loadUrl(url, options);
      options.onPage?.({ url, ok: true });
      return doc;
    } catch (err) {
      const reason = reasonOf(err);
      result.failed.push({ source: url, reason });
      options.onPage?.({ url, ok: false, reason });
      return null;
    }
  });
  result.documents.push(...outcomes.filter((doc) => doc !== null));
  return result;
}

/**
 * The page URLs of a sitemap (and of the sitemaps an index names), normalised and without
 * duplicates; off-host ones are recorded as skipped, unreadable nested sitemaps as failed.
 */
async function listPages(
  root: string,
  host: string,
  options: FetchOptions,
  result: LoadResult,
): Promise<string[]> {
  const pages = new Set<string>();
  const seen = new Set<string>([root]);
  let level = [root];
  for (let depth = 0; level.length && depth <= MAX_DEPTH; depth++) {
    const next: string[] = [];
    for (const sitemap of level) {
      let parsed;
      try {
        parsed = await fetchSitemap(sitemap, options);
      } catch (err) {
        if (sitemap === root)
          throw new FetchFailedError(`sitemap ${sitemap}: ${reasonOf(err)}`, { cause: err });
        result.failed.push({ source: sitemap, reason: reasonOf(err) });
        continue;
      }
      for (const location of parsed.locations) {
        let url: string;
        try {
          url = normaliseUrl(location, sitemap);
        } catch (err) {
          result.skipped.push({ source: location, reason: reasonOf(err) });
          continue;
        }
        if (new URL(url).host !== host) result.skipped.push({ source: url, reason: `not on ${host}` });
        else if (parsed.kind === 'urlset') pages.add(url);
        else if (!seen.has(url)) {
          seen.add(url);
          next.push(url);
        }
      }
    }
    level = next;
  }
  return [...pages];
}

async function fetchSitemap(url: string, options: FetchOptions) {
  const res = await fetchResource(url, options);
  if (res.status < 200 || res.status > 299) throw new FetchFailedError(`HTTP ${res.status}`);
  // A .xml.gz sitemap arrives gzipped when the server does not mark it as Content-Encoding.
  const gzipped = res.body[0] === 0x1f && res.body[1] === 0x8b;
  return parseSitemap(
    decodeText({ ...res, body: gzipped ? new Uint8Array(gunzipSync(res.body)) : res.body }),
  );
}
