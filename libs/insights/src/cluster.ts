/**
 * Groups unit vectors by meaning, deterministically, in O(n · k · nnz) for n vectors, k clusters
 * and nnz non-zero dimensions per vector (the local embedder's are sparse):
 *
 * 1. leader pass: in input order, each vector joins the cluster whose centroid is most similar
 *    (cosine) when that similarity reaches `threshold`, otherwise it starts a new cluster;
 * 2. one refinement pass: each vector moves to the most similar final centroid, which undoes
 *    most of the order dependence of the first pass; empty clusters are dropped.
 *
 * Agglomerative clustering would need the n × n similarity matrix (10,000 questions: 400 MB and
 * 10⁸ comparisons per merge level); this keeps memory at k centroids.
 *
 * @returns the clusters as lists of input indices, each in input order, largest first (ties:
 *   the one whose first member comes first).
 */
export function clusterVectors(vectors: number[][], threshold: number): number[][] {
  if (!vectors.length) return [];
  const dims = vectors[0]!.length;
  const points = vectors.map(sparse);
  const centroids: Float64Array[] = [];
  const norms: number[] = [];
  const assignment = new Int32Array(points.length);

  points.forEach((p, i) => {
    const [best, similarity] = nearest(p, centroids, norms);
    if (best >= 0 && similarity >= threshold) {
      assignment[i] = best;
      // |c + p|² = |c|² + 2 c·p + |p|², with c·p = similarity · |c| already known.
      const norm = norms[best]!;
      addTo(centroids[best]!, p);
      norms[best] = Math.sqrt(Math.max(0, norm * norm + 2 * similarity * norm + p.normSq));
    } else {
      const centroid = new Float64Array(dims);
      addTo(centroid, p);
      centroids.push(centroid);
      norms.push(Math.sqrt(p.normSq));
      assignment[i] = centroids.length - 1;
    }
  });

  const frozen = centroids.map((c) => c.slice());
  const frozenNorms = [...norms];
  const groups = new Map<number, number[]>();
  points.forEach((p, i) => {
    const [best] = nearest(p, frozen, frozenNorms);
    const target = best >= 0 ? best : assignment[i]!;
    if (!groups.has(target)) groups.set(target, []);
    groups.get(target)!.push(i);
  });
  return [...groups.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}

interface Sparse {
  index: Int32Array;
  value: Float64Array;
  normSq: number;
}

function sparse(vector: number[]): Sparse {
  const index: number[] = [];
  const value: number[] = [];
  vector.forEach((v, i) => {
    if (v !== 0) {
      index.push(i);
      value.push(v);
    }
  });
  return {
    index: Int32Array.from(index),
    value: Float64Array.from(value),
    normSq: value.reduce((sum, v) => sum + v * v, 0),
  };
}

function dot(p: Sparse, dense: Float64Array): number {
  let sum = 0;
  for (let j = 0; j < p.index.length; j++) sum += p.value[j]! * dense[p.index[j]!]!;
  return sum;
}

/** Adds `p` to a centroid's sum in place. */
function addTo(centroid: Float64Array, p: Sparse): void {
  for (let j = 0; j < p.index.length; j++) centroid[p.index[j]!]! += p.value[j]!;
}

/** The centroid most similar to `p` (cosine; ties: the older one) and that similarity. */
function nearest(p: Sparse, centroids: Float64Array[], norms: number[]): [number, number] {
  let best = -1;
  let bestSimilarity = -Infinity;
  for (let c = 0; c < centroids.length; c++) {
    const similarity = norms[c]! > 0 ? dot(p, centroids[c]!) / norms[c]! : 0;
    if (similarity > bestSimilarity) {
      best = c;
      bestSimilarity = similarity;
    }
  }
  return [best, bestSimilarity];
}

/** The mean direction of some vectors, as a unit vector. */
export function centroidOf(vectors: number[][]): number[] {
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const v of vectors) v.forEach((x, d) => (sum[d]! += x));
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}

export function cosine(a: number[], b: number[]): number {
  let dotAb = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < a.length; d++) {
    dotAb += a[d]! * b[d]!;
    na += a[d]! * a[d]!;
    nb += b[d]! * b[d]!;
  }
  return na && nb ? dotAb / Math.sqrt(na * nb) : 0;
}
