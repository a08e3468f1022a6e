import { compile, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import type { DocumentContentType } from '@docqa/contracts';
import {
  asciidocHtml,
  detectDialect,
  HTML_DEPTH_CEILING,
  normaliseMarkdown,
  outsideMarkdownCode,
  refuseDeepHtml,
  rstToMarkdown,
} from '@docqa/sources';

const ESCAPES = { '<': '&lt;', '>': '&gt;' };

/** A parsed HTML node, as html-to-text's formatters receive it. */
interface HtmlNode {
  type?: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
}

/** The text of a node and its descendants, whitespace kept. */
function textOf(node: HtmlNode): string {
  return (node.children ?? []).map((c) => (c.type === 'text' ? (c.data ?? '') : textOf(c))).join('');
}

function escapeMarkup(text: string): string {
  return text.replace(/[<>]/g, (c) => ESCAPES[c as '<' | '>']);
}

/** Elements below a node (itself excluded) named `name`, not looking inside `stop` elements. */
function descendants(node: HtmlNode, name: string, stop?: string): HtmlNode[] {
  return (node.children ?? []).flatMap((c) =>
    c.name === name ? [c] : c.name === stop ? [] : descendants(c, name, stop),
  );
}

/** The language a code block names in its class (`language-bash`, `lang-js`), on `<pre>` or `<code>`. */
function codeLanguage(pre: HtmlNode): string {
  for (const node of [pre, ...descendants(pre, 'code')]) {
    const match = /(?:^|\s)lang(?:uage)?-([\w+#.-]+)/.exec(node.attribs?.class ?? '');
    if (match) return match[1]!;
  }
  return '';
}

/** A run of backticks longer than any in `text` (at least `min`), to fence or span it. */
function backticks(text: string, min: number): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(min, longest + 1));
}

/**
 * A `<pre>` as a fenced Markdown code block with its language. The code is kept as written:
 * inside a fence Markdown shows `<` as text, so it needs no escaping (and escaping it would put
 * `&lt;` into a command a reader copies).
 */
function fencedCode(pre: HtmlNode): string {
  const code = withoutCallouts(pre).replace(/^\n/, '').trimEnd();
  const fence = backticks(code, 3);
  return `${fence}${codeLanguage(pre)}\n${code}\n${fence}`;
}

/** Marks where an AsciiDoc callout was in a code block's text (a character code never holds). */
const CALLOUT = '\u0000';

/**
 * A code block's text without AsciiDoc's callout numbers (`puts 1 # <1>`, rendered as
 * `<b class="conum">(1)</b>`): the published page shows them as marks beside the code that are
 * not copied with it, and `gem install asciidoctor (1)` is no command. The line comment that only
 * held a callout (`#`, `//`, `--`, `;`, `%`) goes with it.
 */
function withoutCallouts(pre: HtmlNode): string {
  const text = (node: HtmlNode): string =>
    (node.children ?? [])
      .map((c) =>
        c.type === 'text' ? (c.data ?? '') : /\bconum\b/.test(c.attribs?.class ?? '') ? CALLOUT : text(c),
      )
      .join('');
  return text(pre)
    .split('\n')
    .map((line) =>
      line.includes(CALLOUT)
        ? line.replace(/\s*(?:#|\/\/|--|;+|%)?(?:\s*\u0000)+\s*$/, '').replaceAll(CALLOUT, '')
        : line,
    )
    .join('\n');
}

/** An inline `<code>` as a Markdown code span (shown as text, so kept as written too). */
function codeSpan(code: HtmlNode): string {
  const text = textOf(code).replace(/\s+/g, ' ');
  const ticks = backticks(text, 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A node's text with its code spans, the rest escaped (a table cell's content). */
function inlineMarkdown(node: HtmlNode): string {
  return (node.children ?? [])
    .map((c) =>
      c.type === 'text' ? escapeMarkup(c.data ?? '') : c.name === 'code' ? codeSpan(c) : inlineMarkdown(c),
    )
    .join('');
}

/**
 * A `<table>` as a Markdown table, as a Markdown document would have it: the first row is the
 * header (a `<thead>` row or not), each cell's text on one line, `|` escaped.
 */
function markdownTable(table: HtmlNode): string {
  const rows = descendants(table, 'tr', 'table').map((tr) =>
    (tr.children ?? [])
      .filter((c) => c.name === 'td' || c.name === 'th')
      .map((cell) => inlineMarkdown(cell).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|')),
  );
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (!width) return '';
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(Array(width).fill('---')), ...body.map(line)].join('\n');
}

/**
 * Turns a document's content into Markdown for chunking. Markdown: a docs generator's markup
 * left in it (Hugo shortcodes, Docusaurus and MkDocs admonitions and tabs, when not normalised by
 * a loader already) is turned into what readers see, and indented code is fenced (see
 * `normaliseMarkdown`). AsciiDoc goes through Asciidoctor's HTML, its sections keeping their ids
 * and its description lists (`term:: text`) turned into items led by their terms;
 * reStructuredText through `rstToMarkdown`. HTML loses navigation, scripts and styles but keeps
 * its headings (as `#` lines), paragraphs, lists, tables (as Markdown tables), admonitions (as
 * labelled quotes) and code (`<pre>` as fenced code blocks with their language, `<code>` as code
 * spans). Text the HTML escaped (`&lt;script&gt;`) stays escaped outside code: Markdown passes raw
 * HTML through, so a decoded `<` would come back as live markup in answers and snippets. HTML nested
 * deeper than html-to-text walks safely is refused with a ValidationError (the API and the loaders
 * refuse it before; a job queued before they did fails here, saying why).
 */
export async function toMarkdown(content: string, type: DocumentContentType): Promise<string> {
  switch (type) {
    case 'text/markdown':
      return htmlBlocks(normaliseMarkdown(content, detectDialect(content), { normalised: true }));
    case 'text/html':
      return htmlToMarkdown(content, { anchors: false });
    case 'text/asciidoc':
      return htmlToMarkdown(await asciidocHtml(content), { anchors: true });
    case 'text/x-rst':
      return rstToMarkdown(content);
    default:
      return content;
  }
}

/**
 * An HTML description list or table written in Markdown, from its `<dl>` or `<table>` line to the
 * line its closing tag ends (the same line for a table written on one).
 */
const HTML_BLOCK = /^[ \t]*<(dl|table)\b[^>]*>[\s\S]*?<\/\1>[ \t]*$/gm;

/**
 * Markdown's HTML description lists (`<dl>`, `<dt>` terms, `<dd>` descriptions: the option lists
 * of Cargo's command pages) as the list items led by their terms an AsciiDoc one becomes (see
 * `descriptionList`), and its HTML tables (Jekyll's docs draw their option tables from data files)
 * as Markdown tables, not tags around the text in chunks and quotes. Code is left alone.
 */
function htmlBlocks(markdown: string): string {
  if (!markdown.includes('<dl') && !markdown.includes('<table')) return markdown;
  return outsideMarkdownCode(markdown, (prose) =>
    prose.replace(HTML_BLOCK, (html, tag: string) =>
      htmlToMarkdown(tag.toLowerCase() === 'dl' ? `<div class="dlist">${html}</div>` : html, {
        anchors: false,
      }).trim(),
    ),
  );
}

/**
 * html-to-text's converter for each `anchors` setting, compiled once: compiling its selectors costs
 * more than converting a short block (a Cargo command page's option lists, one call each).
 */
const converters = new Map<boolean, (html: string) => string>();

/** HTML as Markdown; with `anchors`, headings keep their ids as `{#id}`. */
function htmlToMarkdown(html: string, { anchors }: { anchors: boolean }): string {
  refuseDeepHtml(html, { htmlDepth: HTML_DEPTH_CEILING });
  let convert = converters.get(anchors);
  if (!convert) converters.set(anchors, (convert = compile(htmlOptions(anchors))));
  return convert(html).replace(/\n{3,}/g, '\n\n');
}

/** What html-to-text keeps of HTML, and how it writes it as Markdown (see {@link htmlToMarkdown}). */
function htmlOptions(anchors: boolean): HtmlToTextOptions {
  return {
    wordwrap: false,
    encodeCharacters: ESCAPES,
    baseElements: { selectors: ['main', 'article', 'body'], returnDomByDefault: true },
    selectors: [
      ...[1, 2, 3, 4, 5, 6].map((level) => ({
        selector: `h${level}`,
        format: 'heading',
        options: {
          uppercase: false,
          leadingLineBreaks: 2,
          trailingLineBreaks: 1,
          prefix: `${'#'.repeat(level)} `,
          anchors,
        },
      })),
      { selector: 'nav', format: 'skip' },
      { selector: 'header', format: 'skip' },
      { selector: 'footer', format: 'skip' },
      { selector: 'aside', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'ul', options: { itemPrefix: '- ' } },
      { selector: 'pre', format: 'fencedCode' },
      { selector: 'code', format: 'codeSpan' },
      { selector: 'table', format: 'markdownTable' },
      { selector: 'div.admonitionblock', format: 'admonition' },
      { selector: 'div.dlist', format: 'descriptionList' },
      { selector: 'div.listingblock', format: 'verbatimBlock' },
      { selector: 'div.literalblock', format: 'verbatimBlock' },
    ],
    formatters: {
      heading: (elem, walk, builder, options) => {
        builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 2 });
        builder.addInline(String(options.prefix ?? ''));
        walk(elem.children, builder);
        const id = (elem as HtmlNode).attribs?.id;
        if (options.anchors && id) builder.addLiteral(` {#${id}}`);
        builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 1 });
      },
      // Literal text, past `encodeCharacters`: code is shown as written, a table's cells are
      // escaped by markdownTable itself.
      fencedCode: (elem, _walk, builder) => literalBlock(builder, fencedCode(elem)),
      markdownTable: (elem, _walk, builder) => literalBlock(builder, markdownTable(elem)),
      codeSpan: (elem, _walk, builder) => builder.addLiteral(codeSpan(elem)),
      admonition,
      descriptionList,
      verbatimBlock,
    },
  };
}

