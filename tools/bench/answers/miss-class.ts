import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchResult } from '@docqa/contracts';
import type { Searcher } from '@docqa/retrieval';
import { CORPORA_DIR, type DialectCorpus } from './dialect-corpora';
import { goldIds } from './dialect-scoring';

/**
 * A searcher that keeps what each answer was given: the answerer's first search (the passages it
 * chooses from) and any later one (the page searches for a command or a section's opening).
 */
export class PassageLog implements Searcher {
  private searches: SearchResult[][] = [];

  constructor(private readonly inner: Searcher) {}

  async search(query: Parameters<Searcher['search']>[0]) {
    const found = await this.inner.search(query);
    this.searches.push(found.results);
    return found;
  }

  /** What the searches since the last call returned: the first search's passages, then the rest. */
  take(): { first: SearchResult[]; more: SearchResult[] } {
    const [first = [], ...rest] = this.searches;
    this.searches = [];
    return { first, more: rest.flat() };
  }
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
  const holds = (r: SearchResult) => folded(r.text).includes(folded(key).trim());
  const goldRetrieved = passages.first.some((r) => ids.has(r.document_id));
  if (passages.first.some((r) => ids.has(r.document_id) && holds(r))) return 'gold passage, not quoted';
  if (passages.more.some((r) => ids.has(r.document_id) && holds(r))) return 'gold page search, not quoted';
  if ([...passages.first, ...passages.more].some(holds)) return "another page's passage";
  const inSource = gold.some((path) => {
    const file = join(CORPORA_DIR, corpus.name, corpus.root, path);
    return existsSync(file) && folded(readFileSync(file, 'utf8')).includes(folded(key).trim());
  });
  if (!inSource) return 'not in the gold source as written';
  return goldRetrieved ? 'gold page retrieved, not this part' : 'gold page not retrieved';
}
