import type * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import { filterFields, matchesFilters } from './filters';
import type { StoreQuery } from './vector-store';

/** Columns a search reads back: everything but the vector and the search text. */
export const RESULT_COLUMNS = ['chunk_id', 'document_id', 'title', 'url', 'heading', 'text', 'metadata'];

/** The result columns of a row of the embedded store's table. */
export interface ResultRow {
  chunk_id: string;
  document_id: string;
  title: string;
  url: string;
  heading: string;
  text: string;
  metadata: string;
}

/**
 * A row a search ranked: its row id and score, and its result columns once they are read. A search
 * reads them with its ranking only when it filters on them (metadata filters); otherwise
 * {@link readHits} reads them afterwards for the rows kept, since reading seven columns of every
 * candidate cost as much as the ranking itself (at 300,000 chunks, a hybrid search's 110
 * candidates: 3.6 ms of its 10.9).
 */
export interface Hit {
  rowId: bigint;
  score: number;
  row?: ResultRow;
}

/** A row as a search returns it, with its row id (`withRowId`). */
export type RankedRow = Partial<ResultRow> & { _rowid: bigint };

/** A ranked row as a hit; its result columns are kept when the ranking read them. */
export function toHit(row: RankedRow, score: number): Hit {
  return { rowId: row._rowid, score, ...(row.metadata !== undefined && { row: row as ResultRow }) };
}

/** The hits whose rows pass the query's metadata filters (all of them when it has none). */
export function passingFilters(hits: Hit[], query: StoreQuery): Hit[] {
  if (!query.filters.length) return hits;
  return hits.filter((hit) => matchesFilters(filterFields(metadataOf(hit.row!)), query.filters));
}

/**
 * `hits` with their result columns, read in one take of the rows that lack them; null when a row
 * is gone: a write or a compaction since the ranking moved it, and the caller ranks again.
 */
export async function readHits(table: lancedb.Table, hits: Hit[]): Promise<Hit[] | null> {
  const unread = hits.filter((hit) => !hit.row);
  if (!unread.length) return hits;
  let rows: (ResultRow & { _rowid: bigint })[];
  try {
    rows = (await table
      .takeRowIds(unread.map((hit) => hit.rowId))
      .select(RESULT_COLUMNS)
      .withRowId()
      .toArray()) as (ResultRow & { _rowid: bigint })[];
  } catch {
    return null;
  }
  const byId = new Map(rows.map((row) => [row._rowid, row]));
  const read: Hit[] = [];
  for (const hit of hits) {
    const row = hit.row ?? byId.get(hit.rowId);
    if (!row) return null;
    read.push({ ...hit, row });
  }
  return read;
}

/** A read hit as a search result. */
export function toResult(hit: Hit): SearchResult {
  const row = hit.row!;
  return {
    document_id: row.document_id,
    chunk_id: row.chunk_id,
    title: row.title,
    url: row.url || null,
    ...(row.heading && { section: row.heading }),
    text: row.text,
    score: hit.score,
    metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  };
}

function metadataOf(row: ResultRow) {
  return { ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}
