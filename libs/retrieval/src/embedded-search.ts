import type * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import { searchText } from './chunk';
import {
  passingFilters,
  readHits,
  RESULT_COLUMNS,
  toHit,
  toResult,
  type Hit,
  type RankedRow,
  type ResultRow,
} from './embedded-hits';
import { candidateLimit } from './filters';
import { fuse, fusionKey, hybridDepth } from './hybrid';
import { tenantClause } from './lance-sql';
import { keywordScore, queryTerms, queryText } from './sparse-vector';
import { averageTerms, queryWeights } from './term-stats';
import type { TermStatsFiles } from './term-stats-files';
import { VECTOR_INDEX_NPROBES } from './vector-index-plan';
import type { HybridQuery, StoreQuery } from './vector-store';

/**
 * Share of the table from which a search's tenants are filtered after the vector search rather
 * than before it: building the prefilter's row set costs more than it saves when it keeps most
 * rows (measured at 100,000 rows, 90 % in the tenant: 8.9 ms prefiltered, 5.0 ms postfiltered).
 */
const POSTFILTER_MIN_SHARE = 0.5;
/** How long a tenant's share of the table is trusted before it is counted again. */
const SHARE_TTL_MS = 10_000;
/**
 * Columns a keyword ranking reads when the result columns come later: the text it re-scores (and
 * orders equal scores by). Reading the chunk and document ids too, to order equal scores by them,
 * cost 0.9 ms of a hybrid search at 300,000 chunks; they are read only when two candidates tie on
 * both score and text.
 */
const KEYWORD_COLUMNS = ['search_text', '_score'];
/**
 * Full-text candidates re-scored per keyword result wanted. The index ranks by statistics of the
 * whole table; re-scoring with the searched tenants' own puts their best chunks first, as long as
 * the index's ranking keeps them among the candidates. Measured: three per result ranked the same
 * on the eval data (nDCG@10 within 0.002) and cost 2 ms more at 100,000 chunks.
 */
const KEYWORD_CANDIDATES_FACTOR = 2;
/** Fewest full-text candidates re-scored. */
const KEYWORD_CANDIDATES_MIN = 20;

/**
 * The embedded store's searches: keyword (full-text candidates re-scored by BM25 over the searched
 * tenants' own statistics), semantic (the vector index, tenants filtered before or after it) and
 * hybrid (both fused), over the table `table()` opens.
 */
export class EmbeddedSearch {
  private ftsReady = false;
  private readonly shares = new Map<string, { share: number; rows: number; at: number }>();

  constructor(
    private readonly deps: { table: () => Promise<lancedb.Table | null>; termStats: TermStatsFiles },
  ) {}

  /**
   * The full-text index finds candidates among the searched tenants' rows; each is then scored by
   * BM25 with those tenants' term statistics, so no other tenant's rows weigh in.
   */
  async keyword(query: StoreQuery & { text: string }): Promise<SearchResult[]> {
    return this.search(query, (table, withColumns) => this.keywordHits(table, query, withColumns));
  }

  async semantic(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]> {
    return this.search(query, (table, withColumns) => this.semanticHits(table, query, withColumns));
  }

  /**
   * Both rankings, each {@link hybridDepth} deep, fused by {@link fuse}. The keyword ranking runs
   * while the query is embedded, and the semantic one beside it; only the rows kept are read.
   */
  async hybrid({ vector: embedding, weights, ...query }: HybridQuery): Promise<SearchResult[]> {
    const deep = { ...query, limit: hybridDepth(query.limit) };
    const rank = async (table: lancedb.Table, withColumns: boolean) => {
      const keyword = this.keywordHits(table, deep, withColumns);
      keyword.catch(() => undefined); // awaited below; an embedding failure must not orphan it
      const vector = await embedding;
      const [keywordHits, semanticHits] = await Promise.all([
        keyword,
        this.semanticHits(table, { ...deep, vector }, withColumns),
      ]);
      return fuse(
        [
          { results: keywordHits, weight: weights.keyword },
          { results: semanticHits, weight: weights.semantic },
        ],
        Infinity,
        (hit) => hit.rowId,
      );
    };
    return this.search(query, rank, { late: true, distinct: true });
  }

  /**
   * Ranks with `rank`, reading the result columns with the ranking, or (`late`) afterwards for the
   * rows kept: a hybrid search fuses 60 keyword and 30 to 50 semantic candidates into 10 results,
   * and reading every candidate's columns cost a third of its time at 300,000 chunks. A keyword or
   * semantic search keeps most of its candidates, so a second read would cost more than it saves;
   * a query with metadata filters needs the columns to filter. A row moved before it was read (a
   * write or a compaction in between) makes the search rank once more, reading them with the ranking.
   */
  private async search(
    query: StoreQuery,
    rank: (table: lancedb.Table, withColumns: boolean) => Promise<Hit[]>,
    opts: { late?: boolean; distinct?: boolean } = {},
  ): Promise<SearchResult[]> {
    const table = await this.deps.table();
    if (!table) return [];
    const read = async (withColumns: boolean) =>
      this.results(table, await rank(table, withColumns), query.limit, opts.distinct);
    const late = opts.late && !query.filters.length;
    return (await read(!late)) ?? (await read(true))!;
  }

