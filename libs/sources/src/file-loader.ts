import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import type { MarkdownDialect, PageUrlStyle } from '@docqa/contracts';
import { AntoraComponents, antoraPagePath, componentFolder, withAttributes } from './antora-component';
import { AsciidoctorConfigs } from './asciidoctor-config';
import { withIncludes } from './asciidoc-includes';
import { toDocumentId } from './document-id';
import { CONTENT_TYPE_BY_KIND, KIND_BY_EXTENSION, type DocumentKind } from './document-kind';
import { decodeFileText } from './file-text';
import { hugoRefTargets } from './hugo-markdown';
import { emptyLoadResult, reasonOf, type LoadResult, type LoadedDocument } from './load-result';
import { detectDialect, generatorLinks } from './markdown-dialect';
import { linksToPages } from './markdown-links';
import { withRstIncludes } from './rst-includes';
import { linkPlaceholdersFilled } from './link-placeholders';
import { attributedTitle, parseDocument, readFrontMatter } from './parse-document';
import { DEFAULT_PARSE_LIMITS, textTooLong, type ParseLimits } from './parse-limits';
import { pathFilter, type PathFilterOptions } from './path-filter';
import { pdfDocument } from './pdf-loader';
import { pageFront, type PageFront } from './published-url';
import { ReferenceTitles } from './reference-titles';
import { siteConfiguration } from './site-configuration';
import { SitePages } from './site-pages';
import { siteLanguages } from './translated-pages';
import {
  hugoRender,
  unpublishedReason,
  unrenderedHugoFiles,
  TEXTLESS_HOME,
  TEXTLESS_PAGE,
  UNPUBLISHED_HUGO,
  type HugoRender,
} from './unpublished-files';
import { jekyllHtmlPage } from './jekyll-liquid';
import { withMarkdownIncludes } from './markdown-includes';

/** Why a file of another type is not loaded. */
export const UNSUPPORTED_FILE_REASON = 'not Markdown, MDX, AsciiDoc, reStructuredText, HTML, text or PDF';

/** Options of {@link loadPaths}. */
export interface LoadPathsOptions extends PathFilterOptions {
  /** Added to every document, for filters; wins over front matter. */
  metadata?: Record<string, string>;
  /**
   * Where the files are published: each document links to its page under it, mapped the way the
   * docs generator maps files to pages (see `pagePath`), and so do the Markdown files' links to
   * one another and Hugo's `ref`/`relref`. A front-matter `url` that is a full URL wins.
   */
  baseUrl?: string;
  /**
   * The docs generator the Markdown files are written for. @defaultValue the one most files of
   * a folder show the markup of (see `detectDialect`), else plain Markdown
   */
  dialect?: MarkdownDialect;
  /**
   * The URL style the site publishes pages in (`page.html` or `page/`), where the generator's
   * setting is not in the folder (Antora's playbook, Sphinx's builder). @defaultValue an
   * `mkdocs.yml`'s `use_directory_urls` beside or above the folder, else the generator's own (see
   * `PageOptions.pageUrls`; Antora's `html`)
   */
  pageUrls?: PageUrlStyle;
  /**
   * The language a folder of a site in several languages is read in (`ja`): its pages in that
   * language, and the default language's where it has none (see `siteLanguages`). @defaultValue
   * the site's default language
   */
  language?: string;
  /** What parsing one file may cost. @defaultValue {@link DEFAULT_PARSE_LIMITS} */
  limits?: ParseLimits;
}

/** A file found to load: its path, how it was named, its path in its folder and its format. */
interface FoundFile {
  file: string;
  source: string;
  rel: string;
  kind: DocumentKind;
}

/**
 * A file read, with what its page's URL depends on (Markdown's front matter and dialect, an
 * Antora page's module).
 */
interface ReadFile extends FoundFile {
  data: Buffer;
  front?: PageFront;
  /** What a Markdown file's front matter says about rendering it (Hugo). */
  render?: HugoRender;
  dialect?: MarkdownDialect;
  page?: string;
  refs?: string[];
}

