import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';

/**
 * The passages an answerer works from: a hybrid search for `query` (the question, or its
 * standalone rewrite) within the question's tenant and filters, `limit` results in rank order.
 */
export async function searchPassages(
  retriever: Searcher,
  input: AnswerInput,
  query: string,
  limit: number,
): Promise<SearchResult[]> {
  const { results } = await retriever.search({
    tenants: [input.tenant],
    query,
    mode: 'hybrid',
    filters: input.filters,
    limit,
  });
  return results;
}
