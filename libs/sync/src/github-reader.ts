import { extname } from 'node:path';
import { FetchFailedError } from '@docqa/errors';
import {
  CONTENT_TYPE_BY_KIND,
  KIND_BY_EXTENSION,
  SitePages,
  attributedTitle,
  fetchResource,
  decodeFileText,
  decodeText,
  linkPlaceholdersFilled,
  linksToPages,
  parseDocument,
  pathFilter,
  readFrontMatter,
  repositoryDialect,
  siteLanguages,
  detectDialect,
  generatorLinks,
  type PageFront,
  pageFront,
  type DocumentKind,
  publishedUrl,
  toDocumentId,
  type FetchOptions,
  type FetchedResource,
  type ParseLimits,
  type SiteLayout,
} from '@docqa/sources';
import { configuredLayout, type TreeItem } from './repository-layout';
import { RepositoryPages } from './repository-pages';
import type { StoredSource } from './source-store';
import type { EntryResult, SourceReader, SyncEntry } from './sync-entry';

/** The kinds of file a github source reads: Markdown, MDX, AsciiDoc, reStructuredText and text. */
const TEXT_KINDS = new Set(['markdown', 'mdx', 'asciidoc', 'rst', 'text']);

/**
 * A GitHub repository at a branch, through the REST API: the tree (recursive; walked directory by
 * directory when GitHub truncates it) lists the Markdown, MDX, AsciiDoc, reStructuredText and text
 * files, and each file is read from its blob. A file whose blob SHA is unchanged is not fetched at
 * all. Hugo references and relative links between the files lead to their pages (by path: the
 * others' front matter is not read); AsciiDoc and reStructuredText cross-references without text
 * show their targets' titles, and Antora pages their component's attributes (`RepositoryPages`).
 */
export const readGithub: SourceReader = async (source, fetch, ctx) => {
  const api = new GitHubApi(ctx.githubApiUrl, source.repo!, fetch, ctx.token);
  const branch = source.branch ?? (await api.json<{ default_branch: string }>('')).default_branch;
  const items = await api.tree(branch);
  const passes = pathFilter({ include: source.include, exclude: source.exclude });
  const texts = items.filter(
    (i) =>
      i.type === 'blob' &&
      TEXT_KINDS.has(KIND_BY_EXTENSION[extname(i.path).toLowerCase()] ?? '') &&
      passes(i.path),
  );
  // Named, or told by the generator's configuration file (which travels with the repository).
  const dialect = source.dialect ?? repositoryDialect(items.map((i) => i.path));
  const configured = await configuredLayout(items, dialect, (sha) => api.text(sha));
  const page_urls = source.page_urls ?? configured.pageUrls;
  const layout: SiteLayout = {
    fromRepositoryRoot: true,
    contentFolder: configured.contentFolder,
    pageUrls: page_urls,
    hashRouted: configured.hashRouted,
  };
  const pages = new RepositoryPages(
    texts.flatMap(({ path, sha }) => {
      const kind = KIND_BY_EXTENSION[extname(path).toLowerCase()];
      return kind === 'asciidoc' || kind === 'rst' ? [{ path, kind, sha }] : [];
    }),
    new Map(items.map((i) => [i.path, i.sha])),
    (sha) => api.text(sha),
  );
  // A partial is read where the pages that include it are, not as a page (its link would be none);
  // a translation not at all: a site in several languages is read in its default one (or the one named).
  const languages = siteLanguages(
    texts.map((i) => i.path),
    source.language,
  );
  const files = texts.filter(
    (i) =>
      !pages.unpublished(i.path, kindOf(i.path), dialect) &&
      (configured.published?.(i.path) ?? true) &&
      !languages.skipped(i.path),
  );
  const site = new SitePages(
    source.base_url ?? undefined,
    dialect,
    files.map((file) => ({
      rel: file.path,
      page: configured.pagePath?.(file.path, {}),
      urlFrom: languages.pagePath(file.path),
    })),
    layout,
  );
  const told = { ...source, ...(dialect && { dialect }), ...(page_urls && { page_urls }) };
  return {
    entries: files.map((file) =>
      fileEntry(
        told,
        branch,
        file,
        {
          site,
          pages,
          layout,
          version: configured.version,
          linksFromRoot: configured.linksFromRoot,
          pagePath: configured.pagePath,
          browserLinks: configured.browserLinks,
          urlFrom: languages.pagePath,
        },
        ctx.limits,
      ),
    ),
    failures: [],
    complete: true,
  };
};