/**
 * Loads files and folders as documents: Markdown (with Hugo, Docusaurus and MkDocs markup), MDX,
 * AsciiDoc, reStructuredText, HTML, plain text and PDF. Folders are read recursively, without
 * `node_modules` and dot-folders, keeping the files that pass the include/exclude globs; a file
 * named directly is always read. Ids are paths relative to the folder given (or the file name),
 * so re-ingesting a folder replaces the same documents. A file that cannot be read is reported in
 * `failed` and the others are still loaded; a path that does not exist throws.
 */
export async function loadPaths(paths: string[], options: LoadPathsOptions = {}): Promise<LoadResult> {
  const result = emptyLoadResult();
  const wanted = pathFilter(options);
  for (const path of paths) {
    const root = resolve(path);
    const info = await stat(root).catch(() => {
      throw new Error(`${path}: no such file or folder`);
    });
    if (!info.isDirectory()) {
      const kind = KIND_BY_EXTENSION[extname(root).toLowerCase()];
      const file = kind && { file: root, source: path, rel: basename(root), kind };
      if (file) await loadSite(result, [file], options, dirname(root));
      else result.skipped.push({ source: path, reason: UNSUPPORTED_FILE_REASON });
      continue;
    }
    const found: FoundFile[] = [];
    for (const file of await walk(root)) {
      const kind = KIND_BY_EXTENSION[extname(file).toLowerCase()];
      const rel = relative(root, file).split(/[\\/]/).join('/');
      if (kind && wanted(rel)) found.push({ file, source: join(path, rel), rel, kind });
    }
    await loadSite(result, found, options, root, true);
  }
  return result;
}

/**
 * Loads the files of one folder: all are read first, so that each page's URL (which front matter
 * can move) is known to the links and references of the others. Of a folder (`whole`), a file its
 * generator publishes as no page (see `unpublishedReason`) is skipped: its text is read where
 * pages include or import it.
 */
async function loadSite(
  result: LoadResult,
  found: FoundFile[],
  options: LoadPathsOptions,
  folder: string,
  whole = false,
): Promise<void> {
  const files: ReadFile[] = [];
  for (const entry of found) {
    try {
      files.push(await readSiteFile(entry, options));
    } catch (err) {
      result.failed.push({ source: entry.source, reason: reasonOf(err) });
    }
  }
  const configured = await siteConfiguration(
    folder,
    options,
    () => siteDialect(files),
    () => files.map((file) => file.rel),
  );
  const { dialect } = configured;
  const { baseUrl } = options;
  // Where the generator's settings place a page (a Jekyll permalink), its links find it there.
  const { pagePath } = configured;
  // A site in several languages is read in its default one, or the one named (see `siteLanguages`).
  const languages = siteLanguages(whole ? files.map((file) => file.rel) : [], options.language);
  const placed = files.map((file) => ({
    ...file,
    page: file.page ?? pagePath?.(file.rel, file.front ?? {}),
    urlFrom: languages.pagePath(file.rel),
  }));
  const site = new SitePages(baseUrl, dialect, placed, configured.layout);
  const components = new AntoraComponents();
  const configs = new AsciidoctorConfigs((path) => readFile(path, 'utf8'));
  const titles = await referenceTitles(files, components);
  const unrendered = dialect === 'hugo' ? unrenderedHugoFiles(files) : new Set<string>();
  for (const file of files) {
    const antora = file.kind === 'asciidoc' && (await components.of(file.file));
    const unpublished =
      whole &&
      (unpublishedReason(file.rel, dialect, antora ? (file.page ?? null) : undefined) ??
        (unrendered.has(file.rel) ? UNPUBLISHED_HUGO : undefined) ??
        configured.unpublished(file.rel) ??
        languages.skipped(file.rel));
    if (unpublished) {
      result.skipped.push({ source: file.source, reason: unpublished });
      continue;
    }
    try {
      const url = baseUrl ? site.url(file.rel) : undefined;
      const resolveRef = baseUrl ? (target: string) => site.ref(target, file.rel) : undefined;
      const document = await parseFileData(
        await withIncluded(file, dialect),
        file.kind,
        { id: toDocumentId(file.rel), url },
        {
          metadata: options.metadata,
          dialect: file.dialect && dialect,
          resolveRef,
          limits: options.limits,
        },
      );
      if (!document.content.trim()) {
        result.skipped.push({ source: file.source, reason: TEXTLESS_PAGE });
        continue;
      }
      if (
        dialect === 'vitepress' &&
        document.metadata?.layout === 'home' &&
        document.content === document.title
      ) {
        result.skipped.push({ source: file.source, reason: TEXTLESS_HOME });
        continue;
      }
      // Links to the folder's other files lead to their pages, as the docs site publishes them.
      if (baseUrl && document.content_type === 'text/markdown') {
        document.content = linkPlaceholdersFilled(
          linksToPages(
            document.content,
            configured.linksFromRoot ? '' : file.rel,
            (path) => site.resolve(`/${path}`, file.rel) ?? site.url(path),
            configured.layout.contentFolder,
            configured.browserLinks,
          ),
          baseUrl,
        );
        document.content = generatorLinks(document.content, dialect, baseUrl, url);
      }
      // A page its site lists under a version (a Mintlify site's navigation, a Redocly project's
      // version folder) is that version's, unless its front matter or the metadata given name one.
      const listed = configured.version?.(file.rel);
      if (listed && !document.metadata?.version)
        document.metadata = { ...document.metadata, version: listed };
      // A cross-reference without text shows its target's title, as the docs site shows it.
      if (file.kind === 'asciidoc' || file.kind === 'rst')
        document.content = titles.withTitles(document.content, file);
      // An AsciiDoc page is given the attributes of the preview configurations above it and an
      // Antora page its component's (`antora.yml`), as Antora gives them; the page's own win.
      if (file.kind === 'asciidoc') {
        const folder = componentFolder(file.file);
        const root = rootOf(file);
        const given = {
          ...(await configs.of(file.file, folder && `${root}/`.startsWith(`${folder}/`) ? folder : root)),
          ...(antora ? antora.attributes : {}),
        };
        document.content = withAttributes(document.content, given);
        document.title = attributedTitle(document);
      }
      result.documents.push(document);
    } catch (err) {
      result.failed.push({ source: file.source, reason: reasonOf(err) });
    }
  }
}

