import type { MarkdownDialect, PageUrlStyle } from '@docqa/contracts';

/** Front matter that moves a page away from its file's path. */
export interface PageFront {
  /** The page's own path (Hugo; a full URL or a path under the base URL). */
  url?: string;
  /** The page's last path segment, or its path from the base URL when it starts with `/`. */
  slug?: string;
  /** Docusaurus: the document's id, standing for its file name. */
  id?: string;
  /** Jekyll: the page's URL template (`/docs/install/`, `/:path/:basename.html`). */
  permalink?: string;
  /** Jekyll: a post's categories (`categories: [release]`, `category: news`), for its permalink. */
  categories?: string[];
}

/** The front matter of a page that moves it (`url`, `slug`, `id`, `permalink`, `categories`), from all of its front matter. */
export function pageFront(front: Record<string, unknown>): PageFront {
  const pick = (key: string) =>
    typeof front[key] === 'string' && front[key] ? (front[key] as string) : undefined;
  const listed = front['categories'] ?? front['category'];
  const categories =
    typeof listed === 'string'
      ? listed.split(/\s+/).filter(Boolean)
      : Array.isArray(listed)
        ? listed.map(String)
        : undefined;
  return {
    url: pick('url'),
    slug: pick('slug'),
    id: pick('id'),
    permalink: pick('permalink'),
    ...(categories && { categories }),
  };
}

/** Options of {@link pagePath} and {@link publishedUrl}. */
export interface PageOptions {
  /** @defaultValue 'markdown' */
  dialect?: MarkdownDialect;
  front?: PageFront;
  /**
   * Whether the path is from the root of the site's repository, where the generator reads its
   * pages from a folder of their own (Hugo's `content/`, MkDocs' `docs/`), not part of their URLs.
   */
  fromRepositoryRoot?: boolean;
  /**
   * The folder the generator reads its pages from, from the repository's root, where its
   * configuration says and not the dialect (a Sphinx project's: the folder of its `conf.py`,
   * `docs/`). @defaultValue the dialect's (Hugo's `content/`, MkDocs' `docs/`), else none
   */
  contentFolder?: string;
  /**
   * The URL style the site publishes in, set where the docs' files do not say (a playbook, a
   * builder named on the command line): `html` gives `guide/install.html` and `guide/index.html`,
   * `folder` gives `guide/install/` and `guide/`, `clean` gives `guide/install` and `guide/`.
   * @defaultValue the generator's own: `folder` for Hugo and MkDocs, `html` for VitePress and
   * reStructuredText (Sphinx), `clean` for Docusaurus and plain Markdown
   */
  pageUrls?: PageUrlStyle;
  /**
   * Whether the site routes its pages in the URL's fragment, after `#/` (docsify's default:
   * `https://docsify.js.org/#/configuration`); a base URL that names a route (`…/#/docs/`) says so
   * itself.
   */
  hashRouted?: boolean;
}

/** The folder each generator reads pages from, in its repository. */
const CONTENT_FOLDER: Partial<Record<MarkdownDialect, string>> = {
  hugo: 'content/',
  mkdocs: 'docs/',
  nuxt: 'content/',
};

/** Extensions of the pages a docs generator renders (dropped from their URLs). */
const PAGE_EXTENSION = /\.(md|markdown|mdx|adoc|asciidoc|rst)$/i;
/**
 * A reStructuredText page: Sphinx's `html` builder, its default and the one Read the Docs runs,
 * publishes `guide/install.rst` as `guide/install.html` (`https://docs.pytest.org/en/stable/
 * how-to/fixtures.html`), where the Markdown generators publish a path without an extension.
 */
