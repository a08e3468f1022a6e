import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { MarkdownDialect, PageUrlStyle } from '@docqa/contracts';
import { DOCSIFY_DEFAULTS, docsifySite, docsifyUnpublished } from './docsify-site';
import { gitbookSpace, gitbookUnpublished } from './gitbook-space';
import { JEKYLL_DEFAULTS, jekyllPagePath, jekyllSite, jekyllUnpublished } from './jekyll-site';
import { mdbookBook, mdbookUnpublished } from './mdbook-book';
import { mintlifySite, mintlifyUnpublished, mintlifyVersion } from './mintlify-site';
import {
  configuredPageUrls,
  vitepressConfig,
  vitepressPageUrls,
  vitepressSourceExcludes,
} from './page-url-style';
import { nextPagePath, nextSiteOnDisk, nextUnpublished } from './next-app';
import { NUXT_CONTENT_CONFIGS, nuxtUnpublished } from './nuxt-site';
import { redoclyPagePath, redoclySiteOnDisk, redoclyUnpublished, redoclyVersion } from './redocly-site';
import { rspressSite, rspressUnpublished } from './rspress-site';
import { pathFilter } from './path-filter';
import type { PageFront } from './published-url';
import type { SiteLayout } from './site-pages';

/** What a folder's docs generator says of its pages, as its configuration files tell it. */
export interface SiteConfiguration {
  dialect: MarkdownDialect;
  /** Where its files' pages are and how their URLs read (see `SiteLayout`). */
  layout: SiteLayout;
  /** Why the generator publishes a file (its path in the folder) as no page; undefined for a page. */
  unpublished(rel: string): string | undefined;
  /**
   * The docs version of a file's page where the site says it: the version its navigation lists it
   * under (a Mintlify site's), the version folder it is in (a Redocly project's `@v1/`); if any.
   */
  version?(rel: string): string | undefined;
  /** Whether a page's relative links are read from the site's root, not its folder (docsify's). */
  linksFromRoot?: boolean;
  /**
   * Whether a page's relative links to no Markdown file are the browser's, read from the page's URL
   * (Jekyll's `../ubuntu/`, a Next.js route's `./search`), not from the file's folder.
   */
  browserLinks?: boolean;
  /**
   * The path of a file's page under the base URL where the generator's settings and the page's
   * front matter decide it (a Jekyll site's permalinks), if they do.
   */
  pagePath?(rel: string, front: PageFront): string | undefined;
}

/**
 * The generator of a folder loaded and what its configuration says of its pages: named, or told by
 * a configuration file in the folder or the folder above it (a VitePress site's `.vitepress/config.*`,
 * whose pages show Docusaurus's containers more often than its own markup; an mdBook's `book.toml`;
 * a GitBook space's `.gitbook.yaml`; a Mintlify site's `docs.json` or `mint.json`, in the folder or
 * its `docs/`; a docsify site's `index.html` in the folder; a Jekyll site's `_config.yml`; a Nuxt
 * Content site's `content.config.ts`; a Redocly project's `redocly.yaml`),
 * else `fromMarkup`, the dialect most files show the markup of. A VitePress site's `srcExclude`
 * files and URL style (`cleanUrls`); an mdBook's source folder (left out of URLs, `page.html`) and
 * its chapters (what its `SUMMARY.md` lists: no other file is a page), and a GitBook space's the
 * same (its `root`, its summary), and a Mintlify site's (its navigation's pages, no snippet, each
 * page's version); a docsify site's (its `index.html`'s settings: pages routed after `#/`, links
 * read from the site's root, its sidebar and other page parts no pages); a Jekyll site's (its
 * permalinks, what it excludes, its `_`-folders no pages); a Nuxt Content site's (its `content.config.*`:
 * its pages those of its `content/` folder, which their URLs leave out); a Redocly project's (its
 * version folders, `@v1/`, and their default, see `redoclySite`; its `_partials/` no pages); an
 * Rspress project's `rspress.config.*` in the folder or above (its URL style, `.html` unless
 * `route.cleanUrls`; its `route.exclude`; its docs folder); an `mkdocs.yml`'s URL style.
 */