/**
 * A file's bytes with what it includes put in: an AsciiDoc file's `include::` directives (see
 * `withIncludes`: files of the folder loaded, or of the Antora component it belongs to), a
 * Markdown or MDX file's imported partials (see `withPartials`: files of the folder loaded), a
 * reStructuredText file's `include` and `literalinclude` directives (see `withRstIncludes`), a
 * Hugo page's include shortcodes and a VitePress page's snippet imports and includes (see
 * `withMarkdownIncludes`); a Jekyll site's pages their Liquid rendered (see `withJekyllLiquid`,
 * `jekyllHtmlPage`).
 */
async function withIncluded(file: ReadFile, dialect: MarkdownDialect): Promise<Buffer> {
  const jekyll = dialect === 'jekyll';
  if (!['asciidoc', 'markdown', 'mdx', 'rst', ...(jekyll ? ['html'] : [])].includes(file.kind))
    return file.data;
  const root = rootOf(file);
  const text = decodeFileText(file.data);
  const resolved =
    file.kind === 'html'
      ? await jekyllHtmlPage(text, file.file, root)
      : file.kind === 'asciidoc'
        ? await withIncludes(text, file.file, componentFolder(file.file) ?? root)
        : file.kind === 'rst'
          ? await withRstIncludes(text, file.file, root)
          : await withMarkdownIncludes(text, file.file, root, undefined, { jekyll });
  return resolved === text ? file.data : Buffer.from(resolved, 'utf8');
}

/** The folder a file was loaded from: its path without its path under that folder. */
const rootOf = (file: ReadFile): string => join(file.file, ...file.rel.split('/').map(() => '..'));

/**
 * The titles of the AsciiDoc and reStructuredText pages of a folder (a file unreadable as text has
 * none), with the folders of its Antora components by name.
 */