const SPHINX_PAGE = /\.rst$/i;
/** The URL style each generator publishes in out of the box (Sphinx's by extension). */
const DEFAULT_STYLE: Partial<Record<MarkdownDialect, PageUrlStyle>> = {
  hugo: 'folder',
  mkdocs: 'folder',
  vitepress: 'html',
  mdbook: 'html',
};
/** Files that stand for their folder's page. */
const FOLDER_PAGE = /(^|\/)(_?index|readme)\.(md|markdown|mdx|adoc|asciidoc|rst|html?)$/i;
/** VitePress's: `index.md` only (its `README.md` is a page of its own, `README.html`). */
const VITEPRESS_FOLDER_PAGE = /(^|\/)index\.md$/i;
/** docsify's: `README.md` only (a path ending in `/` loads it; `index.md` is a page of its own). */
const DOCSIFY_FOLDER_PAGE = /(^|\/)README\.md$/;
/** The folder-page rule of each generator whose rule differs from {@link FOLDER_PAGE}. */
const FOLDER_PAGES: Partial<Record<MarkdownDialect, RegExp>> = {
  vitepress: VITEPRESS_FOLDER_PAGE,
  docsify: DOCSIFY_FOLDER_PAGE,
  // Nuxt Content's `index.md` (numbered or not, see `nuxtSegments`); its `README.md` is `/readme`.
  nuxt: VITEPRESS_FOLDER_PAGE,
};

/**
 * The path of a file's page under the site's base, the way its generator publishes it:
 * `guide/install.md` → `guide/install`, `_index.md`/`index.md`/`README.md` → their folder
 * (`guide/`; VitePress's `index.md` only), `.md`/`.mdx`/`.adoc` dropped, `.rst` as `.html` (Sphinx), other files kept as
 * named; in the URL style named (see `withStyle`), else Hugo
 * pages and MkDocs pages end in `/`; Hugo's are lower case; Docusaurus drops number
 * prefixes (`01-intro.md` → `intro`), and MDX sites folders in parentheses (Fumadocs' groups,
 * `(framework)/guides/rss.mdx` → `guides/rss`); in a repository, Hugo's `content/` and MkDocs' `docs/`
 * folders are left out. Front matter wins: Hugo's `url`, a `slug` (the last segment, or the whole
 * path when it starts with `/`), Docusaurus's `id` (the file name, so not of a folder's page).
 * Hugo's `aliases` are redirects, never the page.
 */
export function pagePath(
  path: string,
  { dialect = 'markdown', front = {}, fromRepositoryRoot = false, contentFolder, pageUrls }: PageOptions = {},
): string {
  if (front.url && !/^[a-z][a-z\d+.-]*:/i.test(front.url)) return front.url.replace(/^\/+/, '');
  const folder = contentFolder ?? CONTENT_FOLDER[dialect];
  const rel = fromRepositoryRoot && folder && path.startsWith(folder) ? path.slice(folder.length) : path;
  const folderPages = FOLDER_PAGES[dialect] ?? FOLDER_PAGE;
  const folderPage = folderPages.test(rel);
  // Hugo renders a `.rst` page as any other of its pages: Sphinx's style is for Sphinx's sites.
  const named = pageUrls ?? DEFAULT_STYLE[dialect] ?? (SPHINX_PAGE.test(rel) ? 'html' : undefined);
  // A file the generator copies as it is (`notes.txt`) keeps its name in any style.
  const style = named === 'html' && !folderPage && !PAGE_EXTENSION.test(rel) ? undefined : named;
  let segments = rel.replace(folderPages, '$1').replace(PAGE_EXTENSION, '').split('/').filter(Boolean);
  if (dialect === 'docusaurus') segments = segments.map((s) => s.replace(/^\d+[-_.]\s*(?=\S)/, ''));
  if (dialect === 'nuxt') segments = nuxtSegments(segments);
  // A folder named in parentheses groups pages without naming them (Fumadocs' `(framework)/`, as
  // Next.js's route groups): MDX sites leave it out of their URLs.
  if (dialect === 'docusaurus' || /\.mdx$/i.test(rel)) segments = segments.filter((s) => !/^\(.+\)$/.test(s));
  // Hugo's `slug` does not apply to a section's page (`_index.md`); Mintlify reads none (Continue's
  // pages keep a `slug: ../asksage` of their Docusaurus days, and are published at their path).
  const own = (folderPage && dialect === 'hugo') || dialect === 'mintlify' ? undefined : front.slug;
  // Docusaurus's `id` names the file, so a category's index (`index.md`, `README.md`) stays its
  // folder's page whatever its id (Prettier's `index.md`, `id: index`, is `/docs/`).
  const slug = own ?? (dialect === 'docusaurus' && !folderPage ? front.id : undefined);
  if (slug?.startsWith('/')) segments = slug.replace(/^\/+/, '').split('/');
  else if (slug && !folderPage) segments[segments.length - 1] = slug;
  else if (slug) segments.push(slug);
  let page = segments.join('/');
  if (dialect === 'hugo') page = page.toLowerCase().replace(/\s+/g, '-');
  // Nuxt Content publishes a folder's page at its folder without a trailing slash, as every page.
  if (dialect === 'nuxt') return withStyle(page, false, named);
  return withStyle(page, folderPage && !slug, style);
}

