import { readIncludedFile, type ReadIncluded } from './asciidoc-includes';
import { withDocsifyEmbeds } from './docsify-embeds';
import { withFumadocsIncludes } from './fumadocs-includes';
import { withHugoIncludes } from './hugo-includes';
import { withJekyllLiquid } from './jekyll-liquid';
import { withMarkdocPartials } from './markdoc-includes';
import { withMdbookIncludes } from './mdbook-includes';
import { withPartials } from './mdx-partials';
import { withVitepressIncludes } from './vitepress-includes';

/**
 * A Markdown or MDX page with what it includes put in, as its generator puts it in: Hugo's include
 * shortcodes (see `withHugoIncludes`), VitePress's snippet imports and includes (see
 * `withVitepressIncludes`), imported MDX partials (see `withPartials`), Fumadocs' `<include>` tags
 * (see `withFumadocsIncludes`), mdBook's include helpers
 * (see `withMdbookIncludes`), docsify's embeds (see `withDocsifyEmbeds`), Markdoc's partials and
 * code snippets (Redocly's, see `withMarkdocPartials`); with `jekyll`, the
 * page's Liquid, rendered first as Jekyll renders it (see `withJekyllLiquid`). Only files under `within`
 * are read: the folder loaded, or a repository's root given as `/`.
 */
export async function withMarkdownIncludes(
  source: string,
  file: string,
  within: string,
  read: ReadIncluded = readIncludedFile,
  { jekyll = false }: { jekyll?: boolean } = {},
): Promise<string> {
  // Liquid only a Jekyll site renders: any other page's `{{` is not worth a look for its `_config.yml`.
  const rendered = jekyll ? await withJekyllLiquid(source, file, within, read) : source;
  const included = await withHugoIncludes(rendered, file, within, read);
  const imported = await withFumadocsIncludes(
    await withPartials(await withVitepressIncludes(included, file, within, read), file, within, read),
    file,
    within,
    read,
  );
  const embedded = await withDocsifyEmbeds(
    await withMdbookIncludes(imported, file, within, read),
    file,
    within,
    read,
  );
  return withMarkdocPartials(embedded, file, within, read);
}
