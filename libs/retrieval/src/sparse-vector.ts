import { equivalentTerms, impliedWords, runTogetherSpellings, versionSpellings } from '@docqa/tokenize';
import { headingWords, keywordTermIds } from './keyword-terms';

/** A sparse vector as Qdrant takes it: unique uint32 indices and their weights. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** BM25 term-frequency saturation (LanceDB's and Lucene's). */
export const BM25_K1 = 1.2;
/** BM25 length normalisation (LanceDB's and Lucene's). */
export const BM25_B = 0.75;
/**
 * Average chunk length in terms for Qdrant's stored vectors, fixed rather than measured: a chunk of
 * the default 1,200 characters holds about 200 words. A fixed average keeps a point's weights
 * independent of every other chunk (of its tenant or another), so writes never rewrite other points
 * and no tenant's documents move another tenant's scores. (The embedded store scores at query time,
 * with its searched tenants' measured average.)
 */
const AVERAGE_TERMS = 200;
/** Query words kept (see {@link queryText}). */
const MAX_QUERY_WORDS = 64;

/**
 * The BM25 document side of a text: each keyword term (see `keywordTokens`) hashed to a uint32 index, weighted by its
 * saturated, length-normalised term frequency. The IDF side is the query's (see `queryWeights`),
 * counted over the searched tenants only, so a dot product of the two is BM25 over those tenants.
 */
export function documentSparseVector(text: string): SparseVector {
  const terms = keywordTermIds(text);
  const counts = new Map<number, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const vector: SparseVector = { indices: [], values: [] };
  for (const [index, tf] of counts) {
    vector.indices.push(index);
    vector.values.push(saturate(tf, terms.length, AVERAGE_TERMS));
  }
  return vector;
}

/**
 * BM25 of a text for `query` (IDF weights, see `queryWeights`), with chunks of `averageTerms` terms
 * on average: with the fixed average, the dot product of the text's {@link documentSparseVector}
 * and `query`, as Qdrant computes it for a point.
 */
export function keywordScore(text: string, query: SparseVector, averageTerms = AVERAGE_TERMS): number {
  const terms = keywordTermIds(text);
  const counts = new Map<number, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * terms.length) / averageTerms);
  // Summed in the query's order, as weight × (k1 + 1) × tf / (tf + norm): the embedded store's
  // search mirror computes it so, and both give the same score to the last bit.
  let score = 0;
  for (let i = 0; i < query.indices.length; i++) {
    const tf = counts.get(query.indices[i]!);
    if (tf) score += (query.values[i]! * (BM25_K1 + 1) * tf) / (tf + norm);
  }
  return score;
}

/** A query's keyword terms, one per occurrence, and which of them are heading terms. */
export interface QueryTerms {
  terms: number[];
  /** The terms of {@link headingWords} (weighed less, see `queryWeights`). */
  heading: Set<number>;
  /**
   * The keyword terms of the lexicon's equivalents of the query's terms (see `equivalentTerms`),
   * each with the query's term it stands for and whether the query writes that term as an
   * acronym (see {@link acronymTerms}); weighed where the docs lack that term or write it far less
   * often (see `queryWeights`).
   */
  equivalents?: { of: number; term: number; word: string; acronym?: boolean }[];
}

/**
 * The lexicon's equivalents (see `equivalentTerms`) by keyword term id, each with its id and the
 * word the full-text index is asked for it; a word whose keyword terms are not one term (a stop
 * word) has none.
 */
const EQUIVALENTS = (() => {
  const id = (word: string) => {
    const ids = keywordTermIds(word);
    return ids.length === 1 ? ids[0]! : undefined;
  };
  const byId = new Map<number, { term: number; word: string }[]>();
  for (const [word, others] of equivalentTerms((w) => (id(w) === undefined ? null : w))) {
    const of = id(word)!;
    const known = byId.get(of) ?? [];
    for (const other of others) {
      const term = id(other)!;
      if (term !== of && !known.some((k) => k.term === term)) known.push({ term, word: other });
    }
    byId.set(of, known);
  }
  return byId;
})();

/**
 * The terms of a query's first 64 words and their heading terms (what the full-text index is
 * asked), one per occurrence: a term the query repeats weighs that many times, as in the index's
 * BM25.
 */
export function queryTerms(text: string): QueryTerms {
  const words = queryWords(text);
  const heading = keywordTermIds(headingWords(words).join(' '));
  const own = keywordTermIds(words);
  const terms = [...own, ...heading];
  const held = new Set(terms);
  const equivalents: NonNullable<QueryTerms['equivalents']> = [];
  const acronyms = acronymTerms(text);
  for (const of of new Set(own))
    for (const { term, word } of EQUIVALENTS.get(of) ?? [])
      if (!held.has(term)) equivalents.push({ of, term, word, acronym: acronyms.has(of) });
  return { terms, heading: new Set(heading), equivalents };
}

/**
 * The terms of the words a query writes in capitals, two letters or more ("RAM", "URL", "CPU"):
 * an acronym names one thing, which docs that write it name so too, where its lexicon equivalent
 * is a plainer word they write in many senses ("memory" of a backend, of a cache, of a limit).
 */
function acronymTerms(text: string): Set<number> {
  const capitals = text.match(/\b\p{Lu}{2,}\b/gu) ?? [];
  return new Set(keywordTermIds(capitals.join(' ')));
}

/**
 * The words of the equivalents `weights` searches (see `queryWeights`: a query's word the docs
 * lack is searched by them), for a full-text index asked in words to find the chunks holding them,
 * as it finds those holding the query's own words.
 */
export function equivalentWords(query: QueryTerms, weights: SparseVector): string[] {
  const weighted = new Set(weights.indices);
  return [...new Set((query.equivalents ?? []).filter((e) => weighted.has(e.term)).map((e) => e.word))];
}

/** Every term a store counts the chunks of for a query: its own and its equivalents'. */
export function countedTerms(query: QueryTerms): number[] {
  return [...new Set([...query.terms, ...(query.equivalents ?? []).map((e) => e.term)])];
}

/**
 * A query's first 64 words, space-separated, then the {@link headingWords} of their terms: what the
 * embedded store's full-text index is asked (words only: its parser never sees operators, quotes
 * or field syntax from users).
 */
export function queryText(text: string): string {
  const words = queryWords(text);
  return [words, ...headingWords(words)].join(' ');
}

/**
 * A query's first 64 words, then the one-word spelling of its named versions (`TLS12` for "TLS
 * 1.2", see `versionSpellings`), which docs' identifiers write (`VersionTLS12`), and the words
 * its wording implies (see `impliedWords`: "pnpm itself" is `pnpm self-update`'s "self") and the
 * run-together spellings of its neighbouring words (see `runTogetherSpellings`: "replica of" is
 * the setting `replicaof`).
 */
function queryWords(text: string): string {
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS).join(' ');
  return [words, versionSpellings(text), impliedWords(text), runTogetherSpellings(words)]
    .filter(Boolean)
    .join(' ');
}

/** A chunk's search text as its tenant's term statistics count it: its distinct terms and its length. */
export function chunkTerms(text: string): { distinct: number[]; length: number } {
  const terms = keywordTermIds(text);
  return { distinct: [...new Set(terms)], length: terms.length };
}

function saturate(tf: number, length: number, averageTerms: number): number {
  return (tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageTerms));
}
