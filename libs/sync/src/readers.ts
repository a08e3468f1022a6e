import { FetchFailedError } from '@docqa/errors';
import {
  decodeText,
  emptyLoadResult,
  fetchResource,
  fetchRobotsPolicy,
  listSitemap,
  normaliseUrl,
  parseDocument,
  pathFilter,
  toDocumentId,
  type FetchOptions,
  type RobotsPolicy,
} from '@docqa/sources';
import { readGithub } from './github-reader';
import { pageEntry } from './page-entry';
import type { StoredSource } from './source-store';
import { contentHash, type ReaderContext, type SourceReader, type SyncEntry } from './sync-entry';

/** Metadata every document of a source carries: the source's own, and its id (for filters). */
function metadataOf(source: StoredSource): Record<string, string> {
  return { ...source.metadata, source_id: source.id };
}

/** The URLs that pass the source's include/exclude globs (on the URL's path) and robots.txt. */
async function wanted(source: StoredSource, urls: string[], fetch: FetchOptions): Promise<string[]> {
  const passes = pathFilter({ include: source.include, exclude: source.exclude });
  const robots = new Map<string, Promise<RobotsPolicy>>();
  const kept: string[] = [];
  for (const url of urls) {
    if (!passes(new URL(url).pathname.replace(/^\//, ''))) continue;
    const origin = new URL(url).origin;
    if (!robots.has(origin)) robots.set(origin, fetchRobotsPolicy(origin, fetch));
    if (!(await robots.get(origin)!).refusal(url)) kept.push(url);
  }
  return kept;
}

/** A sitemap (or sitemap index): its pages on the sitemap's host. */
export const readSitemap: SourceReader = async (source, fetch, ctx) => {
  const result = emptyLoadResult();
  const listed = await listSitemap(source.url!, fetch, result);
  const urls = await wanted(source, listed, fetch);
  return {
    entries: pageEntries(source, urls, fetch, ctx),
    failures: result.failed.map((f) => ({ url: f.source, reason: f.reason })),
    complete: result.failed.length === 0,
  };
};

/** One page. */
export const readUrl: SourceReader = async (source, fetch, { limits }) => ({
  entries: [pageEntry(source.url!, fetch, metadataOf(source), { limits })],
  failures: [],
  complete: true,
});

/**
 * An `llms.txt` file: the pages its Markdown links name. An `llms-full.txt` file: its sections,
 * split at its `#` and `##` headings, each a document.
 */
export const readLlmsTxt: SourceReader = async (source, fetch, ctx) => {
  const url = normaliseUrl(source.url!);
  const res = await fetchResource(url, fetch);
  if (res.status < 200 || res.status > 299) throw new FetchFailedError(`${url}: HTTP ${res.status}`);
  const text = decodeText(res);
  if (/llms-full\.txt$/i.test(new URL(url).pathname))
    return { entries: sectionEntries(source, url, text, ctx), failures: [], complete: true };
  const links = new Set<string>();
  for (const match of text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)) {
    try {
      links.add(normaliseUrl(match[1]!, url));
    } catch {
      // Not an http(s) link (mailto:, a bare anchor): not a page.
    }
  }
  const urls = await wanted(source, [...links], fetch);
  return { entries: pageEntries(source, urls, fetch, ctx), failures: [], complete: true };
};

/** The pages a source lists; one that redirects to another of them is that one's duplicate. */
function pageEntries(
  source: StoredSource,
  urls: string[],
  fetch: FetchOptions,
  { limits }: ReaderContext,
): SyncEntry[] {
  const listed = new Set(urls.map((url) => normaliseUrl(url)));
  return urls.map((url) => pageEntry(url, fetch, metadataOf(source), { limits, listed }));
}

/** The sections of an llms-full.txt file, each read from the text already fetched. */
function sectionEntries(
  source: StoredSource,
  url: string,
  text: string,
  { limits }: ReaderContext,
): SyncEntry[] {
  const sections: { title: string; body: string }[] = [];
  for (const line of text.split('\n')) {
    const heading = /^#{1,2}\s+(.+?)\s*#*$/.exec(line);
    if (heading || !sections.length) sections.push({ title: heading?.[1] ?? 'Introduction', body: '' });
    sections.at(-1)!.body += `${line}\n`;
  }
  const slugs = new Map<string, number>();
  return sections
    .filter((s) => s.body.trim())
    .map((section) => {
      const base =
        section.title
          .toLowerCase()
          .replace(/[^\w]+/g, '-')
          .replace(/^-|-$/g, '') || 'section';
      const n = (slugs.get(base) ?? 0) + 1;
      slugs.set(base, n);
      const key = `${url}#${n > 1 ? `${base}-${n}` : base}`;
      const content = section.body.trim();
      return {
        key,
        async read(previous) {
          const state = { document_id: toDocumentId(key), hash: contentHash(content) };
          if (previous?.hash === state.hash) return { status: 'unchanged', state };
          const document = parseDocument({
            id: state.document_id,
            content,
            type: 'text/markdown',
            url: key,
            metadata: metadataOf(source),
            fallbackTitle: section.title,
            limits,
          });
          return { status: 'changed', state, document };
        },
      } satisfies SyncEntry;
    });
}

/** The reader of each source type. */
export const READERS: Record<StoredSource['type'], SourceReader> = {
  sitemap: readSitemap,
  url: readUrl,
  llms_txt: readLlmsTxt,
  github: readGithub,
};
