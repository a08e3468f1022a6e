import { basename, extname } from 'node:path';
import matter from 'gray-matter';
import { convert } from 'html-to-text';
import type { DocumentContentType } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { refuseDeepHtml } from './html-depth';
import type { LoadedDocument } from './load-result';
import { DEFAULT_PARSE_LIMITS, refuseLongText, type ParseLimits } from './parse-limits';
import { stripMdx } from './strip-mdx';

/** Longest title taken from a document's text (a first line can be a whole paragraph). */
const MAX_TITLE = 200;

/** What {@link parseDocument} builds a document from. */
export interface DocumentSource {
  id: string;
  content: string;
  type: DocumentContentType;
  /** MDX: `import`/`export` statements and JSX component tags are dropped (see `stripMdx`). */
  mdx?: boolean;
  /** Where the document lives; search results link there. Markdown front matter `url` wins. */
  url?: string;
  /** Added to every document; wins over front matter. */
  metadata?: Record<string, string>;
  /** Title when the content names none. @defaultValue the file name in `id`, words split */
  fallbackTitle?: string;
  /** Longest text and deepest HTML taken. @defaultValue {@link DEFAULT_PARSE_LIMITS} */
  limits?: Pick<ParseLimits, 'textChars' | 'htmlDepth'>;
}

/**
 * Builds a document from text content. Markdown: front matter becomes metadata, the title comes
 * from the front matter or the first heading. HTML: the title comes from `<title>` or the first
 * `<h1>`; the API keeps the main text, headings and code and drops navigation and scripts.
 * Throws a ValidationError for text longer than the limit and HTML nested deeper than it.
 */
export function parseDocument(source: DocumentSource): LoadedDocument {
  const { id, type, metadata = {}, limits = DEFAULT_PARSE_LIMITS } = source;
  refuseLongText(source.content, limits);
  if (type === 'text/html') refuseDeepHtml(source.content, limits);
  const fallback = source.fallbackTitle ?? titleFromPath(id);
  if (type === 'text/markdown') {
    const parsed = frontMatter(source.content);
    const front = parsed.data as Record<string, unknown>;
    const body = (source.mdx ? stripMdx(parsed.content) : parsed.content).trim();
    const title = stringOf(front.title) ?? stringOf(/^#{1,6}\s+(.+?)\s*#*$/m.exec(body)?.[1]) ?? fallback;
    const url = stringOf(front.url) ?? source.url;
    return {
      id,
      title: clampTitle(title),
      ...(url && { url }),
      content: body || title,
      content_type: type,
      metadata: { ...scalarMetadata(front), ...metadata },
    };
  }
  const title =
    type === 'text/html'
      ? (htmlText(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(source.content)?.[1]) ??
        htmlText(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(source.content)?.[1]) ??
        fallback)
      : fallback;
  return {
    id,
    title: clampTitle(title),
    ...(source.url && { url: source.url }),
    content: source.content,
    content_type: type,
    metadata,
  };
}

/**
 * Markdown split into front matter and body; front matter that is not YAML throws a
 * ValidationError saying so, with the parser's first line (`… at line 3, column 1:`), not its
 * bare message and source excerpt.
 */
function frontMatter(content: string): matter.GrayMatterFile<string> {
  try {
    return matter(content);
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.replace(/:$/, '');
    throw new ValidationError(`the front matter (between the --- lines) is not valid YAML: ${reason}`);
  }
}

/** A title from a file name: `guide/getting-started.md` → `getting started`. */
export function titleFromPath(path: string): string {
  return basename(path, extname(path)).replace(/[-_]+/g, ' ').trim() || path;
}

/** A title from a URL: its last path segment as words, else its host. */
export function titleFromUrl(url: string): string {
  const { hostname, pathname } = new URL(url);
  const last = pathname.split('/').filter(Boolean).at(-1);
  return last ? titleFromPath(decodeURIComponent(last)) : hostname;
}

/** Shortens text used as a title to {@link MAX_TITLE} characters at a word boundary. */
export function clampTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_TITLE) return flat;
  const cut = flat.slice(0, MAX_TITLE - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > MAX_TITLE / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The text of an HTML fragment, entities decoded. */
function htmlText(html: string | undefined): string | undefined {
  return html === undefined ? undefined : stringOf(convert(html, { wordwrap: false }).replace(/\s+/g, ' '));
}

/** Front-matter values usable as filter metadata: strings, numbers, booleans and string lists. */
function scalarMetadata(
  front: Record<string, unknown>,
): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [key, value] of Object.entries(front)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value as string | number | boolean;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out[key] = value as string[];
  }
  return out;
}
