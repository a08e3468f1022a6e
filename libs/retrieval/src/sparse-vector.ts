import { fnv1a, stem, words } from './tokenize';

/** A sparse vector as Qdrant takes it: unique uint32 indices and their weights. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** BM25 term-frequency saturation. */
const K1 = 1.2;
/** BM25 length normalisation. */
const B = 0.75;
/**
 * Average chunk length in terms, fixed rather than measured: a chunk of the default 1,200
 * characters holds about 200 words. A fixed average keeps a chunk's weights independent of every
 * other chunk (of its tenant or another), so writes never rewrite other points and no tenant's
 * documents move another tenant's scores.
 */
const AVERAGE_TERMS = 200;
/** Query terms kept, as in the embedded store's full-text queries. */
const MAX_QUERY_TERMS = 64;

/**
 * The BM25 document side of a text: each stemmed word hashed to a uint32 index, weighted by its
 * saturated, length-normalised term frequency. The IDF side is the query's (see `queryWeights`),
 * counted over the searched tenants only, so a dot product of the two is BM25 over those tenants.
 */
export function documentSparseVector(text: string): SparseVector {
  const terms = stemmedTerms(text);
  const counts = new Map<number, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const vector: SparseVector = { indices: [], values: [] };
  for (const [index, tf] of counts) {
    vector.indices.push(index);
    vector.values.push(saturate(tf, terms.length));
  }
  return vector;
}

/**
 * The dot product of a text's {@link documentSparseVector} with `query`, without building the
 * whole vector: what Qdrant computes for a point, computed for a candidate row.
 */
export function keywordScore(text: string, query: SparseVector): number {
  const weights = new Map(query.indices.map((index, i) => [index, query.values[i]!]));
  const terms = stemmedTerms(text);
  const counts = new Map<number, number>();
  for (const term of terms) if (weights.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  let score = 0;
  for (const [term, tf] of counts) score += weights.get(term)! * saturate(tf, terms.length);
  return score;
}

/** The distinct terms of a query (at most 64), in order of first appearance. */
export function queryTerms(text: string): number[] {
  return [...new Set(stemmedTerms(text))].slice(0, MAX_QUERY_TERMS);
}

/** The distinct terms of a chunk's search text: what its tenant's term statistics count. */
export function chunkTerms(text: string): number[] {
  return [...new Set(stemmedTerms(text))];
}

function saturate(tf: number, length: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / AVERAGE_TERMS));
}

function stemmedTerms(text: string): number[] {
  return words(text).map((word) => fnv1a(stem(word)));
}
