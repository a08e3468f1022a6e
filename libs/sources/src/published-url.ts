import type { MarkdownDialect } from '@docqa/contracts';

/** Front matter that moves a page away from its file's path. */
export interface PageFront {
  /** The page's own path (Hugo; a full URL or a path under the base URL). */
  url?: string;
  /** The page's last path segment, or its path from the base URL when it starts with `/`. */
  slug?: string;
  /** Docusaurus: the document's id, standing for its file name. */
  id?: string;
}

/** The front matter of a page that moves it (`url`, `slug`, `id`), from all of its front matter. */
export function pageFront(front: Record<string, unknown>): PageFront {
  const pick = (key: string) =>
    typeof front[key] === 'string' && front[key] ? (front[key] as string) : undefined;
  return { url: pick('url'), slug: pick('slug'), id: pick('id') };
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
}

/** The folder each generator reads pages from, in its repository. */
const CONTENT_FOLDER: Partial<Record<MarkdownDialect, string>> = { hugo: 'content/', mkdocs: 'docs/' };

/** Extensions of the pages a docs generator renders (dropped from their URLs). */
const PAGE_EXTENSION = /\.(md|markdown|mdx|adoc|asciidoc|rst)$/i;
/**
 * A reStructuredText page: Sphinx's `html` builder, its default and the one Read the Docs runs,
 * publishes `guide/install.rst` as `guide/install.html` (`https://docs.pytest.org/en/stable/
 * how-to/fixtures.html`), where the Markdown generators publish a path without an extension.
 */
const SPHINX_PAGE = /\.rst$/i;
/** Files that stand for their folder's page. */
const FOLDER_PAGE = /(^|\/)(_?index|readme)\.(md|markdown|mdx|adoc|asciidoc|rst|html?)$/i;

/**
 * The path of a file's page under the site's base, the way its generator publishes it:
 * `guide/install.md` → `guide/install`, `_index.md`/`index.md`/`README.md` → their folder
 * (`guide/`), `.md`/`.mdx`/`.adoc` dropped, `.rst` as `.html` (Sphinx), other files kept as
 * named; Hugo pages and MkDocs pages end in `/` and Hugo's are lower case; Docusaurus drops number
 * prefixes (`01-intro.md` → `intro`); in a repository, Hugo's `content/` and MkDocs' `docs/`
 * folders are left out. Front matter wins: Hugo's `url`, a `slug` (the last segment, or the whole
 * path when it starts with `/`), Docusaurus's `id` (the file name, so not of a folder's page).
 * Hugo's `aliases` are redirects, never the page.
 */
export function pagePath(
  path: string,
  { dialect = 'markdown', front = {}, fromRepositoryRoot = false }: PageOptions = {},
): string {
  if (front.url && !/^[a-z][a-z\d+.-]*:/i.test(front.url)) return front.url.replace(/^\/+/, '');
  const folder = CONTENT_FOLDER[dialect];
  const rel = fromRepositoryRoot && folder && path.startsWith(folder) ? path.slice(folder.length) : path;
  const folderPage = FOLDER_PAGE.test(rel);
  const sphinx = SPHINX_PAGE.test(rel) && !folderPage;
  let segments = rel.replace(FOLDER_PAGE, '$1').replace(PAGE_EXTENSION, '').split('/').filter(Boolean);
  if (dialect === 'docusaurus') segments = segments.map((s) => s.replace(/^\d+[-_.]\s*(?=\S)/, ''));
  // Hugo's `slug` does not apply to a section's page (`_index.md`).
  const own = folderPage && dialect === 'hugo' ? undefined : front.slug;
  // Docusaurus's `id` names the file, so a category's index (`index.md`, `README.md`) stays its
  // folder's page whatever its id (Prettier's `index.md`, `id: index`, is `/docs/`).
  const slug = own ?? (dialect === 'docusaurus' && !folderPage ? front.id : undefined);
  if (slug?.startsWith('/')) segments = slug.replace(/^\/+/, '').split('/');
  else if (slug && !folderPage) segments[segments.length - 1] = slug;
  else if (slug) segments.push(slug);
  let page = segments.join('/');
  if (dialect === 'hugo') page = page.toLowerCase().replace(/\s+/g, '-');
  const folderLike = folderPage && !slug;
  if ((dialect === 'hugo' || dialect === 'mkdocs' || folderLike) && page) page += '/';
  else if (sphinx && page) page += '.html';
  return page;
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
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href;
}
