import type { MarkdownDialect } from '@docqa/contracts';
import { docsifyLinks, normaliseDocsify } from './docsify-markdown';
import { normaliseDocusaurus } from './docusaurus-markdown';
import { normaliseGitbook } from './gitbook-markdown';
import { normaliseHugo, type HugoOptions } from './hugo-markdown';
import { fenceIndentedCode } from './indented-code';
import { inlineHtmlAsMarkdown, linkedImagesAsLinks, styledTerminalsAsText } from './inline-html';
import { alertsAsLabelledQuotes } from './markdown-alerts';
import { normaliseJekyll } from './jekyll-markdown';
import { mdbookOutsideLinks, normaliseMdbook } from './mdbook-markdown';
import { mintlifyRootLinks, normaliseMintlify } from './mintlify-markdown';
import { normaliseMkdocs } from './mkdocs-markdown';
import { normaliseNuxt } from './nuxt-markdown';
import { normaliseMarkdoc } from './markdoc-markdown';
import { hasMyst, normaliseMyst } from './myst-markdown';
import { inlineReferenceLinks } from './markdown-links';
import { MARKDOWN_CODE, outsideMarkdownCode } from './outside-code';
import { CodeFences } from './code-fences';
import { atxHeadings } from './setext-headings';
import { normaliseVitepress } from './vitepress-markdown';

/** A Hugo shortcode, `{{< name >}}` or `{{% name %}}`. */
const HUGO = /\{\{[<%]\s*\/?\s*[\w.-]+[^}]*[>%]\}\}/;
/** A Docusaurus admonition (`:::note`), tab item or theme import. */
const DOCUSAURUS = /^\s*:::+\s*[a-z]+|<TabItem\b|^import\s.+from\s+['"]@(theme|site|docusaurus)\//im;
/**
 * VitePress's own markup in prose: a code group (`::: code-group`), a snippet import (`<<<
 * @/x.js`), a Markdown include, `[[toc]]`; its containers (`::: tip`) read as Docusaurus's
 * admonitions do.
 */
const VITEPRESS_PROSE =
  /^\s*:::+\s*code-group\b|^\s*<<<\s+(@|\.{1,2})\/|<!--\s*@include:|^\s*\[\[toc\]\]\s*$/m;
/**
 * A fence's label in brackets, VitePress's (`bash [npm]`, `js twoslash [vite.config.js]`,
 * `[.env]`): a token of its own after the language and its options, not an attribute's value
 * (Hugo's `{hl_lines=[3]}`).
 */
const FENCE_LABEL = /^(?:[\w#+.{},:-]+(?:[ \t]+[\w#+.:-]+)*[ \t]+)?\[[^\]]*\](?:[ \t]|$)/;
/** A Shiki notation at a code line's end: `// [!code ++]`. */
const NOTATION = /\[!code\s+[^\]\n]+\]\s*(?:-->|\*\/)?\s*$/;
/**
 * Nuxt Content's markup (MDC) in prose: a block component of two colons on a line of its own
 * (`::note`, `::read-more{to="/x"}`; Docusaurus and VitePress open their containers with three),
 * an inline one with props (`:read-more{to="/x"}`), an attribute list after a code span
 * (`` `ssr: false`{lang=ts} ``).
 */
const NUXT =
  /^[ \t]*::[A-Za-z][\w-]*(\{[^}\n]*\}|\[[^\]\n]*\])?[ \t]*$|(?<![\w:/]):[a-z][\w-]*(\[[^\]\n]*\])?\{[^}\n]*=/m;
/**
 * Markdoc's tags in prose (Redocly's pages): a closing tag (`{% /admonition %}`; GitBook and Jekyll
 * close theirs with `{% endhint %}`), a tag closing itself (`{% partial file="x.md" /%}`).
 */