export async function siteConfiguration(
  folder: string,
  named: { dialect?: MarkdownDialect; pageUrls?: PageUrlStyle },
  fromMarkup: () => MarkdownDialect,
  rels: () => readonly string[] = () => [],
): Promise<SiteConfiguration> {
  const vitepress = await vitepressConfig(folder);
  const summarized = vitepress === undefined ? await summarizedSite(folder) : undefined;
  const docsify = vitepress === undefined && !summarized ? await docsifySite(folder) : undefined;
  const jekyll = vitepress === undefined && !summarized && !docsify ? await jekyllSite(folder) : undefined;
  const others = vitepress !== undefined || summarized || docsify || jekyll;
  const nuxt = !others && (await holdsFile(folder, NUXT_CONTENT_CONFIGS));
  const redocly = !others && !nuxt && (await holdsFile(folder, REDOCLY_CONFIGS));
  const configured =
    vitepress !== undefined
      ? 'vitepress'
      : (summarized?.generator.dialect ??
        (docsify && 'docsify') ??
        (jekyll && 'jekyll') ??
        (nuxt ? 'nuxt' : redocly ? 'redocly' : undefined));
  const dialect = named.dialect ?? configured ?? fromMarkup();
  if (dialect === 'vitepress' && vitepress !== undefined) {
    const passes = pathFilter({ exclude: vitepressSourceExcludes(vitepress) });
    return {
      dialect,
      layout: { pageUrls: named.pageUrls ?? vitepressPageUrls(vitepress) },
      unpublished: (rel) => (passes(rel) ? undefined : UNPUBLISHED_VITEPRESS),
    };
  }
  if (summarized && dialect === summarized.generator.dialect) {
    const { generator, site } = summarized;
    const contentFolder = site.sourceFolder || undefined;
    return {
      dialect,
      layout: { pageUrls: named.pageUrls, contentFolder, fromRepositoryRoot: !!contentFolder },
      unpublished: (rel) => generator.unpublished(rel, site),
      ...(site.versions && { version: (rel: string) => mintlifyVersion(rel, site) }),
    };
  }
  if (dialect === 'docsify') {
    const site = docsify ?? DOCSIFY_DEFAULTS;
    return {
      dialect,
      layout: { pageUrls: named.pageUrls, hashRouted: site.hashRouted },
      unpublished: (rel) => docsifyUnpublished(rel, site),
      linksFromRoot: !site.relativeLinks,
    };
  }
  if (dialect === 'jekyll') {
    const site = jekyll ?? JEKYLL_DEFAULTS;
    return {
      dialect,
      layout: { pageUrls: named.pageUrls },
      unpublished: (rel) => jekyllUnpublished(rel, site),
      browserLinks: true,
      pagePath: named.pageUrls ? undefined : (rel, front) => jekyllPagePath(rel, front, site),
    };
  }
  // A Nuxt Content site loaded from its folder: its pages are its `content/` folder's.
  if (dialect === 'nuxt' && nuxt) {
    const contentFolder = 'content/';
    return {
      dialect,
      layout: { pageUrls: named.pageUrls, contentFolder, fromRepositoryRoot: true },
      unpublished: (rel) => nuxtUnpublished(rel, contentFolder),
    };
  }
  // A Redocly project's version folders (`@v1/`): their pages are of that version, the default
  // version's published without its folder.
  if (dialect === 'redocly') {
    const site = await redoclySiteOnDisk(folder, rels());
    return {
      dialect,
      layout: { pageUrls: named.pageUrls },
      unpublished: redoclyUnpublished,
      version: redoclyVersion,
      pagePath: named.pageUrls ? undefined : (rel, front) => redoclyPagePath(rel, front, site),
    };
  }
  // An Rspress project (MDX or Markdown pages): its URL style (`.html` unless `cleanUrls`), its
  // docs folder, and the files its routes leave out.
  const rspress = dialect === 'docusaurus' || dialect === 'markdown' ? await rspressSite(folder) : undefined;
  if (rspress) {
    const contentFolder = rspress.pages || undefined;
    return {
      dialect,
      layout: {
        pageUrls: named.pageUrls ?? rspress.pageUrls,
        contentFolder,
        fromRepositoryRoot: !!contentFolder,
      },
      unpublished: rspressUnpublished(rspress),
    };
  }
  const pageUrls = named.pageUrls ?? (await configuredPageUrls(folder, dialect));
  // A Next.js site's App Router publishes a route's page.mdx at its folder, and nothing else.
  const next =
    dialect === 'docusaurus' || dialect === 'markdown' ? await nextSiteOnDisk(folder, rels()) : undefined;
  if (next)
    return {
      dialect,
      layout: { pageUrls },
      unpublished: (rel) => nextUnpublished(rel, next),
      pagePath: (rel) => nextPagePath(rel, next),
      browserLinks: true,
    };
  return { dialect, layout: { pageUrls }, unpublished: () => undefined };
}

/** The generators whose configuration lists their pages: how to read it, and why a file is no page. */
const SUMMARIZED = [
  { dialect: 'mdbook', read: mdbookBook, unpublished: mdbookUnpublished },
  { dialect: 'gitbook', read: gitbookSpace, unpublished: gitbookUnpublished },
  { dialect: 'mintlify', read: mintlifySite, unpublished: mintlifyUnpublished },
] as const;

/** The first of {@link SUMMARIZED} whose configuration the folder (or the folder above) holds. */
async function summarizedSite(folder: string) {
  for (const generator of SUMMARIZED) {
    const site = await generator.read(folder);
    if (site) return { generator, site };
  }
  return undefined;
}

/** Why a file a VitePress configuration's `srcExclude` names is not loaded as a document. */
export const UNPUBLISHED_VITEPRESS =
  "excluded from the site by its VitePress configuration's srcExclude: no page";

/** Redocly's configuration, at a project's root. */
const REDOCLY_CONFIGS = ['redocly.yaml', 'redocly.yml'];

/** Whether the folder holds a file of one of these names. */
async function holdsFile(folder: string, names: readonly string[]): Promise<boolean> {
  for (const name of names) {
    const found = await access(join(folder, name)).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}
