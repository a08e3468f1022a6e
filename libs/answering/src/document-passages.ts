import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import type { AnswerInput } from './answer-types';

/**
 * More passages of one document for `query`: a hybrid search within the document (the question's
 * filters and its `document_id`), without the passages already retrieved. A docs page often
 * gives the command or setting of a task in a section of its own ("Configuration Example",
 * "Usage") that shares few of the question's words, while its introduction or option table,
 * which do, is what the first search found.
 */
export async function documentPassages(
  retriever: Searcher,
  input: AnswerInput,
  query: string,
  documentId: string,
  have: SearchResult[],
  limit: number,
): Promise<SearchResult[]> {
  const { results } = await retriever.search({
    tenants: [input.tenant],
    query,
    mode: 'hybrid',
    filters: [...input.filters, { type: 'eq', property: 'document_id', value: documentId }],
    version: input.version,
    limit,
  });
  const seen = new Set(have.map((r) => r.chunk_id));
  return results.filter((r) => r.document_id === documentId && !seen.has(r.chunk_id));
}