const MARKDOC =
  /\{%[ \t]*\/[A-Za-z][\w-]*[ \t]*%\}|\{%[^%\n]*\/%\}|^[ \t]*\{%[ \t]*(partial|code-snippet|json-schema)\b/m;
/** An attribute list after a code span: `` `ssr: false`{lang=ts} ``, Nuxt Content's inline code with its language. */
const CODE_ATTRIBUTES = /`\{lang=/;
/** Characters every generator's markup starts with, to pass over plain Markdown quickly. */
const MARKERS =
  /\{\{[<%#]|\{%|:::|<TabItem|^import\s|!!!|\?\?\?|^\s*===|--8<--|<<<|@include:|\[!code|\[\[toc\]\]|^\s*(`{3,}|~{3,}).*\]|^[!?]> |\s['"]:[a-z]|^[ \t]*::[A-Za-z]|:[a-z][\w-]*[{[]|`\{lang=|tabs:start|\|\s*(relative|absolute)_url|^ {0,3}\{:/m;
/**
 * An mdBook helper on a line of its own (`{{#include file.rs:anchor}}`, `{{#rustdoc_include …}}`,
 * `{{#playground …}}`, `{{#title …}}`), in a code block as often as in prose; not one escaped, nor
 * one named inside a sentence (a page about mdBook's helpers).
 */
const MDBOOK = /^[ \t]*\{\{#(include|rustdoc_include|playground|title)\s[^}\n]*\}\}[ \t]*$/m;
/** GitBook's blocks in prose: `{% hint style="info" %}`, `{% tabs %}`, `{% content-ref url="x.md" %}`, `{% embed url=… %}`. */
const GITBOOK =
  /^\s*\{%\s*(hint|tabs|tab|content-ref|page-ref|embed|code|stepper|step|openapi|openapi-operation|swagger|file)\b[^%]*%\}\s*$/m;
const MKDOCS = /^\s*(!!!|\?\?\?\+?)\s+[\w-]+|^\s*===[!+]?\s+"|^\s*-{2}8<-{2}/m;
/**
 * Mintlify's components, which its pages use without importing them: `<Steps>`, `<CodeGroup>`,
 * `<ParamField>`, a `<Tab title="…">`, a callout on a line of its own (`<Note>`).
 */
const MINTLIFY =
  /<(Steps|CodeGroup|CardGroup|AccordionGroup|ParamField|ResponseField|RequestExample|ResponseExample)\b|<(Tab|Step|Accordion|Card)\s+title=|^\s*<(Note|Tip|Info|Warning|Check)>/m;
/**
 * docsify's markup in prose: a helper paragraph (`?> Tip`, `!> Important`), a link whose title
 * holds its settings (`[x](_media/a.js ':include :type=code')`, `':target=_blank'`), a tab set of
 * its docsify-tabs plugin (`<!-- tabs:start -->`).
 */
const DOCSIFY =
  /^[!?]> \S|\]\([^)\s]+\s+['"]:(include|target|ignore|disabled|no-zoom|size|type|fragment)\b|^\s*<!--\s*tabs:start\s*-->/m;
/**
 * Jekyll's markup in prose: Liquid's `{% raw %}`, `{% highlight ruby %}`, an include of the site's
 * `_includes/` (`{% include note.html %}`), a `{% link %}`, a URL filter (`| relative_url }}`);
 * a kramdown attribute list on a line of its own (`{: .note }`, `{:toc}`).
 */
const JEKYLL =
  /\{%-?\s*(raw|highlight\s+\w|include\s+[\w./-]+\.html|link\s|post_url\s)|\|\s*(relative_url|absolute_url)\s*-?\}\}|^ {0,3}\{:\s*(toc|[.#][\w-]+[^}]*)\}\s*$/m;
/**
 * An import of code from a package or a module beside the page (`@astrojs/starlight/components`,
 * `@theme/Tabs`, `./note`): Mintlify's pages import only snippets, from the site's root
 * (`/snippets/x.jsx`) or as Markdown files.
 */
const CODE_IMPORT = /^import\s[^'"]*from\s+['"](?!\/)(?![^'"]*\.mdx?['"])/m;

/**
 * The docs generator a Markdown document was written for, from its markup: Hugo shortcodes,
 * mdBook's helpers (`{{#include …}}`), VitePress code groups, labelled fences and imports,
 * Docusaurus admonitions and tabs (or MDX), GitBook's blocks (`{% hint %}`),
 * MkDocs admonitions, tabs and snippets, docsify's helpers (`?> Tip`) and link settings
 * (`':include'`), Mintlify's components (`<Steps>`, `<Note>`), Jekyll's Liquid and kramdown
 * attribute lists (`{% raw %}`, `{: .note }`), Nuxt Content's MDC (`::note`, `:read-more{to}`,
 * looked for before VitePress's, whose labelled fences it shares), Markdoc's tags (Redocly's:
 * `{% /admonition %}`, `{% partial … /%}`); else plain
 * Markdown. A single file travels without its site's configuration, so the content is the clue.
 */
export function detectDialect(markdown: string, { mdx = false }: { mdx?: boolean } = {}): MarkdownDialect {
  if (mdx) return isMintlify(markdown) ? 'mintlify' : 'docusaurus';
  // Most documents show no generator's markup at all: not worth setting their code aside.
  if (!MARKERS.test(markdown)) return isMintlify(markdown) ? 'mintlify' : 'markdown';
  const prose = withoutCode(markdown);
  if (HUGO.test(prose)) return 'hugo';
  if (MDBOOK.test(markdown)) return 'mdbook';
  if (NUXT.test(prose) || CODE_ATTRIBUTES.test(markdown)) return 'nuxt';
  if (MARKDOC.test(prose)) return 'redocly';
  if (VITEPRESS_PROSE.test(prose) || hasVitepressCode(markdown)) return 'vitepress';
  if (DOCUSAURUS.test(prose)) return 'docusaurus';
  if (GITBOOK.test(prose)) return 'gitbook';
  if (MKDOCS.test(prose)) return 'mkdocs';
  if (DOCSIFY.test(prose)) return 'docsify';
  if (JEKYLL.test(prose)) return 'jekyll';
  return isMintlify(markdown) ? 'mintlify' : 'markdown';
}

/**
 * Whether MDX (or a Markdown page of an MDX site) uses Mintlify's components outside code, and
 * imports no code (Starlight's `<Steps>` and Docusaurus's tabs are imported).
 */
export function isMintlify(markdown: string): boolean {
  // Most pages name none of its components anywhere: not worth setting their code aside.
  if (!MINTLIFY.test(markdown)) return false;
  const prose = withoutCode(markdown);
  return MINTLIFY.test(prose) && !CODE_IMPORT.test(prose);
}

/**
 * The dialect an MDX page is read in: Mintlify's when its site is a Mintlify one, or it shows
 * Mintlify's components and names no other generator; else Docusaurus's, whatever its folder's
 * generator (its components must go).
 */
export function mdxDialect(named: MarkdownDialect | undefined, markdown: string): MarkdownDialect {
  if (named === 'mintlify') return named;
  return named === undefined && isMintlify(markdown) ? 'mintlify' : 'docusaurus';
}

/**
 * Whether a page's code blocks show VitePress's markup: a fence labelled in brackets, a Shiki
 * notation on a line of a block (not in a sentence).
 */
function hasVitepressCode(markdown: string): boolean {
  const fences = new CodeFences();
  for (const line of markdown.split('\n')) {
    const inside = fences.inside;
    if (!fences.read(line)) continue;
    if (!inside && FENCE_LABEL.test(line.trim().replace(/^(`{3,}|~{3,})\s*/, ''))) return true;
    if (inside && fences.inside && NOTATION.test(line)) return true;
  }
  return false;
}

/** The configuration files of each generator, at a repository's root (or a docs folder's). */
const CONFIG_FILES: [RegExp, MarkdownDialect][] = [
  [/^(.*\/)?(hugo|config)\.(toml|ya?ml|json)$/, 'hugo'],
  [/^(.*\/)?docusaurus\.config\.(js|mjs|cjs|ts)$/, 'docusaurus'],
  [/^(.*\/)?mkdocs\.ya?ml$/, 'mkdocs'],
  [/^(.*\/)?\.vitepress\/config\.(js|mjs|cjs|ts|mts|cts)$/, 'vitepress'],
  [/^(.*\/)?book\.toml$/, 'mdbook'],
  [/^\.gitbook\.ya?ml$/, 'gitbook'],
  [/^(.*\/)?(mint|docs)\.json$/, 'mintlify'],
  [/^(.*\/)?content\.config\.(js|mjs|ts|mts)$/, 'nuxt'],
  [/^(.*\/)?redocly\.ya?ml$/, 'redocly'],
];

/**
 * The docs generator of a repository, from the configuration file it keeps (`hugo.toml`,
 * `docusaurus.config.js`, `mkdocs.yml`, `docs/.vitepress/config.ts`, mdBook's `book.toml`, a
 * GitBook space's `.gitbook.yaml` at the root, Mintlify's `mint.json` or `docs.json` (the
 * latter only beside MDX pages), docsify's `index.html` beside a `_sidebar.md`, Jekyll's
 * `_config.yml`, Nuxt Content's `content.config.ts`, Redocly's `redocly.yaml`; a `config.toml`
 * only beside a `content/` folder); undefined when none is found.
 */
export function repositoryDialect(paths: string[]): MarkdownDialect | undefined {
  for (const [config, dialect] of CONFIG_FILES) {
    // VitePress's sits in a `.vitepress/` folder of the docs folder (`docs/.vitepress/config.ts`),
    // an mdBook's in its book's folder (`doc/user-guide/book.toml`).
    const depth = dialect === 'vitepress' || dialect === 'mdbook' ? 3 : 2;
    const found = paths.find((p) => config.test(p) && p.split('/').length <= depth);
    if (!found) continue;
    const folder = found.slice(0, found.lastIndexOf('/') + 1);
    // `config.toml` names too many tools' settings to tell Hugo without its content folder.
    const generic = dialect === 'hugo' && found.slice(folder.length).startsWith('config.');
    if (generic && !paths.some((p) => p.startsWith(`${folder}content/`))) continue;
    // Nor does a `docs.json` tell Mintlify without the MDX pages it lays out.
    const listing = dialect === 'mintlify' && found.endsWith('docs.json');
    if (listing && !paths.some((p) => p.startsWith(folder) && p.endsWith('.mdx'))) continue;
    return dialect;
  }
  // docsify's `index.html` is named as any site's: beside a `_sidebar.md` it is docsify's.
  const sidebar = paths.find((p) => /^([^/]+\/)?_sidebar\.md$/.test(p));
  if (sidebar && paths.includes(sidebar.replace(/_sidebar\.md$/, 'index.html'))) return 'docsify';
  // Jekyll's `_config.yml`, unless it is Hexo's (a `scaffolds/` folder beside it).
  const jekyll = jekyllConfigPath(paths);
  return jekyll !== undefined ? 'jekyll' : undefined;
}

/**
 * The folder of a repository's Jekyll site (`docs/`, or `''` for its root): where its `_config.yml`
 * is, at the root or one folder down, unless a `scaffolds/` folder beside it makes it Hexo's.
 */
export function jekyllConfigPath(paths: string[]): string | undefined {
  const config = paths.find(
    (p) =>
      /^([^/]+\/)?_config\.ya?ml$/.test(p) &&
      !paths.some((q) => q.startsWith(`${p.slice(0, p.lastIndexOf('/') + 1)}scaffolds/`)),
  );
  return config === undefined ? undefined : config.slice(0, config.lastIndexOf('/') + 1);
}

/** Options of {@link normaliseMarkdown}. */
export interface NormaliseOptions extends HugoOptions {
  /**
   * Whether the text was normalised before (by a loader), so that markup left in code spans and
   * blocks is an example shown to readers, never markup to replace.
   */
  normalised?: boolean;
}

/**
 * Markdown of a docs generator as the Markdown its readers see (see `normaliseHugo`,
 * `normaliseDocusaurus`, `normaliseMkdocs`, `normaliseVitepress`, `normaliseMdbook`,
 * `normaliseGitbook`, `normaliseMintlify`, `normaliseDocsify`, `normaliseJekyll`, `normaliseNuxt`,
 * `normaliseMarkdoc`); reference
 * links written inline (see `inlineReferenceLinks`); indented code blocks are fenced
 * in every dialect but MDX's, which has none, and setext headings (underlined) written as `#` ones; inline HTML anchors
 * and line breaks outside code as their text (see `inlineHtmlAsMarkdown`), a linked image as a
 * link with its description (see `linkedImagesAsLinks`); GitHub's alerts (`> [!NOTE]`) as labelled
 * quotes (see `alertsAsLabelledQuotes`); a terminal session captured with its colours as HTML as its
 * text (see `styledTerminalsAsText`).
 */
export function normaliseMarkdown(
  markdown: string,
  dialect: MarkdownDialect,
  options: NormaliseOptions = {},
): string {
  const read = styledTerminalsAsText(
    alertsAsLabelledQuotes(inlineReferenceLinks(dialectMarkdown(markdown, dialect, options))),
  );
  return outsideMarkdownCode(read, (text) => inlineHtmlAsMarkdown(linkedImagesAsLinks(text)));
}

/** The Markdown of one dialect's markup as readers see it (inline HTML aside). */
function dialectMarkdown(markdown: string, dialect: MarkdownDialect, options: NormaliseOptions): string {
  switch (dialect) {
    case 'hugo':
      return atxHeadings(
        fenceIndentedCode(
          options.normalised
            ? outsideMarkdownCode(markdown, (prose) => normaliseHugo(prose, options))
            : normaliseHugo(markdown, options),
        ),
      );
    case 'docusaurus':
      return atxHeadings(normaliseDocusaurus(markdown));
    case 'mkdocs':
      return normaliseMkdocs(atxHeadings(markdown));
    case 'vitepress':
      return normaliseVitepress(markdown);
    case 'gitbook':
      return normaliseGitbook(markdown);
    case 'mintlify':
      return normaliseMintlify(markdown);
    case 'docsify':
      return normaliseDocsify(markdown);
    case 'nuxt':
      return normaliseNuxt(markdown);
    case 'redocly':
      return normaliseMarkdoc(markdown);
    case 'jekyll':
      return atxHeadings(normaliseJekyll(markdown));
    case 'mdbook':
      // Hidden code lines are gone after the first pass: a `# x` left was written `## x`.
      return options.normalised ? markdown : normaliseMdbook(markdown);
    default:
      // A Sphinx site's Markdown pages are MyST's, read as plain Markdown with their directives.
      return atxHeadings(fenceIndentedCode(hasMyst(markdown) ? normaliseMyst(markdown) : markdown));
  }
}

/** Markdown without its fenced code blocks and code spans (where markup is shown, not used). */
export function withoutCode(markdown: string): string {
  return markdown.replace(MARKDOWN_CODE, '');
}

/**
 * A page's links that its generator publishes otherwise than a link to a file of the site (see
 * `linksToPages`, run before): mdBook's to another book's Markdown file (see
 * `mdbookOutsideLinks`), Mintlify's from the site's root (see `mintlifyRootLinks`), docsify's to a
 * section, routed after `#/` (see `docsifyLinks`; `pageUrl` is the page's own).
 */
export function generatorLinks(
  markdown: string,
  dialect: MarkdownDialect | undefined,
  baseUrl: string,
  pageUrl?: string,
): string {
  if (dialect === 'mdbook') return mdbookOutsideLinks(markdown);
  if (dialect === 'docsify') return docsifyLinks(markdown, pageUrl);
  return dialect === 'mintlify' ? mintlifyRootLinks(markdown, baseUrl) : markdown;
}
