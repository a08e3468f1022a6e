import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';

/**
 * A book whose `SUMMARY.md` lists its pages (an mdBook's, a GitBook space's; a Mintlify site's
 * navigation does the same), as its configuration
 * and summary lay it out: the folder its pages are read from (`src/`, from the folder loaded or the
 * repository's root; empty when that is the folder loaded) and the chapters its summary lists
 * (paths from the same place), which are the only files the generator publishes; undefined
 * chapters when the book has no summary to read.
 */
export interface SummarizedBook {
  sourceFolder: string;
  chapters: Set<string> | undefined;
  /** The docs version of a chapter's file, where the navigation lists it under one (Mintlify's). */
  versions?: Map<string, string>;
}

/** The folder a `book.toml` reads its pages from: its `[book] src`, else `src`. */
export function mdbookSourceFolder(toml: string): string {
  let src: unknown;
  try {
    src = (parseToml(toml).book as Record<string, unknown> | undefined)?.src;
  } catch {
    src = undefined;
  }
  const folder = (typeof src === 'string' ? src : 'src').replace(/^\.\/?/, '').replace(/\/+$/, '');
  return folder ? `${folder}/` : '';
}

/**
 * The chapters a `SUMMARY.md` lists: the targets of its links (`- [Toolchains](concepts/toolchains.md)`),
 * from the source folder, without `./`, a fragment or percent-encoding; a draft chapter (`[Later]()`)
 * has none.
 */
export function summaryChapters(summary: string): Set<string> {
  const chapters = new Set<string>();
  for (const [, target = ''] of summary.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const path = target.replace(/#.*$/, '').replace(/^\.\//, '');
    if (!path || /^[a-z][a-z\d+.-]*:/i.test(path)) continue;
    try {
      chapters.add(decodeURIComponent(path));
    } catch {
      chapters.add(path);
    }
  }
  return chapters;
}

/**
 * The book a folder loads, when it is an mdBook's: a `book.toml` in it (its pages in the source
 * folder below), or in the folder above it with the folder as that book's source folder.
 */
export function mdbookBook(folder: string): Promise<SummarizedBook | undefined> {
  return summarizedBook(folder, 'book.toml', (toml) => ({
    root: mdbookSourceFolder(toml),
    summary: 'SUMMARY.md',
  }));
}

/**
 * The summarized book a folder loads, from its configuration file `config` (in the folder, its
 * pages in the `root` that `layout` reads from it; or in the folder above, the folder being that
 * root), with the chapters of the summary `layout` names.
 */
export async function summarizedBook(
  folder: string,
  config: string,
  layout: (text: string) => { root: string; summary: string },
): Promise<SummarizedBook | undefined> {
  const read = (path: string) => readFile(path, 'utf8').catch(() => undefined);
  for (const dir of [folder, dirname(folder)]) {
    const text = await read(join(dir, config));
    if (text === undefined) continue;
    const { root, summary } = layout(text);
    if (dir !== folder && `${basename(folder)}/` !== root) return undefined;
    const sourceFolder = dir === folder ? root : '';
    const listed = await read(join(folder, sourceFolder, summary));
    return { sourceFolder, chapters: listed === undefined ? undefined : summaryChapters(listed) };
  }
  return undefined;
}

/**
 * Whether a file of a summarized book is published as no page (its path from the folder or
 * repository the book's source folder is given from): a file outside the source folder (the
 * repository's README beside `book.toml`, the theme), the summary itself (the book's navigation), a
 * file the summary does not list (a file the chapters include, a draft).
 */
export function outsideSummary(rel: string, book: SummarizedBook): boolean {
  if (!rel.startsWith(book.sourceFolder)) return true;
  const path = rel.slice(book.sourceFolder.length);
  return path === 'SUMMARY.md' || (!!book.chapters && !book.chapters.has(path));
}

/** Why a file of an mdBook is no page (see {@link outsideSummary}), or undefined for a chapter. */
export function mdbookUnpublished(rel: string, book: SummarizedBook): string | undefined {
  return outsideSummary(rel, book) ? UNPUBLISHED_MDBOOK : undefined;
}

/** Why a file of an mdBook that is not one of its chapters is not loaded as a document. */
export const UNPUBLISHED_MDBOOK =
  "not a chapter of the mdBook: it publishes the files its SUMMARY.md lists, from its source folder; the summary is the book's navigation";