function fileEntry(
  source: StoredSource,
  branch: string,
  file: TreeItem,
  {
    site,
    pages,
    layout,
    version,
    linksFromRoot,
    pagePath,
    browserLinks,
    urlFrom,
  }: {
    site: SitePages;
    pages: RepositoryPages;
    layout: SiteLayout;
    /** The version the site's navigation lists a file's page under (see `configuredLayout`). */
    version?: (path: string) => string | undefined;
    /** Whether a page's relative links are read from the site's root (see `configuredLayout`). */
    linksFromRoot?: boolean;
    /** Where the generator's settings place a page (see `configuredLayout`). */
    pagePath?: (path: string, front: PageFront) => string | undefined;
    /** Whether relative links to no Markdown file are read from the page's URL (see `configuredLayout`). */
    browserLinks?: boolean;
    /** The path a file's URL is made from (see `SiteLanguages.pagePath`). */
    urlFrom: (path: string) => string;
  },
  limits: ParseLimits,
): SyncEntry {
  const key = `https://github.com/${source.repo}/blob/${branch}/${file.path}`;
  return {
    key,
    async read(previous): Promise<EntryResult> {
      const document_id = toDocumentId(`github.com/${source.repo}/${file.path}`);
      if (previous?.hash === file.sha && pages.includedUnchanged(previous.included)) {
        const { included } = previous;
        return { status: 'unchanged', state: { document_id, hash: file.sha, ...(included && { included }) } };
      }
      const kind = kindOf(file.path);
      const { text: content, included } = await pages.withIncluded(
        await pages.text(file.sha),
        { path: file.path, kind },
        source.dialect,
      );
      const state = { document_id, hash: file.sha, ...(Object.keys(included).length && { included }) };
      const document = parseDocument({
        id: state.document_id,
        content,
        type: CONTENT_TYPE_BY_KIND[kind],
        mdx: kind === 'mdx',
        ...(source.dialect && { dialect: source.dialect }),
        ...(source.base_url && { resolveRef: (target: string) => site.ref(target, file.path) }),
        url: pageUrl(source, layout, key, file.path, content, pagePath, urlFrom(file.path)),
        metadata: { ...source.metadata, source_id: source.id, path: file.path },
        limits,
      });
      // A page its site's navigation lists under a version is that version's, unless its front
      // matter or the source's metadata name one (the source's version rule, applied after, wins).
      const listed = version?.(file.path);
      if (listed && !document.metadata?.version)
        document.metadata = { ...document.metadata, version: listed };
      // With a base URL, links to the repository's other files lead to their pages on the site
      // (without one, they are resolved against the file on GitHub at ingestion).
      if (source.base_url && document.content_type === 'text/markdown') {
        document.content = linkPlaceholdersFilled(
          linksToPages(
            document.content,
            linksFromRoot ? (layout.contentFolder ?? '') : file.path,
            (path) => site.resolve(`/${path}`, file.path) ?? site.url(path),
            layout.contentFolder,
            browserLinks,
          ),
          source.base_url,
        );
        document.content = generatorLinks(
          document.content,
          source.dialect,
          source.base_url,
          document.url ?? undefined,
        );
      }
      if (kind === 'asciidoc' || kind === 'rst')
        document.content = await pages.inContext(document.content, { path: file.path, kind });
      if (kind === 'asciidoc') document.title = attributedTitle(document);
      return { status: 'changed', state, document };
    },
  };
}

/** A listed file's kind, from its extension. */
function kindOf(path: string): Exclude<DocumentKind, 'pdf'> {
  return KIND_BY_EXTENSION[extname(path).toLowerCase()] as Exclude<DocumentKind, 'pdf'>;
}

