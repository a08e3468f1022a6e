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
 */
export function unpublishedReason(
  rel: string,
  dialect: MarkdownDialect | undefined,
  antoraPage: string | null | undefined,
): string | undefined {
  const hidden = rel.split('/').some((s) => s.startsWith('_'));
  if (antoraPage === null || (antoraPage !== undefined && hidden)) return UNPUBLISHED_ANTORA;
  if (dialect === 'docusaurus' && hidden && /\.mdx?$/i.test(rel)) return UNPUBLISHED_DOCUSAURUS;
  if (
    rel
      .split('/')
      .slice(0, -1)
      .some((s) => s.startsWith('_')) &&
    /\.html?$/i.test(rel)
  )
    return UNPUBLISHED_TEMPLATE;
  return undefined;
}

/** Why a Docusaurus partial is not loaded as a document. */
export const UNPUBLISHED_DOCUSAURUS =
  'a Docusaurus partial (named with a leading _): published only inside the pages that import it';

/** Why an Antora component's file that is no page is not loaded as a document. */
export const UNPUBLISHED_ANTORA =
  'not an Antora page (a partial, an example, navigation or hidden): published only where a page includes it';

/** Why an HTML file in a folder named with a leading `_` is not loaded as a document. */
export const UNPUBLISHED_TEMPLATE =
  'a template or theme file (HTML in a folder named with a leading _, such as _templates): no page of its own';
