import type * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import { fusionKey, type Chunk } from '@docqa/retrieval';
import { RESULT_COLUMN } from './chunk-columns';
import { tenantClause } from './lance-sql';
import { resultRow, toResult, type Hit, type RankedHit, type ResultList } from './embedded-hits';
import type { SearchMirror } from './search-mirror';

/**
 * Thrown when a row a search ranked is gone by the time its passage is read: a compaction since
 * the ranking rewrote it under a new row id (in a table made before row ids were stable), or the
 * row was deleted.
 */
export class RowsMoved extends Error {
  constructor() {
    super('rows moved since they were ranked');
  }
}

/**
 * The first `limit` of `hits` as results, reading by row id the passages of those ranked without
 * them (see {@link readPassages}; from `mirror`'s passage file when it has them). `distinct`: a
 * passage already taken is passed over.
 */
export async function firstResults(
  table: lancedb.Table,
  hits: RankedHit[],
  limit: number,
  distinct: boolean,
  mirror: SearchMirror | null = null,
): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (let next = 0; results.length < limit && next < hits.length;) {
    const batch = hits.slice(next, next + limit - results.length);
    next += batch.length;
    for (const hit of await readPassages(table, batch, mirror)) {
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
 * `hits` with their result fields: those of hits ranked without them read from `mirror`'s passage
 * file (the mirror that ranked them, whose rows keep their fields while they keep their row ids),
 * and the rest in one take; {@link RowsMoved} when one is gone.
 */
export async function readPassages(
  table: lancedb.Table,
  hits: RankedHit[],
  mirror: SearchMirror | null = null,
): Promise<Hit[]> {
  if (mirror) hits = hits.map((hit) => (hit.row ? hit : { ...hit, row: mirror.passage(hit.rowId) }));
  const unread = hits.filter((hit) => !hit.row);
  if (!unread.length) return hits as Hit[];
  const lists = await takenLists(
    table,
    unread.map((hit) => hit.rowId),
  );
  return hits.map((hit) => {
    if (hit.row) return { ...hit, row: hit.row };
    const list = lists.get(hit.rowId);
    if (!list) throw new RowsMoved();
    return { ...hit, row: resultRow(list) };
  });
}

/**
 * The result lists of the rows `rowIds` names, by row id, taken in one query whose batches are
 * decoded as they come, until every row has come: the stream's end, one more call into LanceDB
 * (0.15 to 0.3 ms of a take's 2 to 3 at load 15 to 24), is not waited for once they have. A row
 * gone (deleted, or moved by a compaction) is missing from the map; {@link RowsMoved} when the
 * take fails.
 */
async function takenLists(table: lancedb.Table, rowIds: bigint[]): Promise<Map<bigint, ResultList>> {
  const wanted = new Set(rowIds).size;
  const lists = new Map<bigint, ResultList>();
  try {
    const batches = table.takeRowIds(rowIds).select([RESULT_COLUMN]).withRowId();
    for await (const batch of batches) {
      const ids = batch.getChild('_rowid')!;
      const column = batch.getChild(RESULT_COLUMN)!;
      for (let i = 0; i < batch.numRows; i++) lists.set(ids.get(i) as bigint, column.get(i) as ResultList);
      if (lists.size === wanted) break;
    }
  } catch {
    throw new RowsMoved();
  }
  return lists;
}

/** Rows decoded at a time by {@link tenantChunks}. */
const SLICE_ROWS = 128;

/**
 * Every chunk of `tenant` in `table`, in any order, decoded a slice of a batch at a time: a whole
 * batch (many thousands of rows) decoded at once held the event loop for seconds.
 */
export async function* tenantChunks(table: lancedb.Table, tenant: string): AsyncIterable<Chunk> {
  const rows = table
    .query()
    .where(tenantClause([tenant]))
    .select([RESULT_COLUMN]);
  for await (const batch of rows)
    for (let start = 0; start < batch.numRows; start += SLICE_ROWS)
      for (const row of batch.slice(start, start + SLICE_ROWS).toArray() as unknown as {
        result: ResultList;
      }[])
        yield chunkOf(tenant, row.result);
}

/** A chunk of `tenant` from its row's result fields. */
export function chunkOf(tenant: string, result: ResultList): Chunk {
  const fields = resultRow(result);
  return {
    tenant,
    document_id: fields.document_id,
    chunk_id: fields.chunk_id,
    title: fields.title,
    url: fields.url || null,
    heading: fields.heading,
    text: fields.text,
    metadata: JSON.parse(fields.metadata) as Record<string, unknown>,
  };
}