/** A version's name, which Nuxt Content keeps whole in a path (`1.x`, `2.0.1`), numbers and all. */
const SEMVER = /^\d+(?:\.\d+)*(?:\.x)?$/;

/**
 * A path's segments as Nuxt Content publishes them (`refineUrlPart` and `slugify` of its
 * path-meta transformer): an order number before the name dropped (`1.getting-started/
 * 02.installation` → `getting-started/installation`) unless the name is a version (`2.x`), an
 * `index` (`0.index.md`) its folder's page, `.draft` dropped, lower case, spaces as hyphens.
 */
function nuxtSegments(segments: string[]): string[] {
  return segments
    .map((s) =>
      SEMVER.test(s)
        ? s
        : s
            .replace(/^\d+\./, '')
            .replace(/^index(\.draft)?$/, '')
            .replace(/\.draft$/, '')
            .toLowerCase()
            .replace(/\s+/g, '-'),
    )
    .filter(Boolean);
}

/**
 * A page's path in a URL style: `page.html` or `page/`, and in any style a folder's page at its
 * folder (`guide/`), which the `html` styles serve too (Antora's `index.html`, Sphinx's, MkDocs'),
 * so a link to it never depends on the style; in the `clean` style or none, any other page at its
 * path.
 */
export function withStyle(page: string, folderPage: boolean, style: PageUrlStyle | undefined): string {
  if (!page) return page;
  if (folderPage || style === 'folder') return `${page}/`;
  return style === 'html' ? `${page}.html` : page;
}

/**
 * The published URL of a file at `rel` (its path inside the folder or repository) under
 * `baseUrl` (see {@link pagePath}); a front-matter `url` that is a full URL wins. Heading anchors
 * are added per chunk at ingestion.
 */
export function publishedUrl(baseUrl: string, rel: string, options: PageOptions = {}): string {
  const own = options.front?.url;
  if (own && /^https?:\/\//i.test(own)) return own;
  const path = pagePath(rel, options)
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  const routes = routeBase(baseUrl, options.hashRouted);
  return routes ? routes + path : new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}

/**
 * Where a hash-routed site's page routes start: a base URL that names a route as given
 * (`https://x.org/#/docs/`), else, for a site that routes its pages in the fragment, the base's
 * `#/` (`https://docsify.js.org/` → `https://docsify.js.org/#/`); undefined for a site whose pages
 * are paths.
 */
function routeBase(baseUrl: string, hashRouted = false): string | undefined {
  if (baseUrl.includes('#/')) return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (!hashRouted) return undefined;
  const site = baseUrl.replace(/#.*$/, '');
  return `${site.endsWith('/') ? site : `${site}/`}#/`;
}
