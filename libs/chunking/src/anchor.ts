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
 */
export function slug(heading: string): string {
  const withoutMarkup = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/<[^>]+>/g, '')))
    .join('');
  return unescapeMarkdown(withoutMarkup)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The entities Markdown writes for punctuation that would be markup (`&lt;dir&gt;`). */
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/**
 * Markdown's text as its reader sees it: the entities of {@link ENTITIES} and backslash escapes
 * (`\>`, `\*`) decoded.
 */
export function unescapeMarkdown(text: string): string {
  return text
    .replace(/&(lt|gt|amp|quot);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** A URL with its fragment set to `anchor` (or left as it is without an anchor). */
export function withAnchor(url: string, anchor: string): string {
  return anchor ? `${url.replace(/#.*$/, '')}#${anchor}` : url;
}
