import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a docsify site's settings (`window.$docsify = {…}` in its `index.html`) say of its pages. */
export interface DocsifySite {
  /** Whether pages are at `#/page` (the default) rather than `/page` (`routerMode: 'history'`). */
  hashRouted: boolean;
  /** Whether a page's links are read from its own folder (`relativePath: true`), not the site's root. */
  relativeLinks: boolean;
  /** The files docsify loads as parts of every page (sidebar, navbar, cover), not as pages. */
  parts: Set<string>;
}

/** The settings' object in a page's script: `window.$docsify = {` … */
const SETTINGS = /\$docsify\s*=\s*\{/;
/** The file names docsify gives its page parts when a setting is `true`. */
const DEFAULT_PARTS = { loadSidebar: '_sidebar.md', loadNavbar: '_navbar.md', coverpage: '_coverpage.md' };

/**
 * A docsify site's settings from the text of its `index.html`; undefined when it sets none. Read
 * with patterns, not run: the settings are a program (plugins, functions), of which these few
 * are literals in every site seen.
 */
export function docsifySettings(html: string): DocsifySite | undefined {
  const start = SETTINGS.exec(html);
  if (!start) return undefined;
  // Settings left in comments (`// routerMode: 'history',`) are not set.
  const settings = html
    .slice(start.index)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const value = (key: string) =>
    new RegExp(`(?:^|[\\s,{])['"]?${key}['"]?\\s*:\\s*('[^']*'|"[^"]*"|true|false)`, 'm').exec(settings)?.[1];
  const parts = new Set<string>(['_404.md']);
  for (const [key, fallback] of Object.entries(DEFAULT_PARTS)) {
    const set = value(key);
    parts.add(fallback);
    if (set && set !== 'true' && set !== 'false') parts.add(set.slice(1, -1).replace(/^\.?\//, ''));
  }
  return {
    hashRouted: !/^['"]history['"]$/.test(value('routerMode') ?? ''),
    relativeLinks: value('relativePath') === 'true',
    parts,
  };
}

/** A docsify site's pages as its defaults place them (a site named docsify whose settings were not read). */
export const DOCSIFY_DEFAULTS: DocsifySite = docsifySettings('$docsify = {}')!;

/** A folder's docsify site: the settings of its `index.html`; undefined when it is none. */
export async function docsifySite(folder: string): Promise<DocsifySite | undefined> {
  const html = await readFile(join(folder, 'index.html'), 'utf8').catch(() => undefined);
  return html === undefined ? undefined : docsifySettings(html);
}

/**
 * Why docsify publishes a file of its site as no page: its app's `index.html`; a sidebar, navbar
 * or cover (in any folder: docsify looks for `_sidebar.md` beside each page first), the not-found
 * page, or a file in a folder named with a leading `_` (`_media/`), which pages embed; undefined
 * for a page.
 */
export function docsifyUnpublished(rel: string, site: DocsifySite): string | undefined {
  const name = rel.split('/').at(-1)!;
  if (rel === 'index.html') return UNPUBLISHED_DOCSIFY_APP;
  if (site.parts.has(rel) || site.parts.has(name)) return UNPUBLISHED_DOCSIFY_PART;
  return rel
    .split('/')
    .slice(0, -1)
    .some((folder) => folder.startsWith('_'))
    ? UNPUBLISHED_DOCSIFY_MEDIA
    : undefined;
}

/** Why a docsify site's `index.html` is not loaded as a document. */
export const UNPUBLISHED_DOCSIFY_APP =
  "the docsify app's page, which loads and shows the site's Markdown pages: no page of its own";
/** Why a docsify sidebar, navbar or cover is not loaded as a document. */
export const UNPUBLISHED_DOCSIFY_PART =
  "a docsify sidebar, navbar, cover or not-found page, shown around the site's pages: no page of its own";
/** Why a file in a docsify site's `_`-folder is not loaded as a document. */
export const UNPUBLISHED_DOCSIFY_MEDIA =
  'in a docsify folder named with a leading _ (such as _media), whose files pages embed: no page of its own';
