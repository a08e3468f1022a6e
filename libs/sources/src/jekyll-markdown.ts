import { CodeFences } from './code-fences';
import { fenceIndentedCode } from './indented-code';
import { labelledBlock, labelOf } from './labelled-block';

/** A kramdown block attribute list on a line of its own: `{: .note .info}`, `{:#install}`, `{:toc}`. */
const BLOCK_IAL = /^ {0,3}\{:(?!:)\s*([^}]*)\}\s*$/;
/** A kramdown span attribute list after an element: `[Button](#){: .btn }`, `` `x`{:.language-sh} ``. */
const SPAN_IAL = /\{:(?!:)\s*(?:[.#]|[\w-]+=)[^}\n]*\}/g;
/** kramdown's extensions: `{::comment}…{:/comment}` dropped, `{::nomarkdown}` and `{::options …/}` marks. */
const COMMENT = /\{::comment\}[\s\S]*?\{:\/(?:comment)?\}/g;
const EXTENSION_MARK = /\{::(?:nomarkdown|options)[^}]*\/?\}|\{:\/(?:nomarkdown)?\}/g;
/** A list item that stands for kramdown's generated table of contents (`* TOC`, `1. TOC`), then its `{:toc}` mark. */
const TOC_ITEM = /^ {0,3}(?:[*+-]|\d+[.)])\s+.*\n {0,3}\{:\s*toc\s*\}\s*$/gm;
/** The classes themes style as callouts (just-the-docs' `{: .note }`, Jekyll's docs' `{: .note .warning}`). */
const CALLOUTS = ['warning', 'important', 'caution', 'danger', 'tip', 'info', 'note', 'new', 'highlight'];
/** Liquid left in a page Jekyll's renderer did not render (a single file, or Liquid that failed). */
const LIQUID_RAW = /\{%-?\s*(?:end)?raw\s*-?%\}/g;
const LIQUID_RAW_BLOCK = /\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}/g;
const LIQUID_COMMENT = /\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g;
const LIQUID_HIGHLIGHT =
  /\{%-?\s*highlight\s+([\w+#.-]+)[^%]*%\}\n?([\s\S]*?)\n?\{%-?\s*endhighlight\s*-?%\}/g;
/** A URL filter on a literal (`{{ '/docs/x/' | relative_url }}`): the literal. */
const LIQUID_URL = /\{\{-?\s*(['"])([^'"]*)\1\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}/g;
const LIQUID_BASEURL = /\{\{-?\s*site\.baseurl\s*-?\}\}/g;
const LIQUID_TAG = /\{%-?[\s\S]*?-?%\}/g;
/**
 * Liquid only a page Jekyll has not rendered shows (its `{% raw %}` marks, a `{% highlight %}`, a
 * URL filter, a `{% link %}`): a rendered page's Liquid is its examples, kept as written.
 */
const UNRENDERED = /\{%-?\s*(?:raw|highlight|link)\s|\|\s*(?:relative_url|absolute_url)\s*-?\}\}/;

/**
 * Liquid read as Jekyll would render it where that needs no site: `{% raw %}` kept as written,
 * `{% highlight x %}` a code block, a URL filter on a literal the literal, `{{ site.baseurl }}`
 * nothing, comments and every other tag dropped (outputs, `{{ x }}`, are left).
 */
export function withoutLiquid(markdown: string): string {
  // Raw text is set aside first: the tags it shows are examples.
  const raw: string[] = [];
  return markdown
    .replace(LIQUID_RAW_BLOCK, (_, text: string) => `\u0000${raw.push(text) - 1}\u0000`)
    .replace(LIQUID_COMMENT, '')
    .replace(LIQUID_HIGHLIGHT, (_, language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``)
    .replace(LIQUID_RAW, '')
    .replace(LIQUID_URL, '$2')
    .replace(LIQUID_BASEURL, '')
    .replace(LIQUID_TAG, '')
    .replace(/\u0000(\d+)\u0000/g, (_, at: string) => raw[Number(at)]!);
}

/**
 * Jekyll's Markdown (kramdown) as its readers see it: a paragraph or block quote given a callout's
 * class by an attribute list (`{: .note }` above it, as just-the-docs writes them, or `{: .note
 * .warning}` below it, as Jekyll's own docs do; see {@link calloutOf}) a labelled quote (see
 * {@link callout}); a heading's `{: #id}` its `{#id}`, its inline HTML its text (see
 * {@link shownHeading}); every other attribute list (`{: .fs-6 }`, `{: .no_toc }`,
 * `[Button](#){: .btn }`), kramdown's comments and generated tables of contents (`* TOC` over
 * `{:toc}`) dropped; HTML blocks as {@link flatHtmlBlocks} reads them. Liquid the site's renderer left (a page loaded on its own, see
 * {@link UNRENDERED}) is read without a site (see {@link withoutLiquid}). Indented code is code.
 */
export function normaliseJekyll(markdown: string): string {
  const liquidless = UNRENDERED.test(markdown) ? withoutLiquid(markdown) : markdown;
  const text = fenceIndentedCode(flatHtmlBlocks(liquidless.replace(COMMENT, '').replace(TOC_ITEM, '')));
  const lines = text.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  // The lines of the paragraph written so far, and where it starts in `out`.
  let paragraphStart = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.read(line)) {
      out.push(line);
      paragraphStart = -1;
      continue;
    }
    const ial = BLOCK_IAL.exec(line);
    if (!ial) {
      const written = shownHeading(line.replace(SPAN_IAL, '').replace(EXTENSION_MARK, ''));
      if (!written.trim()) paragraphStart = -1;
      else if (paragraphStart < 0) paragraphStart = out.length;
      out.push(written);
      continue;
    }
    const attributes = ial[1]!.trim().split(/\s+/);
    const id = attributes.find((a) => a.startsWith('#'))?.slice(1);
    const { label, titled } = calloutOf(attributes.map((a) => a.replace(/^\./, ''))) ?? {};
    const previous = paragraphStart >= 0 ? out.length - 1 : -1;
    if (previous >= 0 && id && /^#{1,6}\s/.test(out[previous]!) && !/\{#[^}]*\}\s*$/.test(out[previous]!)) {
      out[previous] = `${out[previous]!.trimEnd()} {#${id}}`;
      continue;
    }
    if (!label) continue;
    if (previous >= 0) {
      // The attribute list closes the block above it.
      out.push(...callout(label, !!titled, out.splice(paragraphStart)).split('\n'));
      paragraphStart = -1;
      continue;
    }
    // The attribute list opens the block below it: that block, to its blank line.
    const body: string[] = [];
    while (i + 1 < lines.length && lines[i + 1]!.trim() && !BLOCK_IAL.test(lines[i + 1]!))
      body.push(lines[++i]!.replace(SPAN_IAL, ''));
    if (body.length) out.push(...callout(label, !!titled, body).split('\n'));
  }
  return out.join('\n');
}

/**
 * A heading as it shows, its inline HTML's text without the tags (an include's version badge,
 * `<span class="version-badge">4.3.0</span>`: the text a section is labelled with in sources);
 * any other line as it is.
 */
function shownHeading(line: string): string {
  if (!/^#{1,6}\s/.test(line) || !line.includes('<')) return line;
  return line
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/[ \t]{2,}/g, ' ')
    .trimEnd();
}

/**
 * The callout a block's classes make it, as themes style them: Just the Docs' configured names
 * (`note`, `warning`, a `-title` one led by its title), Jekyll's docs' (`note warning`, the
 * strongest naming it), Minimal Mistakes' notices (`notice`, `notice--info`, `notice--danger`).
 */
function calloutOf(classes: string[]): { label: string; titled: boolean } | undefined {
  const label = CALLOUTS.find((c) => classes.includes(c) || classes.includes(`${c}-title`));
  if (label) return { label, titled: classes.includes(`${label}-title`) };
  const notice = classes.map((c) => /^notice(?:--(\w+))?$/.exec(c)).find(Boolean);
  if (!notice) return undefined;
  const kind = notice[1] ?? 'note';
  return { label: kind === 'primary' ? 'note' : kind, titled: false };
}

/**
 * A callout's block as a labelled quote: a paragraph, or a block quote of several (just-the-docs'
 * `{: .important }` over `> A paragraph` / `>` / `> Another`), read without its `>`; a `-title`
 * class's quote (`{: .note-title }`) led by its first paragraph, the title the theme shows.
 */
function callout(label: string, titled: boolean, lines: string[]): string {
  const quoted = lines.every((l) => /^ {0,3}>/.test(l));
  const body = quoted ? lines.map((l) => l.replace(/^ {0,3}> ?/, '')) : lines;
  if (!titled) return labelledBlock(labelOf(label), body.join('\n'));
  const gap = body.findIndex((l) => !l.trim());
  const title = (gap < 0 ? body : body.slice(0, gap)).join(' ').trim();
  return labelledBlock(title || labelOf(label), gap < 0 ? '' : body.slice(gap + 1).join('\n'));
}

/** A line opening one of the HTML blocks kramdown reads to their closing tag: `<div class="note">`, `<table>`. */
const HTML_BLOCK_OPEN = /^ {0,3}<(div|table|section|aside|figure|details|dl|ol|ul|blockquote|form)\b[^>]*>/i;
/** How many lines an HTML block may run to find its closing tag. */
const HTML_BLOCK_LINES = 2000;

/**
 * kramdown's HTML blocks as CommonMark reads one: kramdown reads a block from its opening tag to
 * the tag that closes it, blank and indented lines and all (Jekyll's docs draw option tables with
 * Liquid loops, indented four spaces and more), where CommonMark ends it at a blank line and reads
 * the indented lines after as code. Its lines are written unindented and without blank lines, each
 * table on a line of its own (made a Markdown table at ingestion); a theme's callout (`<div
 * class="note warning">`, see {@link calloutOf}) a labelled quote. A block whose content is
 * Markdown (`markdown="1"`) is that Markdown. A block never closed is left as written.
 */
function flatHtmlBlocks(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const fences = new CodeFences();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = fences.read(line) ? null : HTML_BLOCK_OPEN.exec(line);
    const end = open ? closingLine(lines, i, open[1]!) : -1;
    if (!open || end < 0) {
      out.push(line);
      continue;
    }
    const classes = (/\bclass="([^"]*)"/.exec(open[0])?.[1] ?? '').split(/\s+/);
    // A theme's note (`note`, `notice--info`), not any div whose class names a colour or a
    // highlighter's output (`<div class="highlight result">`).
    const noted = classes.some((c) => c === 'note' || /^notice(--\w+)?$/.test(c));
    const kind = open[1]!.toLowerCase() === 'div' && noted ? calloutOf(classes) : undefined;
    const markdown =
      MARKDOWN_INSIDE.test(open[0]) && open[0].trim() === line.trim() && /^\s*<\/div>\s*$/i.test(lines[end]!);
    if (markdown) {
      // Its content is Markdown (`markdown="1"`), kept as written.
      const inner = lines.slice(i + 1, end).join('\n');
      out.push(kind ? labelledBlock(labelOf(kind.label), inner) : inner, '');
      i = end;
      continue;
    }
    const html = lines
      .slice(i, end + 1)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n');
    const note = kind && NOTE_DIV.exec(html);
    out.push(note ? noteBlock(kind.label, note[1]!) : tablesOnLinesOfTheirOwn(html), '');
    i = end;
  }
  return out.join('\n');
}

/** The line where the element opened at line `start` closes; -1 when none does soon enough. */
function closingLine(lines: string[], start: number, tag: string): number {
  const opens = new RegExp(`<${tag}\\b`, 'gi');
  const closes = new RegExp(`</${tag}\\s*>`, 'gi');
  let depth = 0;
  for (let i = start; i < Math.min(lines.length, start + HTML_BLOCK_LINES); i++) {
    depth += (lines[i]!.match(opens)?.length ?? 0) - (lines[i]!.match(closes)?.length ?? 0);
    if (depth <= 0) return i;
  }
  return -1;
}

/** A callout's HTML block (see {@link calloutOf}): `<div class="note warning">`, its content. */
const NOTE_DIV = /^<div\b[^>]*>([\s\S]*)<\/div>$/i;
/** An HTML block whose content kramdown reads as Markdown: `<div class="notice--info" markdown="1">`. */
const MARKDOWN_INSIDE = /\bmarkdown=["']?(?:1|block)\b/;

/** A callout's HTML as a labelled quote (see `labelledBlock`), led by its `<h5>` title in bold. */
function noteBlock(label: string, html: string): string {
  const body = html
    .replace(/<\/?span\b[^>]*>/gi, '')
    .replace(
      /<h\d\b[^>]*>([\s\S]*?)<\/h\d>/gi,
      (_, title: string) => `**${title.replace(/\s+/g, ' ').trim()}**\n\n`,
    )
    .replace(/<code\b[^>]*>([\s\S]*?)<\/code>/gi, (_, code: string) => `\`${decodedEntities(code)}\``)
    .replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, '*$2*')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?p\b[^>]*>/gi, '\n\n');
  return labelledBlock(labelOf(label), body);
}

/** An HTML block with each of its tables on a line of its own (tables are not nested in docs). */
function tablesOnLinesOfTheirOwn(html: string): string {
  return html.replace(/<table\b[\s\S]*?<\/table>/gi, (table) => `\n${table.replace(/\n/g, ' ')}\n`);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" };

/** HTML's few escapes decoded, for code (where Markdown shows an entity as written). */
function decodedEntities(code: string): string {
  return code.replace(/&(lt|gt|amp|quot|#39);/g, (_, name: string) => ENTITIES[name]!);
}
