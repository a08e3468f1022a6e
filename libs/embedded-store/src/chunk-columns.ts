import {
  Field,
  FixedSizeList,
  Float32,
  List,
  Schema,
  Table,
  Utf8,
  makeData,
  makeVector,
  vectorFromArray,
  type Vector,
} from 'apache-arrow';
import * as lancedb from '@lancedb/lancedb';
import { versionOf } from '@docqa/contracts';
import { type EmbeddedChunk, searchText } from '@docqa/retrieval';
import { RESULT_FIELDS } from './embedded-hits';
import { fillVersionColumn, VERSION_COLUMN } from './version-column';

/**
 * Indexes besides the vector index, made with the table's first rows: full-text search on the
 * search text; and, as every search prefilters by tenant (and version) and every re-ingest deletes
 * by document, scalar indexes that keep those from scanning the table (bitmaps suit the few
 * distinct tenants and versions).
 */
export const TABLE_INDEXES = {
  search_text: () => lancedb.Index.fts({ withPosition: false }),
  tenant: () => lancedb.Index.bitmap(),
  document_id: () => lancedb.Index.btree(),
  [VERSION_COLUMN]: () => lancedb.Index.bitmap(),
} satisfies Record<string, () => lancedb.Index>;
/**
 * How the embedded store makes its table: with stable row ids, which a compaction keeps (LanceDB
 * otherwise numbers rows by their place, and every compaction renamed them all), so a process's
 * search mirror follows a compaction by row ids instead of being built afresh, searches going to
 * the slower indexes meanwhile (5 s at 100,000 chunks, 15 s at 300,000, after every import).
 * LanceDB sets this only when a table is made: a table made before keeps renaming its rows.
 */
export const NEW_TABLE_OPTIONS = { storageOptions: { new_table_enable_stable_row_ids: 'true' } };
/**
 * The string columns of the embedded store's table, in table order; `vector`, `result` (the
 * {@link RESULT_FIELDS}) and the document's version (null: none) follow. The tenant and the
 * document id are what writes and searches filter on, the search text is what the full-text
 * index reads.
 */
const TEXT_COLUMNS = ['chunk_id', 'tenant', 'document_id', 'search_text'] as const;

/** A chunk's value of a string column or a result field, as the table stores it. */
function textValue(
  chunk: EmbeddedChunk,
  field: Exclude<(typeof TEXT_COLUMNS)[number] | (typeof RESULT_FIELDS)[number], 'search_text'>,
): string {
  switch (field) {
    case 'url':
      return chunk.url ?? '';
    case 'metadata':
      return JSON.stringify(chunk.metadata);
    default:
      return chunk[field];
  }
}

/**
 * Chunks as Arrow columns (with their `searchTexts`, when the caller has them already), the
 * embedded store's write format: LanceDB's fastest documented input.
 * The vectors go into one Float32Array behind a fixed-size list, with no per-row conversion of
 * JavaScript arrays (which cost more than the write itself). A table written before this layout
 * is brought to it when a store opens it (see {@link EARLIER_LAYOUT}).
 */
export function chunkColumns(chunks: EmbeddedChunk[], searchTexts = chunks.map(searchText)): Table {
  const dimensions = chunks[0]?.vector.length ?? 0;
  const values = new Float32Array(chunks.length * dimensions);
  chunks.forEach((chunk, i) => {
    if (chunk.vector.length !== dimensions)
      throw new Error(`chunk ${chunk.chunk_id} has ${chunk.vector.length} dimensions, not ${dimensions}`);
    values.set(chunk.vector, i * dimensions);
  });
  const item = new Field('item', new Float32(), true);
  const vectorType = new FixedSizeList(dimensions, item);
  const vector = makeVector(
    makeData({
      type: vectorType,
      length: chunks.length,
      nullCount: 0,
      child: makeData({ type: new Float32(), length: values.length, data: values }),
    }),
  );
  // Keys in schema order: Arrow pairs the schema's fields with the object's values by position.
  const columns: Record<string, Vector> = {};
  for (const column of TEXT_COLUMNS)
    columns[column] = utf8Column(
      column === 'search_text' ? searchTexts : chunks.map((c) => textValue(c, column)),
    );
  columns['vector'] = vector;
  columns[RESULT_COLUMN] = resultColumn(chunks);
  columns[VERSION_COLUMN] = vectorFromArray(
    chunks.map((chunk) => versionOf(chunk.metadata) ?? null),
    new Utf8(),
  );
  const schema = new Schema([
    ...TEXT_COLUMNS.map((column) => new Field(column, new Utf8(), true)),
    new Field('vector', vectorType, true),
    new Field(RESULT_COLUMN, RESULT_TYPE, true),
    new Field(VERSION_COLUMN, new Utf8(), true),
  ]);
  return new Table(schema, columns);
}

