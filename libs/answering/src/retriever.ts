import type { Filter, SearchMode, SearchResult } from '@docqa/contracts';

/** Finds passages for a question (`Retrieval` of @docqa/retrieval satisfies it). */
export interface Retriever {
  search(req: {
    tenants: string[];
    query: string;
    mode: SearchMode;
    filters: Filter[];
    limit: number;
  }): Promise<{
    results: SearchResult[];
  }>;
}
