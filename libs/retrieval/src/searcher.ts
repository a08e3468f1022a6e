import type { Filter, SearchMode, SearchResult } from '@docqa/contracts';
import type { Chunk } from './chunk';

/**
 * One search as retrieval runs it: over these tenants, with every filter already merged (the HTTP
 * body, contracts' `SearchRequest`, becomes one through {@link searchAs}).
 */
export interface SearchQuery {
  tenants: string[];
  query: string;
  mode: SearchMode;
  filters: Filter[];
  /** The docs version searched (its chunks and unversioned ones); every chunk when absent. */
  version?: string;
  limit: number;
}

/** What searches: `Retrieval` is one; the API, `searchAs` and the answerers take any. */
export interface Searcher {
  search(query: SearchQuery): Promise<{ results: SearchResult[]; took_ms: number }>;
  /**
   * Every chunk of one document of `tenant`, in document order, unfiltered (`Retrieval`'s): the
   * extractive answerer reads a page's examples by their place with it. A searcher without it
   * gives an answerer its search alone.
   */
  documentChunks?(tenant: string, documentId: string): Promise<Chunk[]>;
}

/**
 * The docs version a question or search runs in (DESIGN §17): the one it names (a 400 naming the
 * known ones when unknown), else `opts.preferred` while it is known (a chat's version), else the
 * tenant's default; none when the tenant's documents have no versions. `DocVersions` of
 * `@docqa/ingest` is one.
 */
export interface VersionResolver {
  resolve(
    tenant: string,
    requested: string | undefined,
    opts?: { path?: string; preferred?: string },
  ): Promise<{ version?: string; several: boolean }>;
}
