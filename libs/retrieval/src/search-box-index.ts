import { words } from '@docqa/tokenize';
import { searchText, type Chunk } from './chunk';
import { filterFields, passesQuery, postFiltered } from './filters';
import { HEADING_MARK, headingWords, keywordTokens } from './keyword-terms';
import { BM25_B, BM25_K1 } from './sparse-vector';
import { HEADING_WEIGHT, idf } from './term-stats';
import { Vocabulary } from './vocabulary';
import type { StoreQuery } from './vector-store';

/**
 * Passages kept per term: those the term weighs most in. A search then ranks at most this many
 * passages per term, however common the term (the commonest of 100,000 passages hold it in
 * nearly all). A passage that holds two common words but neither among its best is missed: the
 * as-you-type search trades that for a bounded cost; Enter or "Ask" runs the full search.
 */
export const POSTINGS_CAP = 256;

/** A term's capped postings: passages (by number) best first, and what the term scores in each. */
interface Postings {
  rows: Int32Array;
  impacts: Float32Array;
}

/** A passage ranked by the index. */
export interface IndexHit {
  chunk: Chunk;
  score: number;
}

/**
 * One tenant's passages as the search box ranks them while a visitor types: its
 * {@link Vocabulary} (prefix completion and typos), and for each keyword term the
 * {@link POSTINGS_CAP} passages it scores most in by BM25 (impact-ordered, capped postings), so
 * ranking a query costs at most that many additions per term. Built once from every chunk of the
 * tenant and replaced whole (see `SearchBoxIndexes`); never changed in place.
 */
export class SearchBoxIndex {
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;

  private constructor(
    /** Which count of the tenant's chunks this is (1 for the first), for caches keyed by it. */
    readonly generation: number,
    readonly vocabulary: Vocabulary,
    private readonly chunks: Chunk[],
    private readonly postings: Map<string, Postings>,
  ) {
    this.scores = new Float64Array(chunks.length);
    this.touched = new Int32Array(chunks.length);
  }

  /** The index of these chunks (one tenant's). */
  static async of(chunks: AsyncIterable<Chunk> | Iterable<Chunk>, generation = 1): Promise<SearchBoxIndex> {
    const held: Chunk[] = [];
    const counts = new Map<string, number>();
    const termRows = new Map<string, number[]>();
    const lengths: number[] = [];
    for await (const chunk of chunks) {
      const row = held.push(chunk) - 1;
      const text = searchText(chunk);
      Vocabulary.count(counts, words(text));
      const terms = keywordTokens(text);
      lengths.push(terms.length);
      // Each term's rows with their term frequency, interleaved: [row, tf, row, tf, …].
      const tf = new Map<string, number>();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      for (const [term, n] of tf) {
        const list = termRows.get(term);
        if (list) list.push(row, n);
        else termRows.set(term, [row, n]);
      }
    }
    const average = Math.max(1, lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, held.length));
    const postings = new Map<string, Postings>();
    for (const [term, list] of termRows) {
      // As the full search weighs them (see `queryWeights`): a heading term at a tenth.
      const heading = term.startsWith(HEADING_MARK) ? HEADING_WEIGHT : 1;
      const weight = heading * idf(list.length / 2, held.length) * (BM25_K1 + 1);
      const scored: { row: number; impact: number }[] = [];
      for (let i = 0; i < list.length; i += 2) {
        const row = list[i]!;
        const tf = list[i + 1]!;
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * lengths[row]!) / average);
        scored.push({ row, impact: (weight * tf) / (tf + norm) });
      }
      scored.sort((a, b) => b.impact - a.impact || a.row - b.row);
      const kept = scored.slice(0, POSTINGS_CAP);
      postings.set(term, {
        rows: Int32Array.from(kept, (p) => p.row),
        impacts: Float32Array.from(kept, (p) => p.impact),
      });
    }
    return new SearchBoxIndex(generation, new Vocabulary(counts), held, postings);
  }

  /** Passages held. */
  get size(): number {
    return this.chunks.length;
  }

  /**
   * The best `limit` passages for these words (each read as its keyword terms, each term also as a
   * heading term, as the full search weighs the sections a word heads) that pass the query's
   * filters and version: the sum of each term's impact over its capped postings. Synchronous:
   * nothing else runs in between.
   */
  rank(searched: string[], query: Pick<StoreQuery, 'filters' | 'version'>, limit: number): IndexHit[] {
    const checked = postFiltered(query);
    const text = searched.join(' ');
    const terms = new Set([...keywordTokens(text), ...keywordTokens(headingWords(text).join(' '))]);
    const { scores, touched } = this;
    let count = 0;
    for (const term of terms) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const { rows, impacts } = postings;
      for (let p = 0; p < rows.length; p++) {
        const row = rows[p]!;
        if (scores[row] === 0) touched[count++] = row;
        scores[row] = scores[row]! + impacts[p]!;
      }
    }
    // The best `limit` in one pass (insertion into a short sorted list); filters are checked only
    // for a passage that would make it.
    const best: IndexHit[] = [];
    for (let i = 0; i < count; i++) {
      const row = touched[i]!;
      const score = scores[row]!;
      scores[row] = 0;
      const chunk = this.chunks[row]!;
      if (best.length === limit && !before(score, chunk, best[limit - 1]!)) continue;
      if (checked && !passesQuery(filterFields(chunk), query)) continue;
      let at = best.length;
      while (at > 0 && before(score, chunk, best[at - 1]!)) at--;
      best.splice(at, 0, { chunk, score });
      if (best.length > limit) best.pop();
    }
    return best;
  }
}

/** Whether a passage scoring `score` ranks before `hit`: higher first, then by chunk id. */
function before(score: number, chunk: Chunk, hit: IndexHit): boolean {
  return score > hit.score || (score === hit.score && chunk.chunk_id < hit.chunk.chunk_id);
}
