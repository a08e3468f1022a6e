import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';
import { asksAboutPage, pageFirst } from './page-context';

/** How much deeper the search goes for a question about its page, to find that page's passages. */
const PAGE_DEPTH = 4;
/**
 * Passages one page may give of the `limit`: a page whose many chunks all share the question's
 * words (a long options table, a command's flag list) would otherwise fill them, and the page that
 * answers, ranked just below, is never read. The search goes twice as deep to fill the rest.
 * Three, not fewer: the answerer puts a long section back together from its chunks.
 */
const PER_PAGE = 3;

/**
 * The passages an answerer works from: a hybrid search for `query` (the question, or its
 * standalone rewrite) within the question's tenant and filters, `limit` results in rank order,
 * at most {@link PER_PAGE} of one page. A question about the page it was asked from ("what does
 * this page mean by…") gets that page's passages first, from a deeper search.
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
    limit: aboutPage ? limit * PAGE_DEPTH : limit * 2,
  });
  return aboutPage ? pageFirst(results, input.pageUrl!).slice(0, limit) : fewPerPage(results, limit);
}

/** The first `limit` results, at most {@link PER_PAGE} of one document, in rank order. */
function fewPerPage(results: SearchResult[], limit: number): SearchResult[] {
  const taken = new Map<string, number>();
  return results
    .filter((r) => {
      const n = (taken.get(r.document_id) ?? 0) + 1;
      taken.set(r.document_id, n);
      return n <= PER_PAGE;
    })
    .slice(0, limit);
}
