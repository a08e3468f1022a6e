import type { Chunk } from './chunk';
import { filterFields, passesQuery, postFiltered } from './filters';
import { buildPostings, type TermPostings } from './search-box-postings';
import { queryTerms } from './sparse-vector';
import { HEADING_WEIGHT } from './term-stats';
import { Vocabulary } from './vocabulary';
import type { StoreQuery } from './vector-store';

/**
 * The share of the tenant's passages a query's postings must reach for its scores to be read
 * passage by passage rather than through the list of passages it touched (as the search mirror does).
 */
const DENSE_SHARE = 0.25;

/** A passage ranked by the index. */
export interface IndexHit {
  chunk: Chunk;
  score: number;
}

/**
 * One tenant's passages as the search box ranks them while a visitor types: its
 * {@link Vocabulary} (prefix completion and typos), and each keyword term's postings with their
 * BM25 impacts (see {@link buildPostings}), so that ranking a query is one synchronous pass over
 * its terms' postings, scored as the full keyword search scores them (the tenant's own term
 * statistics, heading terms at {@link HEADING_WEIGHT}). The passages are held, for the snippets
 * of the few returned: reading them from the store in a take by row id made each search wait on
 * LanceDB, which a loaded machine turned into the slowest part. Built once from every chunk of the
 * tenant and replaced whole (see `SearchBoxIndexes`); never changed in place.
 */
export class SearchBoxIndex {
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;

  private constructor(
    /** Which build of the tenant's index this is (1 for the first), for caches keyed by it. */
    readonly generation: number,
    readonly vocabulary: Vocabulary,
    private readonly chunks: Chunk[],
    private readonly postings: Map<number, TermPostings>,
    /** The mark of the tenant's chunks when the build started (see `SearchBoxIndexesOptions.changeMark`). */
    readonly mark: unknown,
  ) {
    this.scores = new Float64Array(chunks.length);
    this.touched = new Int32Array(chunks.length);
  }

  /** The index of these chunks (one tenant's). */
  static async of(
    chunks: AsyncIterable<Chunk> | Iterable<Chunk>,
    generation = 1,
    mark: unknown = null,
  ): Promise<SearchBoxIndex> {
    const built = await buildPostings(chunks);
    return new SearchBoxIndex(generation, new Vocabulary(built.counts), built.chunks, built.postings, mark);
  }

  /** Passages held. */
  get size(): number {
    return this.chunks.length;
  }

  /**
   * The best `limit` passages for these words (each read as its keyword terms and as heading
   * terms, as the full keyword search reads a query) that pass the query's filters and version, by
   * BM25 over every posting of their terms. Synchronous: nothing else runs in between.
   */
  rank(searched: string[], query: Pick<StoreQuery, 'filters' | 'version'>, limit: number): IndexHit[] {
    const checked = postFiltered(query);
    const { terms, heading } = queryTerms(searched.join(' '));
    const occurrences = new Map<number, number>();
    for (const term of terms) occurrences.set(term, (occurrences.get(term) ?? 0) + 1);
    const lists: { postings: TermPostings; weight: number }[] = [];
    let total = 0;
    for (const [term, n] of occurrences) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      lists.push({ postings, weight: n * postings.idf * (heading.has(term) ? HEADING_WEIGHT : 1) });
      total += postings.size;
    }
    const dense = total >= this.chunks.length * DENSE_SHARE;
    const { scores, touched } = this;
    let count = 0;
    for (const { postings, weight } of lists) {
      const { rows, impacts, size } = postings;
      if (dense)
        for (let p = 0; p < size; p++) {
          const row = rows[p]!;
          scores[row] = scores[row]! + weight * impacts[p]!;
        }
      else
        for (let p = 0; p < size; p++) {
          const row = rows[p]!;
          const score = scores[row]!;
          if (score === 0) touched[count++] = row;
          scores[row] = score + weight * impacts[p]!;
        }
    }
    const best = new Best(limit, this.chunks, checked ? query : null);
    // Passages below the `limit`th best so far are passed over without a call.
    let floor = 0;
    if (dense) {
      for (let row = 0; row < this.chunks.length; row++) {
        const score = scores[row]!;
        if (score > 0 && score >= floor) floor = best.offer(row, score);
      }
      scores.fill(0);
    } else
      for (let i = 0; i < count; i++) {
        const row = touched[i]!;
        if (scores[row]! >= floor) floor = best.offer(row, scores[row]!);
        scores[row] = 0;
      }
    return best.hits;
  }
}

/**
 * The best `limit` passages offered, in a short sorted list (higher score first, then by chunk
 * id); filters are checked only for a passage that would make it.
 */
class Best {
  readonly hits: IndexHit[] = [];

  constructor(
    private readonly limit: number,
    private readonly chunks: Chunk[],
    private readonly query: Pick<StoreQuery, 'filters' | 'version'> | null,
  ) {}

  /** Offers a passage; returns the lowest score that may still make it. */
  offer(row: number, score: number): number {
    const { hits, limit } = this;
    const chunk = this.chunks[row]!;
    const full = hits.length === limit;
    if (
      (!full || before(score, chunk, hits[limit - 1]!)) &&
      (!this.query || passesQuery(filterFields(chunk), this.query))
    ) {
      let at = hits.length;
      while (at > 0 && before(score, chunk, hits[at - 1]!)) at--;
      hits.splice(at, 0, { chunk, score });
      if (hits.length > limit) hits.pop();
    }
    return hits.length === limit ? (hits[limit - 1]?.score ?? Infinity) : 0;
  }
}

/** Whether a passage scoring `score` ranks before `hit`: higher first, then by chunk id. */
function before(score: number, chunk: Chunk, hit: IndexHit): boolean {
  return score > hit.score || (score === hit.score && chunk.chunk_id < hit.chunk.chunk_id);
}
