import type { MarkdownDialect } from '@docqa/contracts';
import { publishedUrl, type PageFront, type PageOptions } from './published-url';

/** Where a site's pages are read from and how they are published (see `PageOptions`). */
export type SiteLayout = Pick<
  PageOptions,
  'fromRepositoryRoot' | 'contentFolder' | 'pageUrls' | 'hashRouted'
>;

/** One file of a site: its path in the folder or repository and its front matter. */
export interface SiteFile {
  rel: string;
  front?: PageFront;
  /**
   * The path of its page under the base URL when the site's layout decides it, not the file's path
   * (an Antora module's page, see `antoraPagePath`).
   */
  page?: string;
  /**
   * The path its page's URL is made from when not its own: a default-language page named with its
   * language (`index.en.md`) is published as `index.md` would be (see `siteLanguages`).
   */
  urlFrom?: string;
  /** The pages its Hugo `ref`/`relref` shortcodes name, as written (see `SitePages.ref`). */
  refs?: string[];
}

/** Extensions a reference may leave out (`relref "install"`), tried in order. */
const TRIED = [
  '',
  '.md',
  '.markdown',
  '.mdx',
  '.adoc',
  '.rst',
  '/_index.md',
  '/index.md',
  '/README.md',
  '/index.mdx',
];

/**
 * The pages of a site being loaded, to link files to one another's published pages: by path
 * (relative links, `relref`), from the site's root (`/docs/install`, Hugo's `ref`), or by a name
 * only one file has (`ref "install.md"`).
 */
export class SitePages {
  private readonly urls = new Map<string, string>();
  private readonly byName = new Map<string, string | null>();
  /** The root URL of the site the folder is one section of, as its files' references place it. */
  private readonly contentRoot: string | undefined;

  /**
   * @param baseUrl where the site is published; without one a page is named by its file's path
   * @param dialect the site's docs generator, whose rules map its files to pages
   * @param layout whether paths start at the repository's root (and the folder the pages are read
   * from there), and the URL style the site publishes in (see `PageOptions`)
   */
  constructor(
    private readonly baseUrl: string | undefined,
    private readonly dialect: MarkdownDialect | undefined,
    files: SiteFile[],
    private readonly layout: SiteLayout = {},
  ) {
    for (const file of files) {
      const url = !baseUrl
        ? file.rel
        : file.page !== undefined
          ? new URL(file.page, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href
          : publishedUrl(baseUrl, file.urlFrom ?? file.rel, this.options(file.front));
      this.urls.set(file.rel, url);
      const name = file.rel.split('/').at(-1)!;
      this.byName.set(name, this.byName.has(name) ? null : url);
    }
    this.contentRoot = this.learnContentRoot(files.flatMap((f) => f.refs ?? []));
  }

  /** The page of a file, by its path; under the base URL when the file is not one of the site's. */
  url(rel: string): string {
    return this.urls.get(rel) ?? (this.baseUrl ? publishedUrl(this.baseUrl, rel, this.options()) : rel);
  }

  private options(front?: PageFront): PageOptions {
    return { dialect: this.dialect, front, ...this.layout };
  }

  /**
   * The page a link or reference written in the file at `from` names, with its anchor; null when
   * no file of the site has that path or name.
   */
  resolve(target: string, from: string): string | null {
    const [, path = '', suffix = ''] = /^([^#?]*)(.*)$/.exec(target.trim())!;
    if (!path) return suffix || null;
    const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    // From the root: the site's (a repository's pages' folder, VitePress's `docs/`) or the folder's.
    const { contentFolder } = this.layout;
    const starts = path.startsWith('/')
      ? [path.slice(1), ...(contentFolder ? [contentFolder + path.slice(1)] : [])]
      : [joinPath(folder, path), path];
    for (const start of starts) {
      for (const ending of TRIED) {
        const url = this.urls.get(`${start.replace(/\/$/, '')}${ending}`);
        if (url) return url + suffix;
      }
    }
    const named = this.byName.get(path.split('/').at(-1)!) ?? null;
    return named && named + suffix;
  }

  /**
   * The page a Hugo `ref`/`relref` names: as {@link resolve} finds it; else, for a path from the
   * content root of a site the folder is one section of (`relref "/operate/cloud/intro"` in
   * `content/operate/db/`, published at `…/docs/v2/operate/db/`), its page under the site's root:
   * the base URL cut where its path reaches the reference's first folder (`…/docs/v2/`), or, for
   * a first folder the base URL's path does not hold (`/develop/…`), where the references to the
   * folder's own pages put the site's root. A path without its leading `/` that names no page
   * next to the file is one from the content root too, as Hugo reads it (`relref "commands/get"`).
   * Null when neither tells.
   */
  ref(target: string, from: string): string | null {
    const fromRoot = /^[/#?.]/.test(target.trim()) ? target : `/${target.trim()}`;
    return this.resolve(target, from) ?? this.fromContentRoot(fromRoot, from);
  }

  private fromContentRoot(target: string, from: string): string | null {
    const [, path = '', suffix = ''] = /^([^#?]*)(.*)$/.exec(target.trim())!;
    if (!this.baseUrl || !path.startsWith('/')) return null;
    const segments = path.split('/').filter(Boolean);
    const placed = this.placed(segments);
    const own = placed?.inFolder !== undefined && this.resolve(`/${placed.inFolder}`, from);
    if (own) return own + suffix;
    const root = placed?.root ?? this.contentRoot;
    if (!root || !segments.length) return null;
    const page = segments.join('/');
    const rel = /\.(?:md|markdown)$/i.test(page) ? page : `${page}.md`;
    return publishedUrl(root, rel, this.options()) + suffix;
  }

  /**
   * Where a path from a site's content root meets the base URL's path at its first folder: the
   * site's root URL, and the path's rest when it leads into the folder (`/operate/db/guide` under
   * `…/operate/db/`: `guide`). Null when the base URL's path does not hold its first folder.
   */
  private placed(segments: string[]): { root: string; inFolder?: string } | null {
    const base = new URL(this.baseUrl!.endsWith('/') ? this.baseUrl! : `${this.baseUrl}/`);
    const folders = base.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const at = folders.indexOf(segments[0] ?? '');
    if (at < 0) return null;
    const section = folders.slice(at);
    const root = `${base.origin}/${folders
      .slice(0, at)
      .map((f) => `${encodeURIComponent(f)}/`)
      .join('')}`;
    const inside = section.every((folder, i) => segments[i] === folder);
    return { root, inFolder: inside ? segments.slice(section.length).join('/') : undefined };
  }

  /** The site root most references from the content root to the folder's own pages agree on. */
  private learnContentRoot(refs: string[]): string | undefined {
    if (!this.baseUrl) return undefined;
    const votes = new Map<string, number>();
    for (const ref of refs) {
      const path = /^[^#?]*/.exec(ref.trim())![0].replace(/^(?!\/)/, '/');
      const placed = this.placed(path.split('/').filter(Boolean));
      if (placed?.inFolder !== undefined && this.resolve(`/${placed.inFolder}`, ''))
        votes.set(placed.root, (votes.get(placed.root) ?? 0) + 1);
    }
    return [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
  }
}

/** `folder/` and a relative path joined, `..` and `.` resolved. */
function joinPath(folder: string, path: string): string {
  const out: string[] = [];
  for (const segment of `${folder}${path}`.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}