  /**
   * The first `limit` hits as results, their columns read; null when a row moved. `distinct`: an
   * identical passage of several searched tenants counts once (see `fusionKey`).
   */
  private async results(
    table: lancedb.Table,
    hits: Hit[],
    limit: number,
    distinct = false,
  ): Promise<SearchResult[] | null> {
    const results: SearchResult[] = [];
    const seen = new Set<string>();
    for (let next = 0; next < hits.length && results.length < limit;) {
      const batch = hits.slice(next, next + limit - results.length);
      next += batch.length;
      const read = await readHits(table, batch);
      if (!read) return null;
      for (const result of read.map(toResult)) {
        if (distinct) {
          if (seen.has(fusionKey(result))) continue;
          seen.add(fusionKey(result));
        }
        results.push(result);
      }
    }
    return results;
  }

  /** Keyword candidates re-scored by BM25 over the searched tenants' statistics, best first. */
  private async keywordHits(
    table: lancedb.Table,
    query: StoreQuery & { text: string },
    withColumns: boolean,
  ): Promise<Hit[]> {
    const text = queryText(query.text);
    if (!text || !(await this.hasFts(table))) return [];
    const terms = queryTerms(query.text);
    const stats = this.deps.termStats.read(query.tenants, [...new Set(terms)]);
    const weights = queryWeights(terms, stats);
    if (!weights.indices.length) return [];
    const average = averageTerms(stats);
    const rows = (await table
      .search(text, 'fts', 'search_text')
      .where(tenantClause(query.tenants))
      .select(withColumns ? [...RESULT_COLUMNS, '_score'] : KEYWORD_COLUMNS)
      .withRowId()
      .limit(Math.max(candidates(query) * KEYWORD_CANDIDATES_FACTOR, KEYWORD_CANDIDATES_MIN))
      .toArray()) as KeywordRow[];
    const scored = rows
      .map((row) => {
        const text = row.search_text ?? searchText(row as ResultRow);
        return { row, text, score: keywordScore(text, weights, average) };
      })
      .filter((hit) => hit.score > 0)
      // Equal scores in a stable order: the index's own order depends on other tenants' rows.
      .sort((x, y) => y.score - x.score || compare(x.text, y.text) || byChunk(x.row, y.row));
    const tied = scored.some(
      (hit, i) => i > 0 && hit.score === scored[i - 1]!.score && hit.text === scored[i - 1]!.text,
    );
    if (tied && !withColumns) return this.keywordHits(table, query, true);
    return passingFilters(
      scored.map((hit) => toHit(hit.row, hit.score)),
      query,
    );
  }

  /** Nearest rows of the searched tenants, scored 1 − cosine distance. */
  private async semanticHits(
    table: lancedb.Table,
    query: StoreQuery & { vector: number[] },
    withColumns: boolean,
  ): Promise<Hit[]> {
    const wanted = candidates(query);
    // The IVF_FLAT index's distances are exact: nothing to re-rank.
    const search = (limit: number) =>
      table
        .vectorSearch(query.vector)
        .distanceType('cosine')
        .nprobes(VECTOR_INDEX_NPROBES)
        .where(tenantClause(query.tenants))
        .select(withColumns ? [...RESULT_COLUMNS, '_distance'] : ['_distance'])
        .withRowId()
        .limit(limit);
    type Nearest = RankedRow & { _distance: number };
    const { share, rows: tenantRows } = await this.tenantShare(table, query.tenants);
    let rows: Nearest[] | null = null;
    if (share >= POSTFILTER_MIN_SHARE) {
      // Other tenants' rows are dropped after the search: ask for enough to keep `wanted`.
      rows = (await search(Math.ceil((wanted / share) * 1.5))
        .postfilter()
        .toArray()) as Nearest[];
      if (rows.length < Math.min(wanted, tenantRows)) rows = null;
    }
    rows ??= (await search(wanted).toArray()) as Nearest[];
    return passingFilters(
      rows.slice(0, wanted).map((row) => toHit(row, 1 - row._distance)),
      query,
    );
  }

  private async hasFts(table: lancedb.Table): Promise<boolean> {
    if (!this.ftsReady)
      this.ftsReady = (await table.listIndices()).some((i) => i.columns.includes('search_text'));
    return this.ftsReady;
  }

  /** The share of the table's rows that belong to `tenants` (counted at most every 10 s). */
  private async tenantShare(
    table: lancedb.Table,
    tenants: string[],
  ): Promise<{ share: number; rows: number }> {
    const key = tenants.join('\u0000');
    const now = Date.now();
    const cached = this.shares.get(key);
    if (cached && now - cached.at < SHARE_TTL_MS) return cached;
    const [rows, total] = await Promise.all([table.countRows(tenantClause(tenants)), table.countRows()]);
    const entry = { share: total ? rows / total : 0, rows, at: now };
    if (this.shares.size > 1000) this.shares.clear();
    this.shares.set(key, entry);
    return entry;
  }
}

/** A keyword candidate: its search text, or the result columns it is rebuilt from. */
type KeywordRow = RankedRow & { search_text?: string };

/** Order of two rows by document and chunk id, when the ranking read them (else 0). */
function byChunk(x: KeywordRow, y: KeywordRow): number {
  if (x.document_id === undefined || y.document_id === undefined) return 0;
  return x.document_id.localeCompare(y.document_id) || x.chunk_id!.localeCompare(y.chunk_id!);
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function candidates(query: StoreQuery): number {
  return candidateLimit(query.limit, query.filters.length > 0);
}
