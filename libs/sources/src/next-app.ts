import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A Next.js site with the App Router whose pages are MDX (Nextra 4's, `@next/mdx`'s): its folders,
 * relative to the folder or repository read. `site` holds its `next.config.*` ('' for the root, or
 * above the folder read), `app` its routes (`site` + `app/` or `src/app/`; '' when the folder read
 * is the app folder itself).
 */
export interface NextSite {
  site: string;
  app: string;
}

/** A Next.js configuration file. */
const CONFIG = /(^|\/)next\.config\.(js|mjs|cjs|ts|mts)$/;
/** A route's page written in Markdown: `page.mdx` (or `page.md`, as Nextra reads it too). */
const PAGE_FILE = /(^|\/)page\.mdx?$/i;
/** A Markdown or MDX file. */
const MARKDOWN = /\.(md|mdx|markdown)$/i;

/**
 * The Next.js site of a tree of files (paths from its root): the shallowest `next.config.*` with
 * an App Router folder beside it (`app/`, `src/app/`) that holds MDX pages; undefined for none.
 */
export function nextSite(paths: readonly string[]): NextSite | undefined {
  const configs = paths.filter((path) => CONFIG.test(path)).sort((a, b) => a.length - b.length);
  for (const config of configs) {
    const found = withApp(config.slice(0, config.lastIndexOf('/') + 1), paths);
    if (found) return found;
  }
  return undefined;
}

/** The site at `site` with its App Router folder (`app/`, `src/app/`) that holds MDX pages, if any. */
function withApp(site: string, paths: readonly string[]): NextSite | undefined {
  for (const app of [`${site}app/`, `${site}src/app/`])
    if (paths.some((path) => path.startsWith(app) && PAGE_FILE.test(path))) return { site, app };
  return undefined;
}

/** Whether a folder on disk holds a Next.js configuration file (one read of the folder). */
async function holdsConfig(folder: string): Promise<boolean> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.some((name) => CONFIG.test(name));
}

/**
 * The Next.js site of a folder loaded from disk (`rels`: its files' paths), as {@link nextSite}
 * finds it in a repository: its configuration in the folder or a folder one down, beside an App
 * Router folder with MDX pages; or the folder is the app folder of the site above it (`docs/app`).
 */
export async function nextSiteOnDisk(folder: string, rels: readonly string[]): Promise<NextSite | undefined> {
  // Without a page.mdx there is no App Router site to look for: no folder is read.
  if (!rels.some((rel) => PAGE_FILE.test(rel))) return undefined;
  const sites = [
    '',
    ...new Set(rels.filter((rel) => rel.includes('/')).map((rel) => `${rel.split('/')[0]}/`)),
  ];
  for (const site of sites) {
    const found = withApp(site, rels);
    if (found && (await holdsConfig(join(folder, site)))) return found;
  }
  if (basename(folder) !== 'app') return undefined;
  const above = dirname(folder);
  const config =
    (await holdsConfig(above)) || (basename(above) === 'src' && (await holdsConfig(dirname(above))));
  return config ? { site: '', app: '' } : undefined;
}

/**
 * The route of a file of a Next.js site's App Router (see {@link NextSite}), as the path of its page
 * under the site's URL: its folders below the app folder, without route groups (`(docs)`), so
 * `app/docs/guide/search/page.mdx` is `docs/guide/search` and `app/page.mdx` the home page, ''.
 * Undefined for a file outside the app folder.
 */
export function nextPagePath(rel: string, next: NextSite): string | undefined {
  if (!rel.startsWith(next.app) || !PAGE_FILE.test(rel)) return undefined;
  const folders = rel.slice(next.app.length).split('/').slice(0, -1);
  return folders.filter((segment) => !/^\(.*\)$/.test(segment)).join('/');
}

/**
 * Why a Markdown file of a Next.js site is no page (see {@link NextSite}); undefined for a page. In
 * the app folder only a route's `page.mdx` is one, and not in a private folder (`_components/`), a
 * dynamic route's (`[slug]/`: its URLs come from its parameters) or a parallel route's (`@modal/`);
 * the site's other MDX files (`components/install.mdx`, a page folder's `old.mdx`) are partials its
 * pages import. A content folder's (Nextra's and Fumadocs' `content/`) are pages. Files outside the
 * site (a repository's own `README.md`) are not its business.
 */
export function nextUnpublished(rel: string, next: NextSite): string | undefined {
  if (!rel.startsWith(next.site) || !MARKDOWN.test(rel)) return undefined;
  if (!rel.startsWith(next.app)) {
    const inSite = rel.slice(next.site.length);
    return inSite.startsWith('content/') ? undefined : UNPUBLISHED_NEXT;
  }
  const folders = rel.slice(next.app.length).split('/').slice(0, -1);
  if (!PAGE_FILE.test(rel)) return UNPUBLISHED_NEXT;
  return folders.some((segment) => /^[_[@]/.test(segment)) ? UNPUBLISHED_NEXT_ROUTE : undefined;
}

/** Why an MDX file of a Next.js site that is no route's page is not loaded as a document. */
export const UNPUBLISHED_NEXT =
  "not a page of the Next.js site (only an App Router folder's page.mdx is): a partial its pages import";

/** Why a page of a private, dynamic or parallel route is not loaded as a document. */
export const UNPUBLISHED_NEXT_ROUTE =
  'a page of a private (_folder), dynamic ([slug]) or parallel (@slot) route of the Next.js site: no URL of its own';
