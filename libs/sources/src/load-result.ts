import type { DocumentInput } from '@docqa/contracts';

/** A document loaded for ingestion, with the stable id it is stored under. */
export type LoadedDocument = DocumentInput & { id: string };

/** A file or URL that was not loaded, and why. */
export interface LoadIssue {
  /** The file path or URL. */
  source: string;
  reason: string;
}

/**
 * What loading files, folders, pages or sitemaps produced: the documents, the sources left out on
 * purpose (robots.txt, another host, an unsupported file) and the ones that failed (HTTP errors,
 * time-outs, unreadable files). A failure never stops the other sources.
 */
export interface LoadResult {
  documents: LoadedDocument[];
  skipped: LoadIssue[];
  failed: LoadIssue[];
}

/** A result with nothing in it yet. */
export function emptyLoadResult(): LoadResult {
  return { documents: [], skipped: [], failed: [] };
}

/** The reason an error gives, for a {@link LoadIssue}. */
export function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
