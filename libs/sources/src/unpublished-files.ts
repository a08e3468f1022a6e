import type { MarkdownDialect } from '@docqa/contracts';

/**
 * Why a docs site's generator publishes a file of its folder as no page of its own, or undefined
 * for a page: its text reaches readers only inside the pages that include or import it, so as a
 * document of its own it would be a search hit and a citation whose link leads nowhere.
 * - Docusaurus leaves out files and folders named with a leading `_` (its docs plugin's default
 *   `exclude`): MDX partials a page imports.
 * - Antora publishes a module's `pages/` only, without files and folders named with a leading
 *   `_`: a partial, an example, a navigation file (`nav.adoc`) or a hidden page is not a page. `antoraPage` is the file's page path (see `antoraPagePath`) when it belongs to
 *   a component that has its `antora.yml`, null for a file of such a component that is no page,
 *   undefined for a file of no component.
 * - Whatever the generator, an HTML file in a folder named with a leading `_` is a template or a
 *   theme's part: Sphinx's `_templates/` and `_themes/` (Jinja: `{% extends "layout.html" %}`),
 *   Jekyll's `_layouts/` and `_includes/`. Sphinx renders only its sources (`.rst`), Jekyll only
 *   what lies outside such folders, and a template's text is no page a reader can open.
 * - A file or folder named with a leading `.` is an editor's or a tool's (`.asciidoctorconfig.adoc`,
 *   `.github/`), as a folder load leaves it out.
 */
export function unpublishedReason(
  rel: string,
  dialect: MarkdownDialect | undefined,
  antoraPage: string | null | undefined,
): string | undefined {
  if (rel.split('/').some((s) => s.startsWith('.'))) return UNPUBLISHED_DOTFILE;
  const hidden = rel.split('/').some((s) => s.startsWith('_'));
  if (antoraPage === null || (antoraPage !== undefined && hidden)) return UNPUBLISHED_ANTORA;
  if (dialect === 'docusaurus' && hidden && /\.mdx?$/i.test(rel)) return UNPUBLISHED_DOCUSAURUS;
  const inHiddenFolder = rel
    .split('/')
    .slice(0, -1)
    .some((s) => s.startsWith('_'));
  if (inHiddenFolder && /\.html?$/i.test(rel)) return UNPUBLISHED_TEMPLATE;
  return undefined;
}

/** Why a file named with a leading `.`, or in such a folder, is not loaded as a document. */
export const UNPUBLISHED_DOTFILE =
  "a hidden file or folder (named with a leading .): an editor's or a tool's, no page of its own";

/** Why a Docusaurus partial is not loaded as a document. */
export const UNPUBLISHED_DOCUSAURUS =
  'a Docusaurus partial (named with a leading _): published only inside the pages that import it';

/** Why an Antora component's file that is no page is not loaded as a document. */
export const UNPUBLISHED_ANTORA =
  'not an Antora page (a partial, an example, navigation or hidden): published only where a page includes it';

/** Why an HTML file in a folder named with a leading `_` is not loaded as a document. */
export const UNPUBLISHED_TEMPLATE =
  'a template or theme file (HTML in a folder named with a leading _, such as _templates): no page of its own';

/** Why a Hugo page that its front matter, or a section's `cascade`, keeps from rendering is skipped. */
export const UNPUBLISHED_HUGO =
  "a Hugo page that is not rendered (build.render: never, headless, a cascade of these, or a resource in a leaf bundle's folder): published only where a page includes it";

/** Whether Hugo front matter keeps its page, or its section's pages, from being rendered. */
export interface HugoRender {
  /** The page itself is not rendered (`build: {render: never}`, `headless: true`). */
  page: boolean;
  /** Nor are the pages below it (a section's `_index.md` with `cascade: {build: {render: never}}`). */
  below: boolean;
}

/**
 * What a Hugo page's front matter says about rendering (see {@link HugoRender}): `build.render`
 * `never` (or `false`, Hugo's older spelling, and `_build`), or `headless: true`, of the page or
 * of the `cascade` of a section's `_index.md`. Hugo's own docs keep their Markdown snippets in such
 * a headless section (`/_common/`, included by the installation pages): as documents of their own
 * they were cited with links to `https://gohugo.io/_common/installation/homebrew/`, a page that
 * does not exist.
 */
export function hugoRender(front: Record<string, unknown>): HugoRender {
  const never = (data: unknown): boolean => {
    if (!data || typeof data !== 'object') return false;
    const record = data as Record<string, unknown>;
    const build = (record.build ?? record._build) as Record<string, unknown> | undefined;
    const render = build && typeof build === 'object' ? build.render : undefined;
    return record.headless === true || render === 'never' || render === false;
  };
  const cascade = front.cascade;
  const cascades = Array.isArray(cascade) ? cascade : [cascade];
  // A cascade with a target (a page matcher) applies to some descendants only: not read.
  const untargeted = (c: unknown) =>
    !!c && typeof c === 'object' && !('target' in c) && !('_target' in c) && never(c);
  return { page: never(front), below: cascades.some(untargeted) };
}

/**
 * The files of a Hugo site that are not rendered (see {@link hugoRender}): each file whose own
 * front matter says so, every file below a section (`_index.md`) whose cascade does (not the
 * section's own page: a cascade is for its descendants, so Hugo's glossary page renders), and
 * every file in the folder of a leaf bundle (an `index.md`) but that page: Hugo reads them as the
 * bundle's resources, not pages (Grafana's headless `shared/index.md` and the snippets beside it,
 * which its `docs/shared` shortcode puts in other pages).
 */
export function unrenderedHugoFiles(files: { rel: string; render?: HugoRender }[]): Set<string> {
  const sections = files
    .filter((f) => f.render?.below && /(^|\/)_index\.md$/i.test(f.rel))
    .map((f) => f.rel.replace(/_index\.md$/i, ''));
  const paths = new Set(files.map((f) => f.rel));
  return new Set(
    files
      .filter(
        (f) =>
          f.render?.page ||
          sections.some(
            (folder) => f.rel.startsWith(folder) && f.rel.toLowerCase() !== `${folder}_index.md`,
          ) ||
          inLeafBundle(f.rel, (path) => paths.has(path)),
      )
      .map((f) => f.rel),
  );
}

/**
 * Whether a file of a Hugo site lies in the folder of a leaf bundle (a folder above it holds an
 * `index.md`), as one of its resources rather than a page: `isFile` tells whether a path (from
 * the site's root) is a file. The root itself is no bundle: an `index.md` there is more likely the
 * home page of a folder loaded than a bundle.
 */
export function inLeafBundle(rel: string, isFile: (path: string) => boolean): boolean {
  const parts = rel.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const index = [...parts.slice(0, depth), 'index.md'].join('/');
    if (index !== rel && isFile(index)) return true;
  }
  return false;
}

/** Why a page with no text once read is not loaded as a document. */
export const TEXTLESS_PAGE =
  "no text once its generator's markup is read (a Jekyll page its Liquid draws from the site's posts or pages, which a load does not build)";

/** Why a VitePress home page with no text of its own is not loaded as a document. */
export const TEXTLESS_HOME =
  "a VitePress home page its theme's components draw (layout: home, no hero or features text): no text to read";
