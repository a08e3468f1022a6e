import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outsideSummary, type SummarizedBook } from './mdbook-book';

/** Mintlify's configuration files, the current one first (`mint.json` is the one it replaced). */
export const MINTLIFY_CONFIGS = ['docs.json', 'mint.json'] as const;

/**
 * The pages a Mintlify configuration's navigation lists (`docs.json`'s `navigation` of tabs,
 * anchors, versions, groups; `mint.json`'s array of groups): every path of a `pages` array, nested
 * groups' too, and a group's `root` page, from the site's folder, without a leading `/`; not those
 * of a `hidden` tab, group or version (unless it is `searchable`). A site publishes every MDX
 * file, but its search and its AI assistant, like its sidebar, hold only the pages its navigation
 * shows (`seo.indexing: "all"`, `mint.json`'s `seo.indexHiddenPages`, says otherwise: then
 * undefined, every page counts).
 */
export function navigationPages(config: unknown): Set<string> | undefined {
  const settings = config as { seo?: Record<string, unknown>; navigation?: unknown } | null;
  if (!settings || typeof settings !== 'object') return undefined;
  if (settings.seo?.indexing === 'all' || settings.seo?.indexHiddenPages === true) return undefined;
  const pages = new Set<string>();
  const visit = (value: unknown, listed: boolean): void => {
    if (typeof value === 'string') {
      if (listed && !/^[a-z][a-z\d+.-]*:/i.test(value)) pages.add(value.replace(/^\/+/, ''));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, listed);
    } else if (value && typeof value === 'object') {
      const element = value as Record<string, unknown>;
      // A hidden tab, group or version keeps its pages out of search, unless it says `searchable`.
      if (element.hidden === true && element.searchable !== true) return;
      for (const [key, item] of Object.entries(element)) visit(item, key === 'pages' || key === 'root');
    }
  };
  visit(settings.navigation, false);
  return pages;
}

/**
 * A Mintlify site as a summarized book (see `SummarizedBook`): the folder its configuration sits
 * in (the folder loaded, or its `docs/` folder: `docqa ingest .` at a repository's root) and the
 * files of the pages its navigation lists (`quickstart` → `quickstart.mdx` or `quickstart.md`);
 * undefined when neither folder holds a `docs.json` or `mint.json` that reads as JSON.
 */
export async function mintlifySite(folder: string): Promise<SummarizedBook | undefined> {
  for (const sourceFolder of ['', 'docs/']) {
    for (const name of MINTLIFY_CONFIGS) {
      const text = await readFile(join(folder, sourceFolder, name), 'utf8').catch(() => undefined);
      const site = text === undefined ? undefined : mintlifyLayout(text, sourceFolder);
      if (site) return site;
    }
  }
  return undefined;
}

/**
 * The site a Mintlify configuration's text lays out from `sourceFolder`; undefined when it is no
 * JSON object, or names no navigation (another tool's `docs.json`).
 */
export function mintlifyLayout(text: string, sourceFolder: string): SummarizedBook | undefined {
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!config || typeof config !== 'object' || !('navigation' in config)) return undefined;
  const pages = navigationPages(config);
  const chapters = pages && new Set([...pages].flatMap((page) => [`${page}.mdx`, `${page}.md`]));
  return { sourceFolder, chapters };
}

/**
 * Why a file of a Mintlify site is no page, or undefined for a page: a snippet (`snippets/`,
 * which Mintlify builds into the pages that import it, never as pages of their own), a file
 * outside the site's folder, a page its navigation does not list (see `navigationPages`).
 */
export function mintlifyUnpublished(rel: string, site: SummarizedBook): string | undefined {
  if (rel.startsWith(`${site.sourceFolder}snippets/`)) return UNPUBLISHED_MINTLIFY_SNIPPET;
  return outsideSummary(rel, site) ? UNPUBLISHED_MINTLIFY : undefined;
}

/** Why a Mintlify snippet is not loaded as a document. */
export const UNPUBLISHED_MINTLIFY_SNIPPET =
  'a Mintlify snippet (in snippets/): published only inside the pages that import it';

/** Why a file of a Mintlify site that its navigation does not list is not loaded as a document. */
export const UNPUBLISHED_MINTLIFY =
  "not in the Mintlify site's navigation (docs.json or mint.json): a hidden page, left out of the site's search and sidebar";
