import type * as lancedb from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import type { SearchResult } from '@docqa/contracts';
import {
  averageTerms,
  candidateLimit,
  fuseRankings,
  fusionKey,
  hybridDepth,
  type HybridQuery,
  keywordScore,
  queryTerms,
  queryText,
  queryWeights,
  searchText,
  type StoreQuery,
} from '@docqa/retrieval';
import { RESULT_COLUMN } from './chunk-columns';
import {
  passingFilters,
  resultRow,
  toResult,
  type Hit,
  type RankedHit,
  type ResultList,
} from './embedded-hits';
import { tenantClause } from './lance-sql';
import type { MirrorKeeper } from './mirror-keeper';
import type { SearchMirror } from './search-mirror';
import type { TermStatsFiles } from './term-stats-files';
import { int8Cosine, quantise } from './vector-columns';
import { VECTOR_INDEX_NPROBES } from './vector-index-plan';

/**
 * Share of the table from which a search's tenants are filtered after the ranking rather than
 * before it: building the filter's row set costs more than it saves when it keeps most rows
 * (measured at 100,000 rows, 90 % in the tenant: a vector search took 8.9 ms prefiltered, 5.0 ms
 * postfiltered). The ranking then asks for more rows and reads their tenant too.
 */
const POSTFILTER_MIN_SHARE = 0.5;
/** How long a tenant's share of the table is trusted before it is counted again. */
const SHARE_TTL_MS = 10_000;
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
 * A ranking's query: up to `limit` rows with their row ids and score, filtered by `where` when
 * given, reading the `select` columns besides (inside the query: at 300,000 chunks a full-text
 * query of 34 rows reading their tenant and result list took 3.9 ms, where ranking by row id
 * alone and taking those columns afterwards took 3.6 + 1.9 ms).
 */
type RankQuery = (limit: number, where: string | null, select: string[]) => Promise<ArrowTable>;
/**
 * A search's ranking of `table`, through `mirror` when given; `readAll`: every ranking reads its
 * passages in its own queries.
 */
type Ranking = (table: lancedb.Table, mirror: SearchMirror | null, readAll: boolean) => Promise<RankedHit[]>;
/** How a ranking's rows are scored: a function of the row's index in what the ranking read. */
type RankScore = (ranked: ArrowTable) => (index: number) => number;

/** Scores by the full-text index's `_score` column. */
const FTS_SCORE: RankScore = (ranked) => {
  const column = ranked.getChild('_score')!;
  return (i) => column.get(i) as number;
};

/** Scores by the int8 cosine of each row's `vector` with `query` (see `int8Cosine`). */
function int8CosineWith(query: number[]): RankScore {
  const quantised = quantise(query);
  return (ranked) => {
    const vectors = ranked.getChild('vector')!;
    return (i) => int8Cosine(quantised, quantise((vectors.get(i) as { toArray(): Float32Array }).toArray()));
  };
}

/**
 * The embedded store's searches: keyword (BM25 over the searched tenants' own statistics),
 * semantic (nearest by cosine) and hybrid (both fused), over the table `table()` opens. Each ranks
 * through the process's search mirror when it holds the table's latest version (in memory, no
 * query to LanceDB but the version), and otherwise through LanceDB's indexes: full-text
 * candidates re-scored by BM25, and the vector index, tenants filtered before or after it.
 */
export class EmbeddedSearch {
  private ftsReady = false;
  private readonly shares = new Map<string, { share: number; rows: number; at: number }>();

  constructor(
    private readonly deps: {
      table: () => Promise<lancedb.Table | null>;
      termStats: TermStatsFiles;
      /** Keeps the in-memory copy of the table that searches rank with when it is current. */
      mirror?: MirrorKeeper;
    },
  ) {}

  /**
   * The full-text index finds candidates among the searched tenants' rows; each is then scored by
   * BM25 with those tenants' term statistics, so no other tenant's rows weigh in.
   */
  async keyword(query: StoreQuery & { text: string }): Promise<SearchResult[]> {
    return this.search(query, (table, mirror) => this.keywordHits(table, mirror, query));
  }

  async semantic(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]> {
    return this.search(query, (table, mirror) => this.semanticHits(table, mirror, query));
  }

  /**
   * Both rankings, each {@link hybridDepth} deep, fused by {@link fuseRankings}. The keyword ranking runs
   * while the query is embedded, and the semantic one beside it. Through LanceDB's indexes, the
   * semantic ranking reads no passages (unless metadata filters need them): the keyword ranking
   * has read those of the rows both found, and the few rows only the semantic one found that make
   * the results are read last (at 300,000 chunks reading 50 rows' passages inside the vector query
   * cost 1.7 ms).
   */
  async hybrid({ vector: embedding, weights, ...query }: HybridQuery): Promise<SearchResult[]> {
    const deep = { ...query, limit: hybridDepth(query.limit) };
    const rank: Ranking = async (table, mirror, readAll) => {
      const keyword = this.keywordHits(table, mirror, deep);
      keyword.catch(() => undefined); // awaited below; an embedding failure must not orphan it
      const vector = await embedding;
      const [keywordHits, semanticHits] = await Promise.all([
        keyword,
        this.semanticHits(table, mirror, { ...deep, vector }, readAll || query.filters.length > 0),
      ]);
      return fuseRankings(keywordHits, semanticHits, weights, (hit) => hit.rowId);
    };
    return this.search(query, rank, true);
  }

