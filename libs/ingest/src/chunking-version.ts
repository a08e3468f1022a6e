/**
 * The version of what turns a document into chunks: `toMarkdown` and the chunker of
 * @docqa/chunking. Raise it whenever they cut or write the same document differently (as when
 * chunks gained heading paths and anchors, or HTML code blocks their fences): documents indexed
 * before are then chunked again once, on their next ingest or source sync, even though their
 * content did not change, or by `docqa reindex` from their stored chunks (records keep the version
 * as `chunking`).
 *
 * 1: chunks of plain text; 2: structure-aware chunks with heading paths and anchors; 3: HTML
 * `<pre>` as fenced code, `<code>` as code spans, tables as Markdown tables; 4: relative links
 * made absolute against the document's URL; 5: docs generators' dialects (Hugo shortcodes,
 * Docusaurus and MkDocs admonitions and tabs) as readers see them, indented code fenced,
 * AsciiDoc and reStructuredText converted, setext headings written as ATX ones, headings' custom
 * `{#id}` anchors kept; 6: Markdown's inline HTML anchors as their text (or a Markdown link),
 * `<br />` as a space; 7: camelCase and PascalCase compounds' words (`basicAuth`: "basic auth")
 * added to a chunk's search text and to what its vector is embedded from; 8: the names of symbols
 * written as values (`'~'`: "tilde", `^1.2.3`: "caret") added there too.
 * 9: AsciiDoc attributes resolved (an Antora component's `antora.yml` ones, undefined ones
 * dropped, not shown as `{name}`), Markdown's HTML comments and embedded media dropped, MkDocs'
 * `!!!note` admonitions and plugin Jinja tags read, reST `:doc:` links to another project as their
 * text. 10: headings' anchors made of the text their reader sees (`&lt;x\>` as `<x>`, a code span's
 * `<dir>` kept), as Docusaurus and GitHub slug them. 11: MkDocs code blocks of a tab set
 * (`` ```yaml tab="File (YAML)" ``) as labelled parts, a figure's indented caption as text rather
 * than code. 12: cross-references without text (`xref:page.adoc[]`, `<<page.adoc#id>>`, `:doc:`,
 * `:ref:`) as their target's title when a folder is loaded, else as the words of their target, not
 * a path. 13: reST field lists (`:Exit code 5: No tests were collected`) as items led by the
 * field's name, a page's leading metadata fields (`:orphan:`) dropped; AsciiDoc's includes of a
 * relative path or an Antora partial (`include::partial$success.adoc[]`) put in when a folder is
 * loaded. 14: what a page includes put in by a `github` source too, and MDX partials a page imports
 * (`import Flag from './_flag.mdx'`, `<Flag />`) put in where it places them; a file published as
 * no page (a Docusaurus `_partial.mdx`, an Antora partial, example or nav file) is no document.
 * 15: numeric character references in headings (`&lt;URL&gt;&#58;cafile`) decoded for anchors.
 * 16: reStructuredText's `include` and `literalinclude` directives put in (files of the folder
 * loaded or the repository synced), the code they include as code blocks.
 * 17: a title's or heading's run-together words (`listremotes`) split into the two words the
 * passage writes (`list remotes`) in a chunk's search text.
 * 18: a shell line's pipe between two commands (`echo hi | rclone rcat remote:file`) named "pipe"
 * in a chunk's search text and in what its vector is embedded from.
 * 19: AsciiDoc description lists (`rouge-style:: Controls…`) as list items led by their terms
 * (`- **rouge-style:** Controls…`), not each term a paragraph apart from what describes it; an
 * AsciiDoc listing left empty by an include not read (an Antora example) left out, caption too.
 * 20: AsciiDoc's callout numbers (`gem install asciidoctor <1>`) left out of code blocks, with a
 * line comment that only held one.
 * 21: a reST directive's body that opens with a role (`` :func:`pytest.skip` and… ``) kept as its
 * text, not dropped as an option; a `seealso`'s argument as its text, not in its label.
 * 22: a Unix-style command named in a title or heading (`rclone mkdir`, `pnpm ls`) given the
 * words of what it does ("make create directory folder", "list") in a chunk's search text and in
 * what its vector is embedded from.
 * 23: the verb of a noun in "-ification" ("modify" for "modification", see `nounVerbs`) in a
 * chunk's search text.
 * 24: a reST code role's explicit target left out (`` :option:`--lf, --last-failed <--lf>` ``
 * shows `--lf, --last-failed`), as Sphinx shows it.
 * 25: each piece of a table too long for one chunk repeats the table's header row.
 * 26: a page's front-matter `description` in its first chunk's search text and in what that
 * chunk's vector is embedded from, unless the chunk's text says it already, word for word or
 * mostly (see `pageDescription`).
 * 27: reST substitutions (`|name|`) shown as their definitions' text, and a section title that
 * holds a role given the anchor of its text (`#sphinx-ext-intersphinx-…`, not `#mod-sphinx-…`);
 * a Markdown image that links somewhere as a link with its description; GitHub's alerts
 * (`> [!NOTE]`) as labelled quotes; Hugo's `code-toggle` as code; a fenced block inside a list
 * item read as code (its lines were read as list items, and the item's text after it as code);
 * a source's next sync, which reads each page as new once, also links its `.rst` pages to their
 * `.html` URLs.
 * 28: an AsciiDoc page given the attributes of the preview configurations above it
 * (`.asciidoctorconfig`: Debezium's `{prodname}` was dropped from 3,000 sentences and titles),
 * and an Antora page its component's `page-version` and `page-component-display-version`; a
 * Hugo admonition inside a list item kept in the item; a link's `<LOKI_VERSION>` filled from
 * the base URL; Grafana's `docs/shared` snippets put in, and a Hugo leaf bundle's other files no
 * pages of their own; a list item's fenced block closed by a fence indented a column more; a
 * source's next sync also links an Antora page to `page.html`, Antora's default (its
 * `page_urls: folder` keeps `page/`).
 * 29: an MkDocs page's PyMdown Blocks (`/// tip`, `/// details | …`, `//// tab | …`) as
 * labelled quotes and parts, not as text with slashes; mkdocstrings' `::: name` and FastAPI's
 * `{* file *}` lines dropped; a Sphinx site's MyST Markdown pages read with their directives,
 * roles and targets as Sphinx shows them, and published as `page.html`.
 * 30: a heading's underscore emphasis (`Using _Black_ with…`) is left out of its anchor, as
 * GitHub, Hugo, Docusaurus and MyST slug the text shown (`using-black-with…`); a `github` source
 * of a Sphinx project (`conf.py`) maps its pages from the `conf.py`'s folder and links its
 * Markdown pages to `page.html`; a terminal session
 * captured with its colours as HTML (FastAPI's `console` blocks) as its text; an HTML link to a
 * template's expression (`href="{{ user.url }}"`) as its text.
 * 31: VitePress pages (a `.vitepress/config.*` in the folder or repository, or their markup): code
 * groups as parts labelled by their fences, fences' info reduced to the language, TwoSlash's
 * hidden lines and Shiki's `[!code]` notations removed, snippet imports (`<<< @/x.yaml#region`)
 * and includes put in, Vue's `<script>`/`<style>` blocks and templating dropped, VitePress's
 * anchors (`server.host` → `#server-host`), `page.html` (or `page` with `cleanUrls`); in every
 * dialect, a link from the root to a Markdown file (`/config/x.md#a`) to its page, lines of
 * layout tags only (`<div class="…">`) dropped, Vue's `:href` no link; a code block ends only at
 * a run of its own fence character (a TypeScript error's `~~~~` underline in it made the rest of
 * the page code, its headings no sections).
 * 32: mdBook books (a `book.toml`, or `{{#include}}` helpers): the chapters of `SUMMARY.md` only,
 * `page.html` from the source folder, helpers' files put in, a `rust` block's hidden lines
 * removed, mdBook's anchors; in every dialect, reference links written inline (`[crates.io]` with
 * its definition at the page's end), HTML description lists (`<dl>`) as items led by their terms.
 * 33: GitBook spaces (a `.gitbook.yaml`, or their `{% hint %}` blocks): hints as labelled quotes,
 * tabs as labelled parts, API blocks as their method and path, other tags dropped; the pages of
 * `SUMMARY.md` only, from the space's `root`.
 * 34: Mintlify sites (a `docs.json` or `mint.json`, or their components in MDX): callouts as
 * labelled quotes, tabs, accordions and numbered steps as labelled parts, API fields as items,
 * code blocks labelled by their titles, snippets put in; the pages of the navigation only, at
 * their paths (no `slug`).
 * 35: docsify sites (an `index.html` with `window.$docsify`, or its `?>` helpers and `':include'`
 * links): helpers as labelled quotes, docsify-tabs as labelled parts, embeds put in, docsify's heading ids (`_1-step`, `:id=x`),
 * pages routed after `#/` with sections at `?id=`, links read from the site's root; sidebars,
 * navbars and covers no pages. In every dialect, a custom anchor may hold letters of any script.
 * 36: Jekyll sites (a `_config.yml`, or Liquid and kramdown attribute lists in prose): Liquid
 * rendered with the site's data and includes, callout classes as labelled quotes, heading ids
 * from `{: #id}`, HTML blocks read to their closing tag, pages at their permalinks. In every
 * dialect, an HTML table written in Markdown is a Markdown table.
 * 37: Fumadocs' and Nextra's MDX: `<Callout>` as labelled quotes, a heading's `[#id]` its anchor,
 * `<Tab value>` a labelled part, ```` ```package-install ```` a shell block, inline code without
 * its language (`true{:js}`); an `<iframe … />` dropped, and an export whose template literal spans
 * lines (it dropped the rest of the page); code quoted in a callout kept as written; Fumadocs'
 * `<include>` put in, `[step]` marks dropped, folder groups `(name)/` out of URLs. A site in several
 * languages read in its default one (translations no pages); a Next.js App Router's pages at their
 * routes.
 * 38: Nuxt Content sites (MDC: `::note`, `:read-more{to}`, `::code-group`, slots, props in YAML):
 * components as what they show, inline attributes dropped (`` `x`{lang=ts} ``), MDC's heading ids;
 * pages at their paths without order numbers (`1.guide/2.install.md` → `guide/install`), a
 * `content.config.ts` site's `content/` folder left out of URLs. A fence's title may hold brackets.
 * 39: Redocly projects (Markdoc): admonitions as labelled quotes, tabs as labelled parts, list
 * tables as Markdown tables, partials and code snippets put in, schema tags dropped; version
 * folders (`@v1/`) as the pages' versions, the default one's published without its folder.
 * 40: Rspress's `<PackageManagerTabs command>` as a labelled command per package manager; an
 * Rspress project's pages as `.html` unless `cleanUrls`, its `route.exclude` no pages; a
 * translated site's default-language folder (`en/`) left out of its pages' URLs. An MDX code block
 * titled in its fence (```` ```js title="x.js" ````) labelled by its title.
 * 41: a table written without pipes at its rows' ends (`Service|URL example` over `:--|:--`, as
 * Hugo's docs write them) read as a table, not as a paragraph of its rows run together.
 */
export const CHUNKING_VERSION = 41;
