import { headingPathText } from '@docqa/chunking';
import type { Filter, SearchBoxResponse, SearchBoxResult, SearchResult } from '@docqa/contracts';
import { keywordTokens } from './keyword-terms';
import { searchSnippet } from './search-snippet';
import type { Searcher } from './searcher';
import { words } from '@docqa/tokenize';
import type { SearchBoxIndex } from './search-box-index';
import type { SearchBoxIndexes } from './search-box-indexes';
import type { Vocabulary } from './vocabulary';

/** Words of a query taken (a search box's query is short; the rest is ignored). */
const MAX_QUERY_WORDS = 12;
/** Words a prefix being typed stands for: the most common completions. */
const COMPLETIONS = 6;
/**
 * Shortest prefix completed: one or two letters stand for the commonest words, whose passages are
 * most of a knowledge base, and would be ranked on every first keystroke for nothing.
 */
const MIN_PREFIX = 3;
/** Shortest word that may be a typo of another (shorter ones are too often other words). */
const TYPO_MIN_LENGTH = 5;
/** Words an unknown word may be a typo of: the most common ones. */
const TYPO_NEIGHBOURS = 3;
/** Sections shown under one page. */
const SECTIONS_PER_PAGE = 3;
/** Sections ranked per page wanted: enough that most pages come with their best sections. */
const SECTIONS_RANKED_PER_PAGE = 3;

/** One search from the search box: of one tenant, all filters merged. */
export interface SearchBoxQuery {
  tenant: string;
  /** As typed: a last word without a space after it is a prefix. */
  query: string;
  filters: Filter[];
  /** The docs version searched (its pages and unversioned ones). */
  version?: string;
  /** Most pages. */
  limit: number;
}

/** What a query's words stand for once completed and corrected, and how to spot them in a passage. */
export interface ExpandedQuery {
  /** The words searched: the query's own, its last word's completions, its typos' corrections. */
  words: string[];
  /** Whether a word of a passage (lower-cased, accents folded) is one of them. */
  matches: (word: string) => boolean;
}

/**
 * The widget's as-you-type search (`POST /search/`): keyword-led, the last word a prefix, words of
 * five or more letters that no passage holds read as the words one typo away, results grouped by
 * page with a snippet of each section. Words and passages come from each tenant's
 * {@link SearchBoxIndex} (see {@link SearchBoxIndexes}), which ranks them as the full keyword
 * search does, in one synchronous pass over the words' postings, and holds the passages for the
 * snippets; with none yet (or none for the store), only exact words match, ranked by the full
 * keyword search of `searcher`.
 */
export class SearchBox {
  constructor(private readonly deps: { searcher: Searcher; indexes?: SearchBoxIndexes }) {}

  /**
   * `started`: when the request's handling began (`performance.now()`), so that `took_ms` counts
   * the server's whole work for it, its waits included (rate limit, version); now by default.
   */
  async search(query: SearchBoxQuery, started = performance.now()): Promise<SearchBoxResponse> {
    const index = this.deps.indexes?.current(query.tenant) ?? null;
    const expanded = expandQuery(query.query, index?.vocabulary ?? null);
    const results = expanded.words.length
      ? index
        ? indexed(index, query, expanded)
        : await this.searched(query, expanded)
      : [];
    return { results, took_ms: Math.round((performance.now() - started) * 100) / 100 };
  }

  private async searched(query: SearchBoxQuery, expanded: ExpandedQuery): Promise<SearchBoxResult[]> {
    const { results } = await this.deps.searcher.search({
      tenants: [query.tenant],
      query: expanded.words.join(' '),
      mode: 'keyword',
      filters: query.filters,
      version: query.version,
      limit: rankedLimit(query),
    });
    return sections(byPage(results, query.limit), expanded);
  }
}

/**
 * The results of `query` from the tenant's index: every passage of its words is ranked, the
 * filters and version checked on those that would make it, as the full search would.
 */
function indexed(index: SearchBoxIndex, query: SearchBoxQuery, expanded: ExpandedQuery): SearchBoxResult[] {
  const hits = index.rank(expanded.words, query, rankedLimit(query));
  const pages = byPage(
    hits.map(({ chunk }) => ({ ...chunk, section: chunk.heading })),
    query.limit,
  );
  return sections(pages, expanded);
}

/** Sections ranked for `query`'s pages. */
const rankedLimit = (query: SearchBoxQuery) => Math.min(query.limit * SECTIONS_RANKED_PER_PAGE, 50);

/** What a section shows of a passage. */
type Section = Pick<SearchResult, 'document_id' | 'chunk_id' | 'title' | 'url' | 'section' | 'text'>;

function sections(hits: Section[], expanded: ExpandedQuery): SearchBoxResult[] {
  return hits.map((hit) => ({
    document_id: hit.document_id,
    chunk_id: hit.chunk_id,
    title: hit.title,
    url: hit.url,
    heading_path: hit.section ? headingPathText(hit.section).split(' › ') : [],
    ...searchSnippet(hit.text, expanded.matches),
  }));
}

/**
 * The words a query stands for: each of its words, the last one (unless a space follows it) with
 * the most common words it begins, and each word of {@link TYPO_MIN_LENGTH} letters or more that
 * the vocabulary lacks with the most common words one edit away.
 */
export function expandQuery(text: string, vocabulary: Vocabulary | null): ExpandedQuery {
  const typed = words(text).slice(0, MAX_QUERY_WORDS);
  const prefix = /[\p{L}\p{N}]$/u.test(text) ? typed.at(-1) : undefined;
  const found = new Set<string>();
  typed.forEach((word, i) => {
    found.add(word);
    if (!vocabulary) return;
    const typing = i === typed.length - 1 && prefix !== undefined && word.length >= MIN_PREFIX;
    const completions = typing ? vocabulary.completions(word, COMPLETIONS) : [];
    for (const completion of completions) found.add(completion);
    // A prefix that completes to words is being typed, not mistyped.
    if (word.length >= TYPO_MIN_LENGTH && !completions.length && !vocabulary.has(word)) {
      for (const neighbour of vocabulary.neighbours(word, TYPO_NEIGHBOURS)) found.add(neighbour);
    }
  });
  const terms = new Set([...found].flatMap((word) => keywordTokens(word)));
  // A word's stem keeps its first two letters (Porter2 changes endings; dying → die aside), so
  // only a word that begins as a term does is stemmed; and each word once: snippets look at many.
  const heads = new Set([...terms].map((term) => term.slice(0, 2)));
  const seen = new Map<string, boolean>();
  const matches = (word: string) =>
    found.has(word) ||
    (prefix !== undefined && word.startsWith(prefix)) ||
    ((word.length < 2 || heads.has(word.slice(0, 2))) && keywordTokens(word).some((term) => terms.has(term)));
  return {
    words: [...found],
    matches: (word) => {
      let match = seen.get(word);
      if (match === undefined) seen.set(word, (match = matches(word)));
      return match;
    },
  };
}

/**
 * The best sections of the best `pages` pages: pages in the order of their best section, each
 * page's sections (at most {@link SECTIONS_PER_PAGE}) together, best first.
 */
function byPage<T extends Pick<SearchResult, 'document_id'>>(results: T[], pages: number): T[] {
  const grouped = new Map<string, T[]>();
  for (const hit of results) {
    const page = grouped.get(hit.document_id);
    if (page) {
      if (page.length < SECTIONS_PER_PAGE) page.push(hit);
    } else if (grouped.size < pages) grouped.set(hit.document_id, [hit]);
  }
  return [...grouped.values()].flat();
}