  /**
   * The first `limit` hits of `rank` as results, ranked through the mirror when it holds the
   * version of the table the search reads (the latest: looked up once, for both rankings of a
   * hybrid search), the passages of hits ranked without them read by row id. A row moved before that read (a compaction committed since the ranking) makes the
   * search rank once more, with `readAll` set: every ranking then reads its passages itself.
   * `distinct`: an identical passage of several searched tenants counts once (see `fusionKey`).
   */
  private async search(query: StoreQuery, rank: Ranking, distinct = false): Promise<SearchResult[]> {
    const run = async () => {
      const table = await this.deps.table();
      if (!table) return [];
      const mirror = this.deps.mirror ? this.deps.mirror.current(await table.version()) : null;
      try {
        return await firstResults(table, await rank(table, mirror, false), query.limit, distinct);
      } catch (error) {
        if (!(error instanceof RowsMoved)) throw error;
        return firstResults(table, await rank(table, mirror, true), query.limit, distinct);
      }
    };
    return this.deps.mirror ? this.deps.mirror.searching(run) : run();
  }

  /** Keyword candidates re-scored by BM25 over the searched tenants' statistics, best first. */
  private async keywordHits(
    table: lancedb.Table,
    mirror: SearchMirror | null,
    query: StoreQuery & { text: string },
  ): Promise<Hit[]> {
    const text = queryText(query.text);
    if (!text || !(await this.hasFts(table))) return [];
    const terms = queryTerms(query.text);
    const stats = this.deps.termStats.read(query.tenants, [...new Set(terms.terms)]);
    const weights = queryWeights(terms, stats);
    if (!weights.indices.length) return [];
    const average = averageTerms(stats);
    const search: RankQuery = (limit, where, select) => {
      const fts = table.search(text, 'fts', 'search_text');
      return (where === null ? fts : fts.where(where))
        .select([...select, '_score'])
        .withRowId()
        .limit(limit)
        .toArrow();
    };
    // The mirror ranks every row by these weights, as re-scoring does; the index by its own.
    const wanted = Math.max(candidates(query) * KEYWORD_CANDIDATES_FACTOR, KEYWORD_CANDIDATES_MIN);
    const found = mirror
      ? mirror.keyword(query.tenants, weights, average, candidates(query))
      : await this.ranked(table, query, wanted, search, FTS_SCORE);
    const scored = found
      // The search text again (what the index holds), from the fields it was made of.
      .map(({ row, rowId }) => ({ rowId, row, score: keywordScore(searchText(row), weights, average) }))
      .filter((hit) => hit.score > 0)
      .sort(bestFirst);
    return passingFilters(scored, query);
  }

  /**
   * Nearest rows of the searched tenants, scored 1 − cosine distance; with their passages when
   * `read`, and then filtered by metadata (a ranking that leaves them unread has no filters).
   */
  private async semanticHits(
    table: lancedb.Table,
    mirror: SearchMirror | null,
    query: StoreQuery & { vector: number[] },
    read = true,
  ): Promise<RankedHit[]> {
    if (mirror) return passingFilters(mirror.semantic(query.tenants, query.vector, candidates(query)), query);
    // The index ranks by exact distances; the rows it finds are scored as the mirror scores them
    // (int8 cosines), so that a search gives the same scores whether the mirror was current or not.
    const search: RankQuery = (limit, where, select) => {
      const nearest = table.vectorSearch(query.vector).distanceType('cosine').nprobes(VECTOR_INDEX_NPROBES);
      return (where === null ? nearest : nearest.where(where))
        .select([...select, 'vector', '_distance'])
        .withRowId()
        .limit(limit)
        .toArrow();
    };
    const score = int8CosineWith(query.vector);
    if (!read)
      return (await this.ranked(table, query, candidates(query), search, score, false)).sort(byScore);
    const hits = await this.ranked(table, query, candidates(query), search, score);
    return passingFilters(hits.sort(byScore), query);
  }

