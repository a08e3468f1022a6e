import type { MarkdownDialect } from '@docqa/contracts';
import { publishedUrl, type PageFront, type PageOptions } from './published-url';

/** One file of a site: its path in the folder or repository and its front matter. */
export interface SiteFile {
  rel: string;
  front?: PageFront;
  /**
   * The path of its page under the base URL when the site's layout decides it, not the file's path
   * (an Antora module's page, see `antoraPagePath`).
   */
  page?: string;
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

  /**
   * @param baseUrl where the site is published; without one a page is named by its file's path
   * @param dialect the site's docs generator, whose rules map its files to pages
   * @param fromRepositoryRoot whether paths start at the repository's root (see `PageOptions`)
   */
  constructor(
    private readonly baseUrl: string | undefined,
    private readonly dialect: MarkdownDialect | undefined,
    files: SiteFile[],
    private readonly fromRepositoryRoot = false,
  ) {
    for (const file of files) {
      const url = !baseUrl
        ? file.rel
        : file.page !== undefined
          ? new URL(file.page, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).href
          : publishedUrl(baseUrl, file.rel, this.options(file.front));
      this.urls.set(file.rel, url);
      const name = file.rel.split('/').at(-1)!;
      this.byName.set(name, this.byName.has(name) ? null : url);
    }
  }

  /** The page of a file, by its path; under the base URL when the file is not one of the site's. */
  url(rel: string): string {
    return this.urls.get(rel) ?? (this.baseUrl ? publishedUrl(this.baseUrl, rel, this.options()) : rel);
  }

  private options(front?: PageFront): PageOptions {
    return { dialect: this.dialect, front, fromRepositoryRoot: this.fromRepositoryRoot };
  }

  /**
   * The page a link or reference written in the file at `from` names, with its anchor; null when
   * no file of the site has that path or name.
   */
  resolve(target: string, from: string): string | null {
    const [, path = '', suffix = ''] = /^([^#?]*)(.*)$/.exec(target.trim())!;
    if (!path) return suffix || null;
    const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
    const starts = path.startsWith('/') ? [path.slice(1)] : [joinPath(folder, path), path];
    for (const start of starts) {
      for (const ending of TRIED) {
        const url = this.urls.get(`${start.replace(/\/$/, '')}${ending}`);
        if (url) return url + suffix;
      }
    }
    const named = this.byName.get(path.split('/').at(-1)!) ?? null;
    return named && named + suffix;
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