/**
 * Where a file's document links: the file on GitHub, or with a `base_url` the docs site's page,
 * mapped as its generator maps it from `urlFrom` (see `publishedUrl`; its own front matter's
 * `slug` and `url` count).
 */
function pageUrl(
  source: StoredSource,
  layout: SiteLayout,
  githubUrl: string,
  path: string,
  content: string,
  pagePath?: (path: string, front: PageFront) => string | undefined,
  urlFrom = path,
): string {
  if (!source.base_url) return githubUrl;
  const markdown = /\.(mdx?|markdown)$/i.test(path);
  const front = markdown ? pageFront(readFrontMatter(content).data as Record<string, unknown>) : {};
  const placed = pagePath?.(path, front);
  if (placed !== undefined)
    return new URL(placed, source.base_url.endsWith('/') ? source.base_url : `${source.base_url}/`).href;
  const dialect =
    source.dialect ?? (markdown ? detectDialect(content, { mdx: /\.mdx$/i.test(path) }) : undefined);
  return publishedUrl(source.base_url, urlFrom, { dialect, front, ...layout });
}

/** The few GitHub REST calls a sync makes, with errors that say what went wrong. */
class GitHubApi {
  constructor(
    private readonly base: string,
    private readonly repo: string,
    private readonly fetch: FetchOptions,
    private readonly token: string | undefined,
  ) {}

  /** Every item of the branch's tree. */
  async tree(branch: string): Promise<TreeItem[]> {
    const root = await this.json<{ sha: string; tree: TreeItem[]; truncated: boolean }>(
      `/git/trees/${encodeURIComponent(branch)}?recursive=1`,
    );
    if (!root.truncated) return root.tree;
    // Too large for one answer: walk the tree one directory at a time.
    const items: TreeItem[] = [];
    const walk = async (sha: string, prefix: string) => {
      const level = await this.json<{ tree: TreeItem[] }>(`/git/trees/${sha}`);
      for (const item of level.tree) {
        const path = `${prefix}${item.path}`;
        if (item.type === 'tree') await walk(item.sha, `${path}/`);
        else items.push({ ...item, path });
      }
    };
    await walk(root.sha, '');
    return items;
  }

  /** A blob's text; one that is not UTF-8 (or UTF-16 with its byte order mark) fails, saying so. */
  async text(sha: string): Promise<string> {
    const blob = await this.json<{ content: string; encoding: string }>(`/git/blobs/${sha}`);
    return blob.encoding === 'base64' ? decodeFileText(Buffer.from(blob.content, 'base64')) : blob.content;
  }

  async json<T>(path: string): Promise<T> {
    const url = `${this.base.replace(/\/$/, '')}/repos/${this.repo}${path}`;
    const res = await fetchResource(url, {
      ...this.fetch,
      headers: {
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(this.token && { authorization: `Bearer ${this.token}` }),
      },
    });
    if (res.status >= 200 && res.status < 300) return JSON.parse(decodeText(res)) as T;
    throw this.error(res);
  }

  private error(res: FetchedResource): FetchFailedError {
    const body = safeJson(decodeText(res));
    const detail = body?.message ? `: ${body.message}` : '';
    if (res.status === 401) return new FetchFailedError(`GitHub refused the token (HTTP 401${detail})`);
    if (res.status === 404)
      return new FetchFailedError(
        `repository ${this.repo}, its branch or file not found, or private without a token (HTTP 404)`,
      );
    if ((res.status === 403 || res.status === 429) && res.rateLimitReset)
      return new FetchFailedError(
        `GitHub rate limit exceeded (HTTP ${res.status}); it resets at ${new Date(res.rateLimitReset * 1000).toISOString()}`,
      );
    return new FetchFailedError(`GitHub answered HTTP ${res.status}${detail}`);
  }
}

function safeJson(text: string): { message?: string } | null {
  try {
    return JSON.parse(text) as { message?: string };
  } catch {
    return null;
  }
}
