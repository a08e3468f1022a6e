import type * as lancedb from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import type { MirrorBytes, SearchMirror } from './search-mirror';

/** What a mirror's keeper tells (the API and the worker log it). */
export interface MirrorEvents {
  /** The mirror holds `version`: built afresh (`rebuilt`) or changed by `added` and `removed` rows. */
  caughtUp(info: {
    version: number;
    rows: number;
    added: number;
    removed: number;
    rebuilt: boolean;
    ms: number;
    /** Where the mirror's memory goes, once built afresh. */
    bytes?: MirrorBytes;
  }): void;
  failed(error: unknown): void;
}

/** The columns a mirror reads (passages are read for the hits a search returns only). */
export const MIRROR_COLUMNS = ['tenant', 'search_text', 'vector'];

/** `promise`'s value, or false when it takes more than `ms`. */
export async function within(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every row id of the table. */
export async function rowIds(table: lancedb.Table): Promise<bigint[]> {
  const ids: bigint[] = [];
  for await (const batch of table.query().select(['tenant']).withRowId()) {
    const column = batch.getChild('_rowid')!;
    for (let i = 0; i < batch.numRows; i++) ids.push(column.get(i) as bigint);
  }
  return ids;
}

/** Adds the rows of a batch read with {@link MIRROR_COLUMNS} and their row ids to `mirror`. */
export function addRows(mirror: SearchMirror, batch: Pick<ArrowTable, 'numRows' | 'getChild'>): void {
  const rowId = batch.getChild('_rowid')!;
  const tenant = batch.getChild('tenant')!;
  const searchText = batch.getChild('search_text')!;
  const vector = batch.getChild('vector')!;
  mirror.add(
    Array.from({ length: batch.numRows }, (_, i) => ({
      rowId: rowId.get(i) as bigint,
      tenant: tenant.get(i) as string,
      searchText: searchText.get(i) as string,
      vector: (vector.get(i) as { toArray(): Float32Array }).toArray(),
    })),
  );
}
