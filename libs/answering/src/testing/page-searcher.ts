import type { SearchResult } from '@docqa/contracts';
import type { Chunk, Searcher } from '@docqa/retrieval';
import { ExtractiveAnswerer } from '../extractive-answerer';
import { units, type SectionPassage } from '../section-passage';
import { documentTerms } from '../text';

/** A query the answerer sends its searcher. */
export type SearchQuery = Parameters<Searcher['search']>[0];

let chunks = 0;

/** A passage of document `doc` under `section` (its title `title`, the document's id unless given). */
export function passage(doc: string, section: string, text: string, title = doc): SearchResult {
  return {
    document_id: doc,
    chunk_id: `${doc}#${chunks++}`,
    title,
    url: `https://docs.example/${doc}`,
    section,
    text,
    score: 0,
    metadata: {},
  };
}

/**
 * A result of the `rank`-th place (0 first, scored 1 down by tenths) of document `doc`, under
 * `heading` of its page (`section` "doc › heading"), without a URL.
 */
export function rankedSection(doc: string, heading: string, text: string, rank: number): SearchResult {
  return {
    document_id: doc,
    chunk_id: `${doc}#${rank}`,
    title: doc,
    url: null,
    section: `${doc} › ${heading}`,
    text,
    score: 1 - rank / 10,
    metadata: {},
  };
}

/**
 * A search that finds `first` for any question and, within documents (the `document_id` filter
 * the answerer adds, one id or several), their passages of `page`; it records its queries.
 */
export function pageSearcher(first: SearchResult[], page: SearchResult[] = []) {
  const queries: SearchQuery[] = [];
  return {
    queries,
    search: async (query: SearchQuery) => {
      queries.push(query);
      const within = query.filters.find((f) => f.property === 'document_id');
      const ids = within ? [within.value].flat() : [];
      const results = within ? page.filter((r) => ids.includes(r.document_id)) : first;
      return { results: results.slice(0, query.limit), took_ms: 0 };
    },
  };
}

/** A chunk of the store as `documentChunks` returns it. */
export function stored(r: SearchResult): Chunk {
  const { document_id, chunk_id, title, url, section, text, metadata } = r;
  return { tenant: 't', document_id, chunk_id, title, url, heading: section ?? '', text, metadata };
}

/**
 * A search as {@link pageSearcher}'s over `first`, which also reads the chunks of `pages` by their
 * place (`documentChunks`), recording the documents it read.
 */
export function readingSearcher(first: SearchResult[], pages: SearchResult[]) {
  const reads: string[] = [];
  return {
    ...pageSearcher(first),
    reads,
    documentChunks: async (_tenant: string, id: string) => {
      reads.push(id);
      return pages.filter((r) => r.document_id === id).map(stored);
    },
  };
}

/** The extractive answerer's answer to `question` over `retriever`: its text and the documents it cites. */
export async function askExtractive(
  question: string,
  retriever: Searcher,
): Promise<{ text: string; cited: string[] }> {
  let text = '';
  let cited: string[] = [];
  for await (const c of new ExtractiveAnswerer(retriever).answer({
    tenant: 't',
    question,
    history: [],
    filters: [],
  })) {
    if (c.type === 'delta') text += c.text;
    if (c.type === 'sources') cited = c.sources.filter((s) => s.cited).map((s) => s.document_id);
  }
  return { text, cited };
}

/** The extractive answer's text to `question` when every search finds `results`. */
export async function answerTo(question: string, results: SearchResult[]): Promise<string> {
  return (await askExtractive(question, { search: async () => ({ results, took_ms: 0 }) })).text;
}

/** Sentences of filler prose about a subject, `n` of them (12 words each). */
export const prose = (n: number, about: string) =>
  Array.from(
    { length: n },
    (_, i) => `Sentence ${i + 1} explains more about ${about} and why it matters here.`,
  ).join(' ');

/**
 * A section of page `title` under `heading` as the answerer reads it, retrieved at `rank`
 * (`section` "title › heading" unless given).
 */
export function sectionPage(
  title: string,
  heading: string,
  markdown: string,
  rank: number,
  section = `${title} › ${heading}`,
): SectionPassage {
  return {
    doc: rank,
    section,
    headingTerms: new Set(documentTerms(`${title} ${heading}`)),
    sectionTerms: new Set(documentTerms(heading)),
    headingPairs: new Set(),
    joinedPairs: new Set(),
    describedTerms: new Set(),
    ownJoinedPairs: new Set(),
    rank,
    chunk: { title } as SearchResult,
    units: units(markdown),
  };
}
