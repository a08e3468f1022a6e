import { grown } from './grown';
import { eachKeywordTermId } from './keyword-terms';
import type { QueryTerms, SparseVector } from './sparse-vector';

/**
 * Keyword statistics of the tenants a search spans: how many chunks they hold, and how many of
 * those hold each of the query's terms. Both stores count them over the searched tenants only, so
 * one tenant's documents never move another tenant's scores nor reveal what it holds.
 */
export interface TermStats {
  chunks: number;
  /** Terms of all those chunks together (their lengths summed), for BM25's average length. */
  terms: number;
  /** Chunks holding each term (terms no chunk holds may be missing). */
  df: Map<number, number>;
}

/** BM25's inverse document frequency, as Lucene and Qdrant's `idf` modifier compute it. */
export function idf(df: number, chunks: number): number {
  return Math.log(1 + (chunks - df + 0.5) / (df + 0.5));
}

/**
 * How much a heading term weighs beside the same term in a passage. Its IDF counts the sections a
 * term heads, few, so at full weight one heading word outweighed a whole passage about the
 * question. Of 0.1 to 1, 0.1 was best both for the docs set's answers and for nDCG@10 on the eval
 * sets with each section's title taken as its heading (docs/benchmarks.md, "Heading terms").
 */
export const HEADING_WEIGHT = 0.1;

/**
 * How much an equivalent of a query's term weighs beside the term itself, counted when no
 * searched chunk holds the term (or far fewer than the equivalent, see {@link EQUIVALENT_RATIO}):
 * a visitor's word the docs never write ("folder" where they write "directory", "skip" for
 * "ignore") is searched by the lexicon's word for the same thing. Where the docs write the
 * visitor's word about as often, it is their word for the thing, and an equivalent
 * elsewhere moved other passages ahead (every term's equivalents at 0.3 lost asciidoctor, rclone
 * and traefik answers; docs/benchmarks.md, "h-syn").
 */
export const EQUIVALENT_WEIGHT = 0.3;

/**
 * How many times more chunks must hold an equivalent than the visitor's own word for the
 * equivalent to be searched beside it: the docs then write the thing by the equivalent, and the
 * visitor's word only in passing ("folder" in a few of pytest's pages, "directory" in most). Of 4,
 * 8 and 16, only 8 kept pytest's gain ("folders" found as "directory"), and with acronyms left
 * out (see {@link queryWeights}) lost no answer elsewhere (docs/benchmarks.md, h-df and h-nw).
 */
export const EQUIVALENT_RATIO = 8;

/**
 * The query side of BM25: each term weighted by its IDF over `stats`, times its occurrences in the
 * query (heading terms by {@link HEADING_WEIGHT} too). Terms no searched chunk holds are left out
 * (they match nothing); for each, its equivalents that chunks hold weigh {@link EQUIVALENT_WEIGHT},
 * as do those of a term held {@link EQUIVALENT_RATIO} times less often than its equivalent, unless
 * the query writes that term as an acronym (see `QueryTerms`: "RAM", which the docs write for
 * what it names, beside "memory" written of a cache, a buffer or a limit).
 */
export function queryWeights(query: QueryTerms, stats: Pick<TermStats, 'chunks' | 'df'>): SparseVector {
  const occurrences = new Map<number, number>();
  for (const term of query.terms) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
  const vector: SparseVector = { indices: [], values: [] };
  for (const [term, n] of occurrences) {
    const df = stats.df.get(term) ?? 0;
    if (!df) continue;
    vector.indices.push(term);
    vector.values.push(n * idf(df, stats.chunks) * (query.heading.has(term) ? HEADING_WEIGHT : 1));
  }
  const added = new Set(vector.indices);
  for (const { of, term, acronym } of query.equivalents ?? []) {
    const df = stats.df.get(term) ?? 0;
    const own = stats.df.get(of) ?? 0;
    if (!df || added.has(term) || (own && (acronym || df < EQUIVALENT_RATIO * own))) continue;
    added.add(term);
    vector.indices.push(term);
    vector.values.push(EQUIVALENT_WEIGHT * idf(df, stats.chunks));
  }
  return vector;
}

/**
 * The statistics of chunks with these search texts (see {@link chunkTerms}): what writing them adds
 * to their tenant's, or deleting them takes away. Counted in one pass over each text's terms, with
 * no set or array per chunk: a term's slot keeps its count and the last chunk that counted it (a
 * write's 1,000 chunks made 2,000 short-lived collections), nor a string per word (see
 * {@link eachKeywordTermId}). The counts and the order of `df`'s terms are {@link chunkTerms}'s,
 * summed chunk after chunk.
 */
export function termStatsOf(texts: Iterable<string>): TermStats {
  const slots = new Map<number, number>();
  let counts = new Uint32Array(1024);
  let lastChunk = new Uint32Array(1024);
  let chunks = 0;
  let terms = 0;
  const count = (term: number) => {
    terms++;
    const slot = slots.get(term);
    if (slot === undefined) {
      if (slots.size === counts.length)
        [counts, lastChunk] = [grown(counts, slots.size * 2), grown(lastChunk, slots.size * 2)];
      counts[slots.size] = 1;
      lastChunk[slots.size] = chunks;
      slots.set(term, slots.size);
    } else if (lastChunk[slot] !== chunks) {
      lastChunk[slot] = chunks;
      counts[slot]!++;
    }
  };
  for (const text of texts) {
    chunks++;
    eachKeywordTermId(text, count);
  }
  const df = new Map<number, number>();
  for (const [term, slot] of slots) df.set(term, counts[slot]!);
  return { chunks, terms, df };
}

/** Statistics of several tenants together: their sums (a chunk belongs to one tenant). */
export function sumTermStats(parts: TermStats[]): TermStats {
  const df = new Map<number, number>();
  let chunks = 0;
  let terms = 0;
  for (const part of parts) {
    chunks += part.chunks;
    terms += part.terms;
    for (const [term, n] of part.df) df.set(term, (df.get(term) ?? 0) + n);
  }
  return { chunks, terms, df };
}

/** The average chunk length in terms, BM25's length normalisation (1 for no chunks). */
export function averageTerms(stats: TermStats): number {
  return stats.chunks ? Math.max(stats.terms / stats.chunks, 1) : 1;
}
