import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve } from 'node:path';
import matter from 'gray-matter';
import type { DocumentContentType, DocumentInput } from '@docqa/contracts';

/** A document loaded for ingestion, with the stable id it is stored under. */
export type LoadedDocument = DocumentInput & { id: string };

const TYPES: Record<string, DocumentContentType> = {
  '.md': 'text/markdown',
  '.mdx': 'text/markdown',
  '.markdown': 'text/markdown',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.txt': 'text/plain',
};

/**
 * Loads files and folders (recursively; Markdown, MDX, HTML and plain text) as documents. Ids are
 * the paths relative to the folder given, so re-ingesting the folder replaces the same documents.
 * Markdown front matter becomes metadata; titles come from front matter, the first heading, the
 * HTML `<title>`/`<h1>`, or the file name.
 */
export async function loadPaths(
  paths: string[],
  metadata: Record<string, string> = {},
): Promise<LoadedDocument[]> {
  const docs: LoadedDocument[] = [];
  for (const path of paths) {
    const root = resolve(path);
    const info = await stat(root);
    const files = info.isDirectory() ? await walk(root) : [root];
    const base = info.isDirectory() ? root : resolve(root, '..');
    for (const file of files) {
      const type = TYPES[extname(file).toLowerCase()];
      if (!type) continue;
      docs.push(parseDocument(await readFile(file, 'utf8'), type, toId(relative(base, file)), metadata));
    }
  }
  return docs;
}

/** Builds a document from file content of a known type. */
export function parseDocument(
  content: string,
  type: DocumentContentType,
  id: string,
  metadata: Record<string, string> = {},
): LoadedDocument {
  if (type === 'text/markdown') {
    const parsed = matter(content);
    const front = parsed.data as Record<string, unknown>;
    const title = stringOf(front.title) ?? /^#\s+(.+)$/m.exec(parsed.content)?.[1]?.trim() ?? titleOf(id);
    return {
      id,
      title,
      url: stringOf(front.url),
      content: parsed.content.trim() || title,
      content_type: type,
      metadata: { ...scalarMetadata(front), ...metadata },
    };
  }
  if (type === 'text/html') {
    const title =
      textOf(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(content)?.[1]) ??
      textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(content)?.[1]) ??
      titleOf(id);
    return { id, title, content, content_type: type, metadata };
  }
  return { id, title: titleOf(id), content, content_type: type, metadata };
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

function toId(path: string): string {
  return path
    .split(/[\\/]/)
    .join('/')
    .replace(/[^\w.:/@-]+/g, '-');
}

function titleOf(id: string): string {
  return basename(id, extname(id)).replace(/[-_]+/g, ' ');
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function textOf(html: string | undefined): string | undefined {
  return stringOf(html?.replace(/<[^>]+>/g, '').replace(/\s+/g, ' '));
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
