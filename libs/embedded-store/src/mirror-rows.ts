import type * as lancedb from '@lancedb/lancedb';
import { versionOf } from '@docqa/contracts';
import { METADATA_SQL } from './chunk-columns';
import type { Table as ArrowTable } from 'apache-arrow';
import type { MirrorBytes } from './mirror-parts';
import type { SearchMirror } from './search-mirror';

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

/**
 * The columns a mirror reads (passages are read for the hits a search returns only), and of the
 * result list only its metadata, for the row's version: the version column of a table written
 * before it is filled after a store opened it (see `fillVersionColumn`), the metadata always holds it.
 */
export const MIRROR_COLUMNS = {
  tenant: 'tenant',
  document_id: 'document_id',
  search_text: 'search_text',
  vector: 'vector',
  metadata: METADATA_SQL,
};

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
  const document = batch.getChild('document_id')!;
  const searchText = batch.getChild('search_text')!;
  const vector = batch.getChild('vector')!;
  const metadata = batch.getChild('metadata')!;
  mirror.add(
    Array.from({ length: batch.numRows }, (_, i) => ({
      rowId: rowId.get(i) as bigint,
      tenant: tenant.get(i) as string,
      document: document.get(i) as string,
      version: versionIn(metadata.get(i) as string | null),
      searchText: searchText.get(i) as string,
      vector: (vector.get(i) as { toArray(): Float32Array }).toArray(),
    })),
  );
}

/** The version in a row's metadata (JSON), parsed only when it names one. */
function versionIn(metadata: string | null): string | undefined {
  return metadata?.includes('"version"')
    ? versionOf(JSON.parse(metadata) as Record<string, unknown>)
    : undefined;
}
