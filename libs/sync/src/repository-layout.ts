import type { MarkdownDialect } from '@docqa/contracts';
import {
  DOCSIFY_DEFAULTS,
  JEKYLL_DEFAULTS,
  docsifySettings,
  docsifyUnpublished,
  gitbookLayout,
  isSphinxConfiguration,
  jekyllConfigPath,
  jekyllPagePath,
  jekyllSettings,
  jekyllUnpublished,
  mdbookSourceFolder,
  mintlifyLayout,
  mintlifyUnpublished,
  mintlifyVersion,
  mkdocsPageUrls,
  nextPagePath,
  nextSite,
  nextUnpublished,
  nuxtContentFolder,
  nuxtUnpublished,
  redoclyPagePath,
  redoclySite,
  redoclyUnpublished,
  redoclyVersion,
  rspressSettings,
  rspressUnpublished,
  outsideSummary,
  pathFilter,
  summaryChapters,
  vitepressPageUrls,
  vitepressSourceExcludes,
  vitepressSourceFolder,
  type PageFront,
  type SiteLayout,
} from '@docqa/sources';

/** A file of a git tree, as GitHub's trees endpoint lists it. */
export interface TreeItem {
  path: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
}

/**
 * What a repository's generator configuration says of its pages, as a folder load reads it (see
 * `configuredPageUrls` of @docqa/sources): an MkDocs repository's `mkdocs.yml`, its URL style
 * (`use_directory_urls`); a Sphinx project's `conf.py` (at the root or one folder down), that its
 * pages are read from that folder and its Markdown pages (MyST's) published as `page.html`; a
 * VitePress site's `.vitepress/config.*`, its pages' folder (the docs folder holding it, and its
 * `srcDir`), URL style (`cleanUrls`) and the files it keeps from being pages (`srcExclude`); an
 * mdBook's `book.toml` (or a GitBook space's `.gitbook.yaml`), its source folder (`root`), and the
 * chapters its `SUMMARY.md` lists (no other file is a page); a Mintlify site's `docs.json` (or
 * `mint.json`), its folder, the pages its navigation lists (no snippet is a page) and their
 * versions; a docsify site's `index.html` beside its `_sidebar.md`; a Jekyll site's `_config.yml`
 * (at the root or one folder down), what it publishes and where (its permalinks); a Nuxt Content
 * site's `content.config.ts`, its `content/` folder (no other file is a page); a Redocly project's
 * `redocly.yaml` (at the root or one folder down), its folder, version folders (`@v1/`, each
 * `versions.yaml` read for the default) and `_partials/` (no pages); an Rspress project's
 * `rspress.config.*` (at the root or one folder down), its docs folder, URL style and
 * `route.exclude`. One or two more
 * blob reads (`blobText`) a sync, for those repositories only; nothing when the file says nothing
 * or cannot be read.
 */
export async function configuredLayout(
  items: TreeItem[],
  dialect: MarkdownDialect | undefined,
  blobText: (sha: string) => Promise<string>,
): Promise<
  Pick<SiteLayout, 'pageUrls' | 'contentFolder' | 'hashRouted'> & {
    published?: (path: string) => boolean;
    version?: (path: string) => string | undefined;
    /** Whether a page's relative links are read from the site's root (docsify's), not its folder. */
    linksFromRoot?: boolean;
    /** The path of a file's page under the base URL where the generator's settings place it (Jekyll's). */
    pagePath?: (path: string, front: PageFront) => string | undefined;
    /** Whether relative links to no Markdown file are read from the page's URL (see `SiteConfiguration`). */
    browserLinks?: boolean;
  }
