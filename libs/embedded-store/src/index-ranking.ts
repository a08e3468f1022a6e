import type * as lancedb from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import { RESULT_COLUMN } from './chunk-columns';
import { resultRow, type Hit, type RankedHit, type ResultList } from './embedded-hits';
import { searchedClause } from './lance-sql';
import { VERSION_COLUMN } from './version-column';
import { int8Cosine, quantise } from './vector-columns';

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
 * A ranking's query: up to `limit` rows with their row ids and score, filtered by `where` when
 * given, reading the `select` columns besides (inside the query: at 300,000 chunks a full-text
 * query of 34 rows reading their tenant and result list took 3.9 ms, where ranking by row id
 * alone and taking those columns afterwards took 3.6 + 1.9 ms).
 */
export type RankQuery = (limit: number, where: string | null, select: string[]) => Promise<ArrowTable>;
/** How a ranking's rows are scored: a function of the row's index in what the ranking read. */
export type RankScore = (ranked: ArrowTable) => (index: number) => number;

/** Scores by the full-text index's `_score` column. */
export const FTS_SCORE: RankScore = (ranked) => {
  const column = ranked.getChild('_score')!;
  return (i) => column.get(i) as number;
};

/** Scores by the int8 cosine of each row's `vector` with `query` (see `int8Cosine`). */
export function int8CosineWith(query: number[]): RankScore {
  const quantised = quantise(query);
  return (ranked) => {
    const vectors = ranked.getChild('vector')!;
    return (i) => int8Cosine(quantised, quantise((vectors.get(i) as { toArray(): Float32Array }).toArray()));
  };
}

/** What a ranking through one of LanceDB's indexes asks for. */
export interface IndexRanking {
  /** The searched tenants. */
  tenants: string[];
  /** The version searched: its rows and unversioned ones (none: every row of the tenants). */
  version?: string;
  /** How many rows to rank. */
  wanted: number;
  search: RankQuery;
  score: RankScore;
}

/**
 * Ranks rows of the searched tenants (and version) through LanceDB's indexes. When those hold most
 * of the table, a search runs unfiltered for more rows and reads their tenant and version too; it
 * runs again filtered when too few of them are searched. Their share of the table is counted at
 * most every 10 s.
 */
export class IndexRanker {
  private readonly shares = new Map<string, { share: number; rows: number; at: number }>();

  /** The best `wanted` rows by `search`, scored by `score`, each with its result fields. */
  async hits(table: lancedb.Table, ranking: IndexRanking): Promise<Hit[]> {
    // Every row read with the result column has its fields.
    return (await this.rank(table, ranking, [RESULT_COLUMN])) as Hit[];
  }

  /**
   * The same ranking without the rows' result fields (null), to be read once the results are
   * chosen: each with its document id only.
   */
  async rowIds(table: lancedb.Table, ranking: IndexRanking): Promise<RankedHit[]> {
    return this.rank(table, ranking, ['document_id']);
  }

  private async rank(
    table: lancedb.Table,
    { tenants, version, wanted, search, score }: IndexRanking,
    passages: string[],
  ): Promise<RankedHit[]> {
    const where = searchedClause(tenants, version);
    const { share, rows: searchedRows } = await this.searchedShare(table, where);
    if (share >= POSTFILTER_MIN_SHARE) {
      const limit = Math.ceil((wanted / share) * 1.5);
      const ranked = await search(limit, null, ['tenant', VERSION_COLUMN, ...passages]);
      const tenant = ranked.getChild('tenant')!;
      const versions = ranked.getChild(VERSION_COLUMN)!;
      const searched = new Set(tenants);
      const keep = (i: number) =>
        searched.has(tenant.get(i)) && (version === undefined || [null, version].includes(versions.get(i)));
      const kept = hitsOf(ranked, score, keep, wanted);
      // Fewer rows than asked for: the search found all there were, and `kept` holds the searched.
      if (kept.length >= Math.min(wanted, searchedRows) || ranked.numRows < limit) return kept;
    }
    return hitsOf(await search(wanted, where, passages), score);
  }

  /** The share of the table's rows that a search's `where` keeps (counted at most every 10 s). */
  private async searchedShare(table: lancedb.Table, where: string): Promise<{ share: number; rows: number }> {
    const now = Date.now();
    const cached = this.shares.get(where);
    if (cached && now - cached.at < SHARE_TTL_MS) return cached;
    const [rows, total] = await Promise.all([table.countRows(where), table.countRows()]);
    const entry = { share: total ? rows / total : 0, rows, at: now };
    if (this.shares.size > 1000) this.shares.clear();
    this.shares.set(where, entry);
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
  const documents = ranked.getChild('document_id');
  const hits: RankedHit[] = [];
  for (let i = 0; i < ranked.numRows && hits.length < limit; i++)
    if (keep(i))
      hits.push({
        rowId: rowIds.get(i) as bigint,
        score: scoreOf(i),
        row: lists ? resultRow(lists.get(i) as ResultList) : null,
        ...(documents && { document: documents.get(i) as string }),
      });
  return hits;
}
