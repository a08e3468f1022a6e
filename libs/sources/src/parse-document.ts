import { basename, extname } from 'node:path';
import matter from 'gray-matter';
import { convert } from 'html-to-text';
import { parse as parseToml } from 'smol-toml';
import type { DocumentContentType, MarkdownDialect } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { asciidocShownTitle } from './asciidoc-html';
import { refuseDeepHtml } from './html-depth';
import type { LoadedDocument } from './load-result';
import { detectDialect, mdxDialect, normaliseMarkdown } from './markdown-dialect';
import { DEFAULT_PARSE_LIMITS, refuseLongText, type ParseLimits } from './parse-limits';
import { rstTitle } from './rst-markdown';
import { vitepressHomeText } from './vitepress-markdown';

/** Longest title taken from a document's text (a first line can be a whole paragraph). */
const MAX_TITLE = 200;

/** What {@link parseDocument} builds a document from. */
export interface DocumentSource {
  id: string;
  content: string;
  type: DocumentContentType;
  /** MDX: `import`/`export` statements and JSX component tags are dropped (see `stripMdx`). */
  mdx?: boolean;
  /**
   * The docs generator of a Markdown document (see `normaliseMarkdown`); MDX is read as
   * Mintlify's on a Mintlify site (or showing its components), else as Docusaurus's (see
   * `mdxDialect`). @defaultValue detected from its markup
   */
  dialect?: MarkdownDialect;
  /** The URL of a page a Hugo `ref`/`relref` names (see `normaliseHugo`). */
  resolveRef?: (target: string) => string | null;
  /** Where the document lives; search results link there. A front-matter `url` that is a full URL wins. */
  url?: string;
  /** Added to every document; wins over front matter. */
  metadata?: Record<string, string>;
  /** Title when the content names none. @defaultValue the file name in `id`, words split */
  fallbackTitle?: string;
  /** Longest text and deepest HTML taken. @defaultValue {@link DEFAULT_PARSE_LIMITS} */
  limits?: Pick<ParseLimits, 'textChars' | 'htmlDepth'>;
}

/**
 * Builds a document from text content. Markdown: front matter (YAML, or TOML between `+++`)
 * becomes metadata, the title comes from the front matter (`title`, else Hugo's `linkTitle`) or
 * the first heading, and a docs generator's markup is turned into what its readers see (see
 * `normaliseMarkdown`). AsciiDoc and reStructuredText keep their markup (Markdown is made of them
 * at ingestion) and take their title from it. HTML: the title comes from `<title>` or the first
 * `<h1>`; the API keeps the main text, headings and code and drops navigation and scripts.
 * Throws a ValidationError for text longer than the limit and HTML nested deeper than it.
 */
export function parseDocument(source: DocumentSource): LoadedDocument {
  const { id, type, metadata = {}, limits = DEFAULT_PARSE_LIMITS } = source;
  refuseLongText(source.content, limits);
  if (type === 'text/html') refuseDeepHtml(source.content, limits);
  const fallback = source.fallbackTitle ?? titleFromPath(id);
  if (type === 'text/markdown') {
    const parsed = readFrontMatter(source.content);
    const front = parsed.data as Record<string, unknown>;
    // An MDX file is read as MDX whatever its folder's generator (its components must go).
    const dialect = source.mdx
      ? mdxDialect(source.dialect, parsed.content)
      : (source.dialect ?? detectDialect(parsed.content));
    const read = normaliseMarkdown(parsed.content, dialect, { resolveRef: source.resolveRef }).trim();
    // A VitePress home page's hero and features are written in its front matter, and so is the
    // lead a Mintlify page shows under its title (its `description`).
    const lead =
      dialect === 'vitepress'
        ? vitepressHomeText(front)
        : dialect === 'mintlify'
          ? (stringOf(front.description) ?? '')
          : '';
    const body = [lead, read].filter(Boolean).join('\n\n');
    const title =
      stringOf(front.title) ??
      stringOf(front.linkTitle) ??
      stringOf(/^#{1,6}\s+(.+?)\s*(\{#[^}]*\})?\s*#*$/m.exec(body)?.[1]) ??
      fallback;
    const own = stringOf(front.url);
    const url = own && /^https?:\/\//i.test(own) ? own : source.url;
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
      : type === 'text/asciidoc'
        ? (asciidocShownTitle(source.content) ?? fallback)
        : type === 'text/x-rst'
          ? (rstTitle(source.content) ?? fallback)
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
 * Markdown split into front matter (YAML between `---`, TOML between `+++`) and body; front
 * matter that cannot be read throws a ValidationError saying so, with the parser's first line
 * (`… at line 3, column 1:`), not its bare message and source excerpt. A page that opens with a
 * thematic break (`---`, then text that is no `key:` line: an included snippet opening with a rule
 * above an admonition) has no front matter: it is read as Markdown from its first line.
 */
export function readFrontMatter(content: string): matter.GrayMatterFile<string> {
  try {
    if (/^\+\+\+\s*\n/.test(content))
      return matter(content, { delimiters: '+++', language: 'toml', engines: { toml: parseToml } });
    return matter(content);
  } catch (err) {
    if (opensWithRule(content)) return { ...matter(''), content, orig: content };
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.replace(/:$/, '');
    const [lines, language] = content.startsWith('+++') ? ['+++', 'TOML'] : ['---', 'YAML'];
    throw new ValidationError(
      `the front matter (between the ${lines} lines) is not valid ${language}: ${reason}`,
    );
  }
}

/**
 * Whether YAML-fenced content opens with a thematic break rather than front matter: the first
 * line after `---` that is not blank is no `key:` line, YAML comment or document marker.
 */
function opensWithRule(content: string): boolean {
  const first = /^---[ \t]*\r?\n(?:[ \t]*\r?\n)*([^\n]*)/.exec(content)?.[1];
  return first !== undefined && !/^\s*(?:#|---|\.\.\.|[\w"'][^:]*:(?:\s|$))/.test(first);
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

/**
 * An AsciiDoc document's title read again once a loader gave it attributes (see `withAttributes`):
 * `= {prodname} Server` is `Debezium Server` only then.
 */
export function attributedTitle(document: Pick<LoadedDocument, 'content' | 'title'>): string {
  return clampTitle(asciidocShownTitle(document.content) ?? document.title);
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