  /**
   * The best `wanted` rows of the searched tenants by `search`, each with the `score` column's
   * value and its result fields (`read`; otherwise none). When the tenants hold most of the table,
   * the search runs unfiltered for more rows and reads their tenant too; it runs again filtered
   * when too few of them are the tenants'.
   */
  private async ranked(
    table: lancedb.Table,
    query: StoreQuery,
    wanted: number,
    search: RankQuery,
    score: RankScore,
  ): Promise<Hit[]>;
  private async ranked(
    table: lancedb.Table,
    query: StoreQuery,
    wanted: number,
    search: RankQuery,
    score: RankScore,
    read: false,
  ): Promise<RankedHit[]>;
  private async ranked(
    table: lancedb.Table,
    query: StoreQuery,
    wanted: number,
    search: RankQuery,
    score: RankScore,
    read = true,
  ): Promise<RankedHit[]> {
    const passages = read ? [RESULT_COLUMN] : [];
    const { share, rows: tenantRows } = await this.tenantShare(table, query.tenants);
    if (share >= POSTFILTER_MIN_SHARE) {
      const limit = Math.ceil((wanted / share) * 1.5);
      const ranked = await search(limit, null, ['tenant', ...passages]);
      const tenant = ranked.getChild('tenant')!;
      const tenants = new Set(query.tenants);
      const kept = hitsOf(ranked, score, (i) => tenants.has(tenant.get(i)), wanted);
      // Fewer rows than asked for: the search found all there were, and `kept` holds the tenants'.
      if (kept.length >= Math.min(wanted, tenantRows) || ranked.numRows < limit) return kept;
    }
    return hitsOf(await search(wanted, tenantClause(query.tenants), passages), score);
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

/**
 * The hits of a ranking's rows, in its order, read column by column (Arrow's row objects cost
 * more): the first `limit` that `keep` keeps.
 */
function hitsOf(
  ranked: ArrowTable,
  score: RankScore,
  keep: (index: number) => boolean = () => true,
  limit = Infinity,
): RankedHit[] {
  const rowIds = ranked.getChild('_rowid')!;
  const scoreOf = score(ranked);
  const lists = ranked.getChild(RESULT_COLUMN);
  const hits: RankedHit[] = [];
  for (let i = 0; i < ranked.numRows && hits.length < limit; i++)
    if (keep(i))
      hits.push({
        rowId: rowIds.get(i) as bigint,
        score: scoreOf(i),
        row: lists ? resultRow(lists.get(i) as ResultList) : null,
      });
  return hits;
}

/**
 * The first `limit` of `hits` as results, reading by row id the passages of those ranked without
 * them (see {@link readPassages}). `distinct`: a passage already taken is passed over.
 */
async function firstResults(
  table: lancedb.Table,
  hits: RankedHit[],
  limit: number,
  distinct: boolean,
): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (let next = 0; results.length < limit && next < hits.length;) {
    const batch = hits.slice(next, next + limit - results.length);
    next += batch.length;
    for (const hit of await readPassages(table, batch)) {
      const result = toResult(hit);
      if (distinct) {
        if (seen.has(fusionKey(result))) continue;
        seen.add(fusionKey(result));
      }
      results.push(result);
    }
  }
  return results;
}

/**
 * Thrown when a row a search ranked is gone by the time its passage is read: a compaction since
 * the ranking rewrote it under a new row id (in a table made before row ids were stable), or the
 * row was deleted.
 */
class RowsMoved extends Error {
  constructor() {
    super('rows moved since they were ranked');
  }
}

/**
 * `hits` with their result fields, those of hits ranked without them read in one take;
 * {@link RowsMoved} when one is gone.
 */
async function readPassages(table: lancedb.Table, hits: RankedHit[]): Promise<Hit[]> {
  const unread = hits.filter((hit) => !hit.row);
  if (!unread.length) return hits as Hit[];
  let taken: ArrowTable;
  try {
    taken = await table
      .takeRowIds(unread.map((hit) => hit.rowId))
      .select([RESULT_COLUMN])
      .withRowId()
      .toArrow();
  } catch {
    throw new RowsMoved();
  }
  const rowIds = taken.getChild('_rowid')!;
  const lists = taken.getChild(RESULT_COLUMN)!;
  const byId = new Map<bigint, ResultList>();
  for (let i = 0; i < taken.numRows; i++) byId.set(rowIds.get(i) as bigint, lists.get(i) as ResultList);
  return hits.map((hit) => {
    if (hit.row) return { ...hit, row: hit.row };
    const list = byId.get(hit.rowId);
    if (!list) throw new RowsMoved();
    return { ...hit, row: resultRow(list) };
  });
}

/**
 * Best score first; equal scores in a stable order, whichever ranked them (an index's own order
 * of equals depends on other rows, of other tenants too).
 */
function bestFirst(x: Hit, y: Hit): number {
  return (
    y.score - x.score ||
    compare(x.row.text, y.row.text) ||
    compare(x.row.document_id, y.row.document_id) ||
    compare(x.row.chunk_id, y.row.chunk_id)
  );
}

function byScore(x: { score: number }, y: { score: number }): number {
  return y.score - x.score;
}

function compare(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function candidates(query: StoreQuery): number {
  return candidateLimit(query.limit, query.filters.length > 0);
}
