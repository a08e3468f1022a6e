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
 * characters holds about 200 words. A fixed average keeps a chunk's vector independent of the
 * rest of the collection, so writes never rewrite other points.
 */
const AVERAGE_TERMS = 200;
/** Query terms kept, as in the embedded store's full-text queries. */
const MAX_QUERY_TERMS = 64;

/**
 * The BM25 document side of a text: each stemmed word hashed to a uint32 index, weighted by its
 * saturated, length-normalised term frequency. The store applies the IDF side at query time
 * (Qdrant's `modifier: "idf"`), so a dot product with {@link querySparseVector} is BM25.
 */
export function documentSparseVector(text: string): SparseVector {
  const terms = stemmedTerms(text);
  const counts = new Map<number, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const norm = K1 * (1 - B + (B * terms.length) / AVERAGE_TERMS);
  const vector: SparseVector = { indices: [], values: [] };
  for (const [index, tf] of counts) {
    vector.indices.push(index);
    vector.values.push((tf * (K1 + 1)) / (tf + norm));
  }
  return vector;
}

/** The query side: weight 1 for each distinct term (at most 64), as BM25 scores queries. */
export function querySparseVector(text: string): SparseVector {
  const indices = [...new Set(stemmedTerms(text))].slice(0, MAX_QUERY_TERMS);
  return { indices, values: indices.map(() => 1) };
}

function stemmedTerms(text: string): number[] {
  return words(text).map((word) => fnv1a(stem(word)));
}
