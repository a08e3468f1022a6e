import { createHash } from 'node:crypto';
import type { FetchOptions, LoadedDocument, ParseLimits } from '@docqa/sources';
import type { PageState, StoredSource } from './source-store';

/**
 * What reading one page or file found. `redirected`: the page redirects to another page the
 * source lists (`to`), which is indexed under its own URL, so this one is not indexed twice.
 */
export type EntryResult =
  | { status: 'unchanged'; state: PageState }
  | { status: 'changed'; state: PageState; document: LoadedDocument }
  | { status: 'redirected'; to: string };

/** One page or file of a source, read against what the last sync saw of it. */
export interface SyncEntry {
  /** Its URL (the key of its state). */
  key: string;
  read(previous: PageState | undefined): Promise<EntryResult>;
}

/** What listing a source found. */
export interface SourceListing {
  entries: SyncEntry[];
  /** Entries left out or not listed (a nested sitemap that failed), with reasons. */
  failures: { url: string; reason: string }[];
  /**
   * Whether the listing is complete: only then may pages missing from it be deleted. A nested
   * sitemap that failed makes it partial.
   */
  complete: boolean;
}

/**
 * What readers need beyond the source: the GitHub API, the source's token (opened) and what
 * parsing one page or file may cost.
 */
export interface ReaderContext {
  githubApiUrl: string;
  token?: string;
  limits: ParseLimits;
}

/** Lists a source's entries. */
export type SourceReader = (
  source: StoredSource,
  fetch: FetchOptions,
  ctx: ReaderContext,
) => Promise<SourceListing>;

/** SHA-256 hex of bytes or text. */
export function contentHash(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}