/**
 * The column a search reads back: a row's {@link RESULT_FIELDS} in one list of strings. LanceDB
 * reads each column it is asked for separately: at 300,000 chunks a take of 34 rows took 1.3 ms
 * for this list and 3.9 ms for seven columns of their own. It comes last, where `addColumns` puts
 * it in a table written before it.
 */
export const RESULT_COLUMN = 'result';
/** A row's metadata (JSON) in SQL: its element of the {@link RESULT_COLUMN} (SQL numbers from 1). */
export const METADATA_SQL = `${RESULT_COLUMN}[${RESULT_FIELDS.indexOf('metadata') + 1}]`;
const RESULT_TYPE = new List(new Field('item', new Utf8(), true));

/** The {@link RESULT_COLUMN} of `chunks`: their result fields, row after row. */
function resultColumn(chunks: EmbeddedChunk[]): Vector {
  const width = RESULT_FIELDS.length;
  const values = chunks.flatMap((chunk) => RESULT_FIELDS.map((field) => textValue(chunk, field)));
  const valueOffsets = Int32Array.from({ length: chunks.length + 1 }, (_, i) => i * width);
  return makeVector(
    makeData({
      type: RESULT_TYPE,
      length: chunks.length,
      nullCount: 0,
      valueOffsets,
      child: utf8Column(values).data[0]!,
    }),
  );
}

/**
 * What a table written before {@link RESULT_COLUMN} existed needs to take the layout of
 * {@link chunkColumns}: the column, filled from the columns of their own its fields had, and
 * those columns dropped (they are read nowhere else).
 */
const EARLIER_LAYOUT = {
  resultSql: `make_array(${RESULT_FIELDS.join(', ')})`,
  dropped: RESULT_FIELDS.filter((field) => !(TEXT_COLUMNS as readonly string[]).includes(field)),
};

/**
 * Brings a table written before {@link RESULT_COLUMN} to the layout writes use (once; 1.7 s at
 * 300,000 rows): adds the column, filled from the columns its fields had, then drops those; and
 * one written before {@link VERSION_COLUMN} (see {@link fillVersionColumn}, whose record of being
 * done is kept in `tableDir`). Another process migrating too, or a write committing meanwhile,
 * makes a step fail: the steps still due are tried again.
 */
export async function migrateLayout(table: lancedb.Table, tableDir: string): Promise<void> {
  for (let failures = 0; ;) {
    const columns = new Set((await table.schema()).fields.map((field) => field.name));
    const dropped = EARLIER_LAYOUT.dropped.filter((column) => columns.has(column));
    try {
      if (!columns.has(RESULT_COLUMN))
        await table.addColumns([{ name: RESULT_COLUMN, valueSql: EARLIER_LAYOUT.resultSql }]);
      else if (dropped.length) await table.dropColumns(dropped);
      else if (!columns.has(VERSION_COLUMN))
        await table.addColumns([{ name: VERSION_COLUMN, valueSql: 'CAST(NULL AS string)' }]);
      else return await fillVersionColumn(table, tableDir, METADATA_SQL);
    } catch (error) {
      if (++failures === 5) throw error;
    }
  }
}

/**
 * A Utf8 column encoded in one pass: byte offsets, then every string written into one buffer
 * (Arrow's generic builder encodes value by value and costs more than the LanceDB write).
 */
function utf8Column(values: string[]): Vector {
  const valueOffsets = new Int32Array(values.length + 1);
  let total = 0;
  values.forEach((value, i) => {
    total += Buffer.byteLength(value, 'utf8');
    valueOffsets[i + 1] = total;
  });
  const data = Buffer.allocUnsafe(total);
  let at = 0;
  for (const value of values) at += data.write(value, at, 'utf8');
  return makeVector(makeData({ type: new Utf8(), length: values.length, nullCount: 0, valueOffsets, data }));
}
