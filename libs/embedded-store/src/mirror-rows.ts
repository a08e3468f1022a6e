import type * as lancedb from '@lancedb/lancedb';
import { versionOf } from '@docqa/contracts';
import { METADATA_SQL, RESULT_COLUMN } from './chunk-columns';
import type { Table as ArrowTable, Vector } from 'apache-arrow';
import { rowNumber, type MirrorBytes } from './mirror-parts';
import type { MirrorColumns } from './mirror-columns';
import { SearchMirror } from './search-mirror';
import { PassageFile, passageRecords } from './passage-file';

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
    /** Where the mirror's memory goes (its arrays' capacity, room to grow included). */
    bytes?: MirrorBytes;
  }): void;
  failed(error: unknown): void;
  /**
   * How long a slice of catching up held the event loop, in ms (told after each slice of rows
   * added while searches are served; see `SLICE_MS`).
   */
  sliced?(ms: number): void;
}

/**
 * How catching up slices its work: awaiting `pause` between slices until `closed`, each slice's
 * length told `sliced`.
 */
export interface Slicing {
  closed: () => boolean;
  pause: () => Promise<void>;
  sliced?: (ms: number) => void;
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

/**
 * The columns `mirror` reads its rows with: {@link MIRROR_COLUMNS}, and the result lists when it
 * keeps its rows' passages in a file.
 */
export function mirrorColumns(mirror: SearchMirror): Record<string, string> {
  return mirror.keepsPassages ? { ...MIRROR_COLUMNS, result: RESULT_COLUMN } : MIRROR_COLUMNS;
}

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

/**
 * A mirror of every row of `table` (about `rows`), `batchRows` added at a time, awaiting `pause`
 * after each; with a passage file in `passageDir` when given. Null when `closed` meanwhile.
 */
export async function builtMirror(
  table: lancedb.Table,
  rows: number,
  passageDir: string | undefined,
  batchRows: number,
  { closed, pause }: Pick<Slicing, 'closed' | 'pause'>,
): Promise<SearchMirror | null> {
  const fresh = new SearchMirror(rows, passageDir === undefined ? null : PassageFile.open(passageDir));
  try {
    for await (const batch of table.query().select(mirrorColumns(fresh)).withRowId())
      for (let start = 0; start < batch.numRows; start += batchRows) {
        if (closed()) {
          fresh.close();
          return null;
        }
        addRows(fresh, batch.slice(start, start + batchRows));
        await pause();
      }
  } catch (error) {
    fresh.close();
    throw error;
  }
  fresh.trim();
  return fresh;
}

/** Slots of the mirror looked through between two pauses when listing the rows removed. */
const UNSEEN_SLOTS = 8_192;

/**
 * How `table` differs from what `mirror` holds: the row ids of its rows the mirror does not hold
 * (`added`), those of the rows the mirror holds that it no longer has (`removed`, as numbers), and
 * its row count. Its row ids are read batch by batch and looked up in the mirror, their slots
 * marked, then the mirror's slots looked through for those not marked, awaiting `pause` after
 * each batch and each {@link UNSEEN_SLOTS} slots (until `closed`: then it gives what it found so
 * far): at 1,000,000 rows, doing it in one go held the event loop 50 to 100 ms.
 */
export async function rowChanges(
  mirror: SearchMirror,
  table: lancedb.Table,
  { closed, pause }: Slicing,
): Promise<{ rows: number; added: bigint[]; removed: number[] }> {
  const seen = new Uint8Array(mirror.slotCount);
  const added: bigint[] = [];
  const removed: number[] = [];
  let rows = 0;
  for await (const batch of table.query().select(['tenant']).withRowId()) {
    const column = batch.getChild('_rowid')!;
    for (let i = 0; i < batch.numRows; i++) {
      const id = column.get(i) as bigint;
      const slot = mirror.slotOf(rowNumber(id));
      if (slot === undefined) added.push(id);
      else seen[slot] = 1;
    }
    rows += batch.numRows;
    await pause();
    if (closed()) return { rows, added, removed };
  }
  for (let from = 0; from < seen.length && !closed(); from += UNSEEN_SLOTS) {
    removed.push(...mirror.unseenRowIds(seen, from, from + UNSEEN_SLOTS));
    await pause();
  }
  return { rows, added, removed };
}

/**
 * Most time a mirror spends adding rows in one go before it lets the event loop turn: searches
 * served meanwhile wait at most about this long at each of their steps.
 */
export const SLICE_MS = 2;
/** Rows added between two looks at the clock (about 30 µs a row on a quiet machine). */
const SLICE_ROWS = 8;

/**
 * Reads the `added` rows past `mirror`'s largest row id into it, `batchRows` at a time, adding
 * each batch's rows in slices of at most about {@link SLICE_MS} and awaiting `pause` after each
 * slice (until `closed`). Stable row ids are given out one after another, so those are taken by
 * row id (a filter on the row id is checked against every row of the table); the rest, past the
 * first batch not found so, by the filter. Only the new rows are read.
 */
export async function readAppended(
  mirror: SearchMirror,
  table: lancedb.Table,
  added: number,
  batchRows: number,
  slicing: Slicing,
): Promise<void> {
  const end = mirror.lastRowId + added;
  while (mirror.lastRowId < end && !slicing.closed()) {
    const from = mirror.lastRowId + 1;
    const ids = Array.from({ length: Math.min(batchRows, end - from + 1) }, (_, i) => from + i);
    const before = mirror.rows;
    // A take that fails (row ids not stable, or not there) leaves the rest to the filter.
    const rows = await table
      .takeRowIds(ids)
      .select(mirrorColumns(mirror))
      .withRowId()
      .toArrow()
      .catch(() => null);
    if (rows) await addRowsInSlices(mirror, rows, slicing);
    if (mirror.rows - before !== ids.length) break;
  }
  if (mirror.lastRowId >= end || slicing.closed()) return;
  const newer = `_rowid > ${mirror.lastRowId}`;
  for await (const batch of table.query().where(newer).select(mirrorColumns(mirror)).withRowId())
    await addRowsInSlices(mirror, batch, slicing);
}

/**
 * Adds the rows of `batch` (as {@link addRows}) in slices of at most about {@link SLICE_MS} of
 * work, awaiting `pause` after each (until `closed`): a thousand rows take 30 ms or more, which a
 * search must not wait behind. A slice reads its rows from the batch's columns where they are
 * (no Arrow slice of the batch per few rows: those were most of the garbage of catching up).
 */
export async function addRowsInSlices(
  mirror: SearchMirror,
  batch: MirrorBatch,
  { closed, pause, sliced }: Slicing,
): Promise<void> {
  for (const part of batch.batches ?? [batch]) {
    let sliceStart = performance.now();
    for (let start = 0; start < part.numRows && !closed(); start += SLICE_ROWS) {
      mirror.addColumns(batchColumns(part, start, Math.min(part.numRows, start + SLICE_ROWS)));
      const took = performance.now() - sliceStart;
      if (took < SLICE_MS) continue;
      sliced?.(took);
      await pause();
      sliceStart = performance.now();
    }
  }
  await pause();
}

/** A batch of rows read with {@link MIRROR_COLUMNS} and their row ids, or a table of such batches. */
type MirrorBatch = Pick<ArrowTable, 'numRows' | 'getChild'> & { batches?: MirrorBatch[] };

/**
 * Adds the rows of a batch read with {@link MIRROR_COLUMNS} and their row ids to `mirror`, from its
 * columns' buffers: the search texts' UTF-8 bytes and the vectors' float32 values as Arrow holds
 * them (a string and an array per row cost more than ranking them did).
 */
export function addRows(mirror: SearchMirror, batch: MirrorBatch): void {
  if (batch.batches) return batch.batches.forEach((part) => addRows(mirror, part));
  if (batch.numRows) mirror.addColumns(batchColumns(batch, 0, batch.numRows));
}

/**
 * Rows `from` to `to` of a batch (not a table) read with {@link MIRROR_COLUMNS} (and the result
 * lists, when it has them: see {@link mirrorColumns}), by column.
 */
function batchColumns(batch: MirrorBatch, from: number, to: number): MirrorColumns {
  const rowId = batch.getChild('_rowid')!;
  const results = batch.getChild('result');
  const tenant = batch.getChild('tenant')!;
  const document = batch.getChild('document_id')!;
  const metadata = batch.getChild('metadata')!;
  const count = to - from;
  return {
    rowIds: Array.from({ length: count }, (_, i) => rowId.get(from + i) as bigint),
    tenants: Array.from({ length: count }, (_, i) => tenant.get(from + i) as string),
    documents: Array.from({ length: count }, (_, i) => document.get(from + i) as string),
    versions: Array.from({ length: count }, (_, i) => versionIn(metadata.get(from + i) as string | null)),
    ...utf8Bytes(batch.getChild('search_text')!, from, to),
    ...float32Values(batch.getChild('vector')!, from, to),
    ...(results && { results: passageRecords(results, from, to) }),
  };
}

/**
 * Rows `from` to `to` of a string column: their UTF-8 bytes and each row's offsets in them (a
 * null: an empty text); the column's own buffers when it has one chunk and no null.
 */
function utf8Bytes(
  column: Vector,
  from: number,
  to: number,
): { texts: Uint8Array; textOffsets: ArrayLike<number> } {
  const data = column.data[0];
  if (column.data.length === 1 && data && !data.nullCount && data.valueOffsets instanceof Int32Array)
    return { texts: data.values as Uint8Array, textOffsets: data.valueOffsets.subarray(from, to + 1) };
  const texts = Array.from({ length: to - from }, (_, i) =>
    Buffer.from((column.get(from + i) as string | null) ?? ''),
  );
  const textOffsets = [0];
  for (const text of texts) textOffsets.push(textOffsets.at(-1)! + text.length);
  return { texts: Buffer.concat(texts), textOffsets };
}

/**
 * Rows `from` to `to` of a fixed-size-list column of vectors: their values one after another
 * (the column's own buffer when it has one chunk and no null), and their dimensions.
 */
function float32Values(
  column: Vector,
  from: number,
  to: number,
): { vectors: ArrayLike<number>; dimensions: number } {
  const dimensions = (column.type as { listSize: number }).listSize;
  const values = column.data[0]?.children[0]?.values as unknown;
  if (column.data.length === 1 && !column.data[0]!.nullCount && values instanceof Float32Array)
    return { vectors: values.subarray(from * dimensions, to * dimensions), dimensions };
  const vectors = new Float32Array((to - from) * dimensions);
  for (let i = from; i < to; i++)
    vectors.set((column.get(i) as { toArray(): Float32Array }).toArray(), (i - from) * dimensions);
  return { vectors, dimensions };
}

/** The version in a row's metadata (JSON), parsed only when it names one. */
function versionIn(metadata: string | null): string | undefined {
  return metadata?.includes('"version"')
    ? versionOf(JSON.parse(metadata) as Record<string, unknown>)
    : undefined;
}
