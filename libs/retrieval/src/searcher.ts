import type { Filter, SearchMode, SearchResult } from '@docqa/contracts';

/**
 * One search as retrieval runs it: over these tenants, with every filter already merged (the HTTP
 * body, contracts' `SearchRequest`, becomes one through {@link searchAs}).
 */
export interface SearchQuery {
  tenants: string[];
  query: string;
  mode: SearchMode;
  filters: Filter[];
  limit: number;
}

/** What searches: `Retrieval` is one; the API, `searchAs` and the answerers take any. */
export interface Searcher {
  search(query: SearchQuery): Promise<{ results: SearchResult[]; took_ms: number }>;
}