> {
  const blob = (name: RegExp) => items.find((i) => i.type === 'blob' && name.test(i.path));
  if (dialect === 'mkdocs') {
    const config = blob(/^([^/]+\/)?mkdocs\.ya?ml$/);
    return { pageUrls: config && (await blobText(config.sha).then(mkdocsPageUrls, () => undefined)) };
  }
  if (dialect === 'vitepress') {
    const config = blob(/^([^/]+\/)?\.vitepress\/config\.[cm]?[jt]s$/);
    const text = config && (await blobText(config.sha).catch(() => undefined));
    if (!config || text === undefined) return {};
    const docs = config.path.slice(0, config.path.indexOf('.vitepress/'));
    const contentFolder = `${docs}${vitepressSourceFolder(text) ?? ''}`;
    // Its `srcExclude` globs are from the pages' folder.
    const passes = pathFilter({ exclude: vitepressSourceExcludes(text) });
    return {
      pageUrls: vitepressPageUrls(text),
      contentFolder: contentFolder || undefined,
      published: (path) => !path.startsWith(contentFolder) || passes(path.slice(contentFolder.length)),
    };
  }
  if (dialect === 'mdbook' || dialect === 'gitbook') {
    const config = blob(dialect === 'mdbook' ? /^([^/]+\/){0,2}book\.toml$/ : /^\.gitbook\.ya?ml$/);
    const text = config && (await blobText(config.sha).catch(() => undefined));
    if (!config || text === undefined) return {};
    const gitbook = dialect === 'gitbook' ? gitbookLayout(text) : undefined;
    const sourceFolder =
      gitbook?.root ?? `${config.path.slice(0, -'book.toml'.length)}${mdbookSourceFolder(text)}`;
    const summary = gitbook?.summary ?? 'SUMMARY.md';
    const listed = items.find((i) => i.type === 'blob' && i.path === `${sourceFolder}${summary}`);
    const chapters = listed && (await blobText(listed.sha).then(summaryChapters, () => undefined));
    const book = { sourceFolder, chapters };
    return { contentFolder: sourceFolder || undefined, published: (path) => !outsideSummary(path, book) };
  }
  if (dialect === 'mintlify') {
    const config = blob(/^([^/]+\/)?docs\.json$/) ?? blob(/^([^/]+\/)?mint\.json$/);
    const text = config && (await blobText(config.sha).catch(() => undefined));
    const sourceFolder = config ? config.path.slice(0, config.path.lastIndexOf('/') + 1) : '';
    const site = text === undefined ? undefined : mintlifyLayout(text, sourceFolder);
    if (!site) return {};
    return {
      contentFolder: sourceFolder || undefined,
      published: (path) => !mintlifyUnpublished(path, site),
      version: (path) => mintlifyVersion(path, site),
    };
  }
  if (dialect === 'docsify') {
    const sidebar = blob(/^([^/]+\/)?_sidebar\.md$/);
    const folder = sidebar ? sidebar.path.slice(0, -'_sidebar.md'.length) : '';
    const html = items.find((i) => i.type === 'blob' && i.path === `${folder}index.html`);
    const text = html && (await blobText(html.sha).catch(() => undefined));
    const site = (text !== undefined && docsifySettings(text)) || DOCSIFY_DEFAULTS;
    return {
      contentFolder: folder || undefined,
      hashRouted: site.hashRouted,
      linksFromRoot: !site.relativeLinks,
      published: (path) => path.startsWith(folder) && !docsifyUnpublished(path.slice(folder.length), site),
    };
  }
  if (dialect === 'jekyll') {
    const folder = jekyllConfigPath(items.filter((i) => i.type === 'blob').map((i) => i.path)) ?? '';
    const named = [`${folder}_config.yml`, `${folder}_config.yaml`];
    const config = items.find((i) => i.type === 'blob' && named.includes(i.path));
    const text = config && (await blobText(config.sha).catch(() => undefined));
    const site = text === undefined ? JEKYLL_DEFAULTS : jekyllSettings(text);
    const inSite = (path: string) => (path.startsWith(folder) ? path.slice(folder.length) : undefined);
    return {
      contentFolder: folder || undefined,
      published: (path) => inSite(path) !== undefined && !jekyllUnpublished(inSite(path)!, site),
      browserLinks: true,
      pagePath: (path, front) => {
        const rel = inSite(path);
        return rel === undefined ? undefined : jekyllPagePath(rel, front, site);
      },
    };
  }
  if (dialect === 'nuxt') {
    const folder = nuxtContentFolder(items.filter((i) => i.type === 'blob').map((i) => i.path));
    return folder ? { contentFolder: folder, published: (path) => !nuxtUnpublished(path, folder) } : {};
  }
  if (dialect === 'redocly') {
    // The project's folder, the one holding `redocly.yaml`: its pages' paths are from there.
    const config = blob(/^([^/]+\/)?redocly\.ya?ml$/);
    const folder = config ? config.path.slice(0, config.path.lastIndexOf('/') + 1) : '';
    const inProject = (path: string) => (path.startsWith(folder) ? path.slice(folder.length) : undefined);
    const blobs = items.filter((i) => i.type === 'blob' && inProject(i.path) !== undefined);
    const site = await redoclySite(
      blobs.map((i) => inProject(i.path)!),
      async (versions) => {
        const listed = blobs.find((i) => i.path === `${folder}${versions}versions.yaml`);
        return listed && blobText(listed.sha).catch(() => undefined);
      },
    );
    return {
      contentFolder: folder || undefined,
      published: (path) => inProject(path) !== undefined && !redoclyUnpublished(inProject(path)!),
      version: (path) => (inProject(path) === undefined ? undefined : redoclyVersion(inProject(path)!)),
      pagePath: (path, front) => {
        const rel = inProject(path);
        return rel === undefined ? undefined : redoclyPagePath(rel, front, site);
      },
    };
  }
  // An Rspress project: its docs folder, URL style and the files its routes leave out.
  const rspress =
    dialect === undefined || dialect === 'markdown' || dialect === 'docusaurus'
      ? blob(/^([^/]+\/)?rspress\.config\.m?[jt]s$/)
      : undefined;
  const rspressText = rspress && (await blobText(rspress.sha).catch(() => undefined));
  if (rspress && rspressText !== undefined) {
    const settings = rspressSettings(rspressText);
    const pages = `${rspress.path.slice(0, rspress.path.lastIndexOf('/') + 1)}${settings.root}`;
    const unpublished = rspressUnpublished({ pages, excludes: settings.excludes });
    return { pageUrls: settings.pageUrls, contentFolder: pages, published: (path) => !unpublished(path) };
  }
  // A Next.js site's App Router publishes a route's page.mdx at its folder, and nothing else.
  const next =
    dialect === undefined || dialect === 'markdown' || dialect === 'docusaurus'
      ? nextSite(items.filter((i) => i.type === 'blob').map((i) => i.path))
      : undefined;
  if (next)
    return {
      published: (path) => !nextUnpublished(path, next),
      pagePath: (path) => nextPagePath(path, next),
      browserLinks: true,
    };
  if (dialect !== undefined && dialect !== 'markdown') return {};
  const conf = blob(/^([^/]+\/)?conf\.py$/);
  if (!conf || !(await blobText(conf.sha).then(isSphinxConfiguration, () => false))) return {};
  return { pageUrls: 'html', contentFolder: conf.path.slice(0, conf.path.lastIndexOf('/') + 1) || undefined };
}
