/**
 * When the embedded store (re)trains its vector index, and with what settings. An IVF_FLAT index:
 * k-means partitions over full vectors, so a search computes exact distances inside the
 * partitions it probes (no product quantisation to train, encode or re-rank). At 100,000 local
 * embeddings it trained in a fifth of the time of the former IVF_PQ index, with higher recall at
 * the same search time (docs/knowledge-base.md, docs/benchmarks.md).
 */

/** Rows from which a semantic search goes through the index instead of scanning the table. */
export const VECTOR_INDEX_MIN_ROWS = 5_000;
/**
 * Rows per partition the index is trained for. A search probes {@link VECTOR_INDEX_NPROBES}
 * partitions, so it reads about 20 × 1,000 vectors whatever the table's size; below 20,000 rows
 * it probes every partition and is exact.
 */
export const ROWS_PER_PARTITION = 1_000;
/** Partitions a search probes (LanceDB's default minimum, set here so it cannot drift). */
export const VECTOR_INDEX_NPROBES = 20;
/**
 * Growth since training that retrains the index. Rows added later join the partitions learnt at
 * training time, which grow with them: at twice the rows a search reads twice the vectors.
 */
export const RETRAIN_GROWTH = 2;
/**
 * Growth since training that retrains the index during a burst of ingestion (an upkeep told
 * `endOfBurst: false`). A training makes the compaction of that upkeep and of the next rewrite the
 * whole table (LanceDB merges only fragments the same index segments cover: docs/benchmarks.md,
 * "(h-upk)"), and the rows counted for it are those at its start, while writes go on: at
 * {@link RETRAIN_GROWTH} an import of 1,000,000 chunks trained at 111,000, 182,000, 520,000 and
 * 1,000,000 rows. Searches through the index during the burst read more vectors a partition
 * meanwhile (the API's search mirror does not use it), {@link MAX_BURST_INDEX_SEGMENTS} still
 * bounds its segments, and the burst's end retrains as before.
 */
export const BURST_RETRAIN_GROWTH = 4;
/**
 * Index segments that trigger a retraining. Every upkeep that indexes new rows adds a segment
 * (LanceDB's `optimize` does not merge them), and a search probes every segment: at 300,000 rows
 * a main segment and two deltas of 50,000 rows searched in 36.9 ms at p50 where one segment at
 * 100,000 rows took 14.2 ms (same bench, both under load).
 */
export const MAX_INDEX_SEGMENTS = 3;
/**
 * Index segments that trigger a retraining during a burst of ingestion (an upkeep told
 * `endOfBurst: false`). A training stalls the burst's writes (LanceDB's threads are busy with it):
 * at 1,000,000 chunks on 2 cores, every third upkeep retrained on {@link MAX_INDEX_SEGMENTS}, and
 * no ingest job ended for 96 s at 400,000 chunks, 113 s at 550,000, 174 s at 700,000 and 247 s at
 * 850,000 (827 s of the ingestion's 2,309 with the training at its end; docs/benchmarks.md,
 * "Search speed at 1,000,000 chunks"). So more segments until the burst ends: searches through
 * the index meanwhile probe each (the search mirror does not use it), and the burst's end brings
 * them back under {@link MAX_INDEX_SEGMENTS}.
 */
export const MAX_BURST_INDEX_SEGMENTS = 6;
/**
 * Growth since training that retrains the index when a burst of ingestion ends. The rows added
 * since join the partitions as a new index segment, and every search probes each segment: a burst
 * that added a quarter or more leaves one segment behind it (at 100,000 chunks, a second segment
 * of 48,000 rows made semantic search 4 to 5 ms slower). Smaller changes, such as a daily re-sync,
 * are merged without training.
 */
export const END_OF_BURST_RETRAIN_GROWTH = 1.25;
/** Vectors per partition that k-means trains on: a sample, not the table. */
export const SAMPLE_PER_PARTITION = 64;
/** k-means iterations (LanceDB's default of 50 buys little recall on these vectors). */
export const KMEANS_ITERATIONS = 10;
/** The index type trained; an index of another type (an older IVF_PQ) is replaced. */
export const VECTOR_INDEX_TYPE = 'IvfFlat';

/** What the store knows about its table and its vector index. */
export interface VectorIndexState {
  rows: number;
  /**
   * Whether the upkeep comes at the end of a burst of ingestion (no ingest job waiting); `false`:
   * during one, more jobs waiting; absent: an upkeep outside ingestion.
   */
  endOfBurst?: boolean;
  index: {
    /** LanceDB's `indexType` (`IvfFlat`, `IvfPq`, …). */
    type: string;
    /** Rows at the last training; 0 when unknown. */
    trainedRows: number;
    /** Segments of the index (`indexStats().numIndices`). */
    segments: number;
  } | null;
}

/** The training to run, or none (new rows are then merged into the index by `optimize`). */
export type VectorIndexPlan =
  | { train: false }
  | { train: true; reason: string; numPartitions: number; sampleRate: number; maxIterations: number };

/**
 * Decides whether upkeep trains the vector index, sized to the table. A table's first index is
 * trained when its first burst of ingestion ends (or by an upkeep outside one), not during it: the
 * burst's end would train again on the grown table anyway ({@link END_OF_BURST_RETRAIN_GROWTH}),
 * the API's search mirror serves searches meanwhile, and at 100,000 chunks the training during
 * the burst cost 5.6 s of its upkeep's 19.7 s and made its compaction rewrite the whole table.
 */
export function planVectorIndex(state: VectorIndexState): VectorIndexPlan {
  const reason = trainingReason(state);
  if (!reason) return { train: false };
  return {
    train: true,
    reason,
    numPartitions: Math.max(1, Math.round(state.rows / ROWS_PER_PARTITION)),
    sampleRate: SAMPLE_PER_PARTITION,
    maxIterations: KMEANS_ITERATIONS,
  };
}

function trainingReason({ rows, index, endOfBurst }: VectorIndexState): string | null {
  if (!index) return rows >= VECTOR_INDEX_MIN_ROWS && endOfBurst !== false ? 'no index yet' : null;
  if (index.type !== VECTOR_INDEX_TYPE) return `index type ${index.type}`;
  const trained = Math.max(index.trainedRows, VECTOR_INDEX_MIN_ROWS);
  if (rows >= trained * (endOfBurst === false ? BURST_RETRAIN_GROWTH : RETRAIN_GROWTH)) return 'table grew';
  if (endOfBurst && rows >= trained * END_OF_BURST_RETRAIN_GROWTH) return 'burst ended, table grew';
  if (index.segments >= (endOfBurst === false ? MAX_BURST_INDEX_SEGMENTS : MAX_INDEX_SEGMENTS))
    return 'too many segments';
  return null;
}
