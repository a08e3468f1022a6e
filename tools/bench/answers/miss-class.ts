import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import { corpusRoot, type DialectCorpus } from './dialect-corpora';
import { goldIds } from './dialect-scoring';

/** One search as the answerer asks it. */
type SearchQuery = Parameters<Searcher['search']>[0];

/**
 * A searcher that keeps what each answer was given: the answerer's first search (the passages it
 * chooses from) and any later one (the page searches for a command or a section's opening).
 */
export class PassageLog implements Searcher {
  private searches: SearchResult[][] = [];
  private firstQuery: SearchQuery | undefined;

  constructor(private readonly inner: Searcher) {}

  async search(query: SearchQuery) {
    const found = await this.inner.search(query);
    if (!this.searches.length) this.firstQuery = query;
    this.searches.push(found.results);
    return found;
  }

  /** The inner searcher's read of a page's chunks (not logged: the answerer's search is). */
  documentChunks(tenant: string, documentId: string) {
    return this.inner.documentChunks?.(tenant, documentId) ?? Promise.resolve([]);
  }

  /**
   * What the searches since the last call returned: the first search's passages, then the rest,
   * and the first search (the question's standalone query, as the answerer asked it).
   */
  take(): { first: SearchResult[]; more: SearchResult[]; query?: SearchQuery } {
    const [first = [], ...rest] = this.searches;
    const query = this.firstQuery;
    this.searches = [];
    this.firstQuery = undefined;
    return { first, more: rest.flat(), query };
  }
}

/** How deep {@link keyRank} looks. */
export const KEY_RANK_DEPTH = 40;

/**
 * Where the first search of an answer would have ranked a gold page's passage that holds a
 * missing key string: the 1-based rank of the best such passage in the same search asked for
 * {@link KEY_RANK_DEPTH} results, or undefined when none is among them. It tells a part of the
 * page a few places below the answerer's passages (a deeper search would reach it) from one the
 * ranking does not see (the question and the page word it apart).
 */
export async function keyRank(
  searcher: Searcher,
  query: SearchQuery,
  key: string,
  gold: readonly string[],
): Promise<number | undefined> {
  const ids = goldIds(gold);
  const { results } = await searcher.search({ ...query, limit: KEY_RANK_DEPTH });
  const at = results.findIndex((r) => ids.has(r.document_id) && holdsKey(r, key));
  return at < 0 ? undefined : at + 1;
}

function holdsKey(result: SearchResult, key: string): boolean {
  return folded(result.text).includes(folded(key).trim());
}

const folded = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * Where a key string an answer lacks was to be found, for reading a corpus's misses: in a gold
 * page's passage of the first search (the answerer's choice or window missed it), in a gold page's
 * passage of a page search, in another page's passage, in the gold page's source but no passage
 * (retrieval missed that part of the page, or the whole page), or nowhere retrieved or written.
 */
export function missClass(
  key: string,
  gold: readonly string[],
  passages: { first: SearchResult[]; more: SearchResult[] },
  corpus: DialectCorpus,
): string {
  const ids = goldIds(gold);
  const holds = (r: SearchResult) => holdsKey(r, key);
  const goldRetrieved = passages.first.some((r) => ids.has(r.document_id));
  if (passages.first.some((r) => ids.has(r.document_id) && holds(r))) return 'gold passage, not quoted';
  if (passages.more.some((r) => ids.has(r.document_id) && holds(r))) return 'gold page search, not quoted';
  if ([...passages.first, ...passages.more].some(holds)) return "another page's passage";
  const inSource = gold.some((path) => {
    const file = join(corpusRoot(corpus), path);
    return existsSync(file) && folded(readFileSync(file, 'utf8')).includes(folded(key).trim());
  });
  if (!inSource) return 'not in the gold source as written';
  return goldRetrieved ? 'gold page retrieved, not this part' : 'gold page not retrieved';
}