/**
 * An AsciiDoc admonition (`<div class="admonitionblock note">`: a table of its label and its
 * content) as a labelled quote, `> **Note:** …`.
 */
const admonition: FormatCallback = (elem, walk, builder) => {
  const cells = descendants(elem as HtmlNode, 'td');
  const icon = cells.find((c) => /\bicon\b/.test(c.attribs?.class ?? ''));
  const body = cells.find((c) => /\bcontent\b/.test(c.attribs?.class ?? ''));
  const label = (icon && textOf(icon).trim()) || 'Note';
  builder.openBlock({ leadingLineBreaks: 2, reservedLineLength: 2 });
  builder.addLiteral(`**${label}:** `);
  walk((body?.children ?? []) as Parameters<FormatCallback>[0]['children'], builder);
  builder.closeBlock({
    trailingLineBreaks: 2,
    blockTransform: (text) =>
      text
        .trim()
        .replace(/^(\*\*[^*\n]+:\*\*)[ \t]*/, '$1 ')
        .split('\n')
        .map((line) => (line.trim() ? `> ${line}` : '>'))
        .join('\n'),
  });
};

/** One entry of a description list: its terms (several may share a description) and that. */
interface DescriptionEntry {
  terms: HtmlNode[];
  body: HtmlNode[];
}

