import { outsideSummary, summarizedBook, type SummarizedBook } from './mdbook-book';

/**
 * The folder a `.gitbook.yaml` syncs its space's pages from (`root: ./docs/` → `docs/`; the
 * repository's root by default) and the file its table of contents is in (`structure: summary:`,
 * `SUMMARY.md` by default, from that folder). Read with patterns: the file holds these keys and
 * `redirects` only.
 */
export function gitbookLayout(yaml: string): { root: string; summary: string } {
  const value = (pattern: RegExp) =>
    pattern
      .exec(yaml)?.[1]
      ?.trim()
      .replace(/^['"]|['"]$/g, '');
  const root = (value(/^root\s*:\s*([^#\n]+)/m) ?? '').replace(/^\.\/?/, '').replace(/\/+$/, '');
  const summary = value(/^structure\s*:[^\n]*\n(?:[ \t]+[^\n]*\n)*?[ \t]+summary\s*:\s*([^#\n]+)/m);
  return { root: root ? `${root}/` : '', summary: summary?.replace(/^\.\//, '') || 'SUMMARY.md' };
}

/**
 * The space a folder loads, when it is a GitBook space synced from Git: a `.gitbook.yaml` in it
 * (its pages in its `root` below), or in the folder above it with the folder as that root; its
 * chapters are the pages its summary lists (GitBook builds the space from them).
 */
export function gitbookSpace(folder: string): Promise<SummarizedBook | undefined> {
  return summarizedBook(folder, '.gitbook.yaml', gitbookLayout);
}

/** Why a file of a GitBook space is no page (see `outsideSummary`), or undefined for a page. */
export function gitbookUnpublished(rel: string, space: SummarizedBook): string | undefined {
  return outsideSummary(rel, space) ? UNPUBLISHED_GITBOOK : undefined;
}

/** Why a file of a GitBook space that its summary does not list is not loaded as a document. */
export const UNPUBLISHED_GITBOOK =
  "not a page of the GitBook space: it is built from the pages its SUMMARY.md lists, from the root its .gitbook.yaml names; the summary is the space's navigation";
