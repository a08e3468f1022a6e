import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { asksAboutPage, pageFirst } from './page-context';

/** How much deeper the search goes for a question about its page, to find that page's passages. */
const PAGE_DEPTH = 4;

/**
 * The passages an answerer works from: a hybrid search for `query` (the question, or its
 * standalone rewrite) within the question's tenant and filters, `limit` results in rank order. A
 * question about the page it was asked from ("what does this page mean by…") gets that page's
 * passages first, from a deeper search.
 */
export async function searchPassages(
  retriever: Searcher,
  input: AnswerInput,
  query: string,
  limit: number,
): Promise<SearchResult[]> {
  const aboutPage = input.pageUrl !== undefined && asksAboutPage(input.question);
  const { results } = await retriever.search({
    tenants: [input.tenant],
    query,
    mode: 'hybrid',
    filters: input.filters,
    version: input.version,
    limit: aboutPage ? limit * PAGE_DEPTH : limit,
  });
  return aboutPage ? pageFirst(results, input.pageUrl!).slice(0, limit) : results;
}