/** The entries of an AsciiDoc description list: its `<dl>`'s terms (`<dt>`) with their `<dd>`. */
function descriptionEntries(list: HtmlNode): DescriptionEntry[] {
  const entries: DescriptionEntry[] = [];
  let terms: HtmlNode[] = [];
  for (const child of descendants(list, 'dl', 'dl')[0]?.children ?? []) {
    if (child.name === 'dt') terms.push(child);
    if (child.name !== 'dd') continue;
    entries.push({ terms, body: child.children ?? [] });
    terms = [];
  }
  if (terms.length) entries.push({ terms, body: [] });
  return entries;
}

/**
 * What leads a description list's item: its terms, bold with a colon (`**rouge-style:**`), as
 * reST's field lists are written; terms written as code stay code spans, as an option list
 * writes its options (`` `-S`, `--safe-mode=SAFE_MODE`: ``).
 */
function termLead(terms: HtmlNode[]): string {
  const text = terms
    .map((t) => inlineMarkdown(t).replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ')
    .replace(/:$/, '');
  // A question as the term (an FAQ's "Why is X slow?::") takes no colon after its mark.
  const lead = /[?!]$/.test(text) ? text : `${text}:`;
  return text.startsWith('`') ? lead : `**${lead}**`;
}

/**
 * An AsciiDoc description list (`term:: text`, `<div class="dlist">`) as Markdown list items led
 * by their terms, the description's first paragraph on the term's line and its other blocks (a
 * command attached with `+`) nested in the item: a term on a line of its own was a paragraph
 * apart from what describes it (`coderay-linenums-mode`, then "Controls how line numbers are laid
 * out"). A horizontal list (`[horizontal]`, `<div class="hdlist">`) is a table on the page and
 * stays one.
 */
const descriptionList: FormatCallback = (elem, walk, builder) => {
  const entries = descriptionEntries(elem as HtmlNode);
  if (!entries.length) return;
  type Nodes = Parameters<FormatCallback>[0]['children'];
  builder.openList({ interRowLineBreaks: 1, leadingLineBreaks: 2 });
  for (const { terms, body } of entries) {
    builder.openListItem({ prefix: '- ' });
    builder.addLiteral(termLead(terms));
    const [first, ...rest] = body.filter((c) => c.type !== 'text' || (c.data ?? '').trim());
    if (first?.name === 'p') {
      builder.addInline(' ');
      walk((first.children ?? []) as Nodes, builder);
      walk(rest as Nodes, builder);
    } else if (first) walk([first, ...rest] as Nodes, builder);
    builder.closeListItem();
  }
  builder.closeList({ trailingLineBreaks: 2 });
};

/**
 * An AsciiDoc listing or literal block (`<div class="listingblock">`: its title and its `<pre>`),
 * left out when its code is empty: what it included was not read (an Antora example,
 * `include::example$my-document.adoc[]`, see `withIncludes`), and an empty code box under its
 * caption ("my-document.adoc") shows the reader nothing to copy.
 */
const verbatimBlock: FormatCallback = (elem, walk, builder) => {
  const pre = descendants(elem as HtmlNode, 'pre')[0];
  if (pre && !textOf(pre).trim()) return;
  builder.openBlock({ leadingLineBreaks: 1 });
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** Adds text as a block of its own, line breaks kept. */
function literalBlock(builder: Parameters<FormatCallback>[2], text: string): void {
  builder.openBlock({ isPre: true, leadingLineBreaks: 2 });
  builder.addLiteral(text);
  builder.closeBlock({ trailingLineBreaks: 2 });
}
