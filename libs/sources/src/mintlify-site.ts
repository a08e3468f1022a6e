import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outsideSummary, type SummarizedBook } from './mdbook-book';

/** Mintlify's configuration files, the current one first (`mint.json` is the one it replaced). */
export const MINTLIFY_CONFIGS = ['docs.json', 'mint.json'] as const;

/** What a Mintlify configuration's navigation says of its pages (see {@link mintlifyNavigation}). */
export interface MintlifyNavigation {
  /** The pages the site's search holds; undefined when every page counts. */
  pages: Set<string> | undefined;
  /** The version each page is listed under; a page listed under several, or none, has none. */
  versions: Map<string, string>;
}

/**
 * The pages a Mintlify configuration's navigation lists (`docs.json`'s `navigation` of tabs,
 * anchors, versions, groups; `mint.json`'s array of groups): every path of a `pages` array, nested
 * groups' too, and a group's `root` page, from the site's folder, without a leading `/`; not those
 * of a `hidden` tab, group or version (unless it is `searchable`). A site publishes every MDX
 * file, but its search and its AI assistant, like its sidebar, hold only the pages its navigation
 * shows (`seo.indexing: "all"`, `mint.json`'s `seo.indexHiddenPages`, says otherwise: then every
 * page counts). A page under a version (`docs.json`'s `{"version": "v2", "groups": …}`, a
 * `mint.json` group's `"version": "v1"`) is that version's, as the site's version menu shows it.
 */
export function mintlifyNavigation(config: unknown): MintlifyNavigation {
  const settings = (config ?? {}) as { seo?: Record<string, unknown>; navigation?: unknown };
  const listed = new Set<string>();
  const under = new Map<string, Set<string | undefined>>();
  const visit = (value: unknown, inPages: boolean, version: string | undefined): void => {
    if (typeof value === 'string') {
      if (!inPages || /^[a-z][a-z\d+.-]*:/i.test(value)) return;
      const page = value.replace(/^\/+/, '');
      listed.add(page);
      under.set(page, (under.get(page) ?? new Set()).add(version));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, inPages, version);
    } else if (value && typeof value === 'object') {
      const element = value as Record<string, unknown>;
      // A hidden tab, group or version keeps its pages out of search, unless it says `searchable`.
      if (element.hidden === true && element.searchable !== true) return;
      const own = typeof element.version === 'string' ? element.version : version;
      for (const [key, item] of Object.entries(element)) visit(item, key === 'pages' || key === 'root', own);
    }
  };
  visit(settings.navigation, false, undefined);
  const versions = new Map<string, string>();
  for (const [page, names] of under) {
    const [only] = names;
    if (names.size === 1 && only !== undefined) versions.set(page, only);
  }
  const all = settings.seo?.indexing === 'all' || settings.seo?.indexHiddenPages === true;
  return { pages: all ? undefined : listed, versions };
}

/**
 * A Mintlify site as a summarized book (see `SummarizedBook`): the folder its configuration sits
 * in (the folder loaded, or its `docs/` folder: `docqa ingest .` at a repository's root) and the
 * files of the pages its navigation lists (`quickstart` → `quickstart.mdx` or `quickstart.md`),
 * with their versions; undefined when neither folder holds a `docs.json` or `mint.json` that
 * reads as JSON.
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
  const { pages, versions } = mintlifyNavigation(config);
  const files = (page: string) => [`${page}.mdx`, `${page}.md`];
  return {
    sourceFolder,
    chapters: pages && new Set([...pages].flatMap(files)),
    versions: new Map([...versions].flatMap(([page, version]) => files(page).map((f) => [f, version]))),
  };
}

/** The version a Mintlify site's navigation lists a file's page under (`rel`: from the folder loaded or the repository). */
export function mintlifyVersion(rel: string, site: SummarizedBook): string | undefined {
  return rel.startsWith(site.sourceFolder)
    ? site.versions?.get(rel.slice(site.sourceFolder.length))
    : undefined;
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
  'not in the Mintlify site\'s navigation (docs.json or mint.json): a hidden page, which the site\'s search and assistant leave out (its seo.indexing: "all" lets them in)';
