/**
 * Anchors of a document's headings as GitHub, Hugo and Docusaurus make them (loaders write the
 * anchors of other generators, MkDocs, Sphinx, Asciidoctor, as `{#id}`): the heading's text
 * lower-cased, punctuation dropped, spaces turned into hyphens; a repeated slug gets `-1`, `-2`…
 * in document order. One instance per document.
 */
export class HeadingAnchors {
  private readonly seen = new Map<string, number>();

  /** The anchor of the next heading of the document with this (Markdown) text. */
  next(heading: string): string {
    const base = slug(heading);
    let anchor = base;
    let count = this.seen.get(base) ?? 0;
    while (this.seen.has(anchor)) anchor = `${base}-${++count}`;
    this.seen.set(base, count);
    this.seen.set(anchor, 0);
    return anchor;
  }

  /** A heading's own anchor (`{#id}`), kept as written; later slugs step around it. */
  take(anchor: string): string {
    if (!this.seen.has(anchor)) this.seen.set(anchor, 0);
    return anchor;
  }
}

/**
 * The GitHub slug of a heading's text as its reader sees it: inline Markdown (links, emphasis,
 * HTML tags) removed, but a code span's text kept as written (`` `pnpm link <dir>` ``: "dir"),
 * entities and backslash escapes decoded (`--filter &lt;selector\>`: "--filter-selector").
 * Hugo, Docusaurus and MyST's `heading_anchors` slug the same text.
 */
export function slug(heading: string): string {
  return unescapeMarkdown(withoutInlineMarkup(heading))
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * A heading path (`Settings › --filter &lt;selector\>`) as its reader sees it, for labels shown
 * as plain text: each heading's links and HTML tags removed (code spans keep what they hold),
 * entities and escapes decoded, code spans' backticks and emphasis markers dropped.
 */
export function headingPathText(path: string): string {
  return path
    .split(' › ')
    .map((heading) =>
      unescapeMarkdown(withoutInlineMarkup(heading))
        .replace(/`+/g, '')
        .replace(/\*\*(\S(?:.*?\S)?)\*\*/g, '$1')
        .replace(/(^|\s)\*(\S(?:.*?\S)?)\*/g, '$1$2')
        .trim(),
    )
    .join(' › ');
}

/**
 * Emphasis written with underscores (`_Black_`, `__init__`) where CommonMark reads it as emphasis:
 * not inside a word (`snake_case_name`, `_private_var` stay as written).
 */
const UNDERSCORE_EMPHASIS = /(^|[^\p{L}\p{N}_])(_{1,2})(?=[^\s_])(.*?[^\s_])\2(?![\p{L}\p{N}_])/gu;

/**
 * Inline Markdown's links as their text, HTML tags dropped and underscore emphasis as its text,
 * except inside code spans (`` `__init__` `` is code, as written).
 */
function withoutInlineMarkup(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/<[^>]+>/g, '').replace(UNDERSCORE_EMPHASIS, '$1$3')))
    .join('');
}

/** The entities Markdown writes for punctuation that would be markup (`&lt;dir&gt;`). */
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Markdown's text as its reader sees it: the entities of {@link ENTITIES}, numeric character
 * references (`&#58;`, `&#x3A;`) and backslash escapes (`\>`, `\*`) decoded, each once
 * (`&amp;lt;` is `&lt;`).
 */
export function unescapeMarkdown(text: string): string {
  return text
    .replace(
      /&(?:(lt|gt|amp|quot|apos|nbsp)|#(\d{1,7})|#[xX]([\da-fA-F]{1,6}));/g,
      (entity, name, dec, hex) => {
        if (name) return ENTITIES[name as string]!;
        const point = dec ? Number(dec) : parseInt(hex as string, 16);
        return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
      },
    )
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/**
 * A URL with its fragment set to `anchor` (or left as it is without an anchor); a hash-routed
 * page's (`https://docsify.js.org/#/configuration`, whose fragment is its route) with the
 * anchor as the section's `?id=` its router reads (`…/#/configuration?id=loadsidebar`).
 */
export function withAnchor(url: string, anchor: string): string {
  if (!anchor) return url;
  return HASH_ROUTE.test(url) ? `${pageOf(url)}?id=${anchor}` : `${pageOf(url)}#${anchor}`;
}

/** A URL whose fragment is a route (`…/#/configuration`), as hash-routed docs sites (docsify's) write them. */
const HASH_ROUTE = /^[^#]*#\/[^?#]*/;

/**
 * The page a section's URL is on: the URL without its anchor (`…/install#linux` → `…/install`);
 * a hash-routed page's route kept, without its section's `?id=` (`…/#/configuration?id=x` →
 * `…/#/configuration`).
 */
export function pageOf(url: string): string {
  return HASH_ROUTE.exec(url)?.[0] ?? url.replace(/#.*$/, '');
}