async function referenceTitles(files: ReadFile[], components: AntoraComponents): Promise<ReferenceTitles> {
  const texts = files.flatMap((file) => {
    if (file.kind !== 'asciidoc' && file.kind !== 'rst') return [];
    try {
      return [{ ...file, text: decodeFileText(file.data) }];
    } catch {
      return [];
    }
  });
  const named = new Map<string, string>();
  for (const { file, kind } of texts) {
    const folder = kind === 'asciidoc' ? componentFolder(file) : undefined;
    const name = folder && (await components.of(file))?.attributes['page-component-name'];
    if (folder && name && !named.has(name)) named.set(name, folder.replace(/\\/g, '/'));
  }
  return new ReferenceTitles(texts, named);
}

/** A file's bytes; for Markdown its front matter and dialect, for AsciiDoc its Antora page. */
async function readSiteFile(
  entry: FoundFile,
  { dialect: named, pageUrls }: LoadPathsOptions,
): Promise<ReadFile> {
  const data = await readFile(entry.file);
  if (entry.kind === 'asciidoc') return { ...entry, data, page: antoraPagePath(entry.file, pageUrls) };
  if (entry.kind === 'html') return { ...entry, data, front: htmlFront(data) };
  if (entry.kind !== 'markdown' && entry.kind !== 'mdx') return { ...entry, data };
  const text = decodeFileText(data);
  const parsed = readFrontMatter(text);
  return {
    ...entry,
    data,
    front: pageFront(parsed.data as Record<string, unknown>),
    render: hugoRender(parsed.data as Record<string, unknown>),
    dialect: named ?? detectDialect(parsed.content, { mdx: entry.kind === 'mdx' }),
    refs: hugoRefTargets(parsed.content),
  };
}

/** An HTML page's front matter (a Jekyll site's pages have some: their `permalink`), if it opens with one it can read. */
function htmlFront(data: Buffer): PageFront | undefined {
  if (!/^---\r?\n/.test(data.subarray(0, 5).toString())) return undefined;
  try {
    return pageFront(readFrontMatter(decodeFileText(data)).data as Record<string, unknown>);
  } catch {
    return undefined;
  }
}

/** The docs generator most of a folder's Markdown files show the markup of; plain Markdown if none. */
function siteDialect(files: ReadFile[]): MarkdownDialect {
  const counts = new Map<MarkdownDialect, number>();
  for (const { dialect } of files)
    if (dialect && dialect !== 'markdown') counts.set(dialect, (counts.get(dialect) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'markdown';
}

/**
 * Loads one file's bytes (an upload) as a document, the same way {@link loadPaths} loads a file:
 * the format from the name's extension, the id from the name, the dialect from its markup. Null
 * for a type no loader reads; throws when the file cannot be parsed, and a ValidationError naming
 * the limit it passes. It parses on the calling thread: in a server, {@link loadFileIsolated}
 * parses on a thread of its own.
 */
export async function loadFileData(
  name: string,
  data: Uint8Array,
  metadata: Record<string, string> = {},
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<LoadedDocument | null> {
  const kind = KIND_BY_EXTENSION[extname(name).toLowerCase()];
  return kind ? parseFileData(data, kind, { id: toDocumentId(basename(name)) }, { metadata, limits }) : null;
}

/** How {@link parseFileData} reads a file's text. */
interface ParseOptions {
  metadata?: Record<string, string>;
  dialect?: MarkdownDialect;
  resolveRef?: (target: string) => string | null;
  limits?: ParseLimits;
}

async function parseFileData(
  data: Uint8Array,
  kind: DocumentKind,
  { id, url }: { id: string; url?: string },
  { metadata = {}, dialect, resolveRef, limits = DEFAULT_PARSE_LIMITS }: ParseOptions,
): Promise<LoadedDocument> {
  if (kind === 'pdf') return pdfDocument({ id, url, data, metadata, limits });
  // A UTF-8 character is 1 to 4 bytes: a file of more bytes than 4 × the limit is too long unread.
  if (data.length > 4 * limits.textChars) throw textTooLong(limits);
  const content = decodeFileText(data);
  const type = CONTENT_TYPE_BY_KIND[kind];
  return parseDocument({
    id,
    url,
    content,
    type,
    mdx: kind === 'mdx',
    dialect,
    resolveRef,
    metadata,
    limits,
  });
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}
