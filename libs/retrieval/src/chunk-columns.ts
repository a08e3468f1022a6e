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
  type Vector,
} from 'apache-arrow';
import { searchText, type EmbeddedChunk } from './chunk';
import { RESULT_COLUMNS } from './embedded-hits';

/** The string columns of the embedded store's table, in table order (`vector` and `result` follow). */
const TEXT_COLUMNS = [
  'chunk_id',
  'tenant',
  'document_id',
  'title',
  'url',
  'heading',
  'text',
  'search_text',
  'metadata',
] as const;

type TextColumn = (typeof TEXT_COLUMNS)[number];

/** A row's string values: what LanceDB infers from row objects (nullable Utf8, `url` '' when none). */
function textValue(chunk: EmbeddedChunk, column: TextColumn): string {
  switch (column) {
    case 'url':
      return chunk.url ?? '';
    case 'search_text':
      return searchText(chunk);
    case 'metadata':
      return JSON.stringify(chunk.metadata);
    default:
      return chunk[column];
  }
}

/**
 * Chunks as Arrow columns, the embedded store's write format: LanceDB's fastest documented input.
 * The vectors go into one Float32Array behind a fixed-size list, with no per-row conversion of
 * JavaScript arrays (which cost more than the write itself). Same schema as the table LanceDB
 * inferred from row objects before, so tables written either way accept both.
 */
export function chunkColumns(chunks: EmbeddedChunk[]): Table {
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
  for (const column of TEXT_COLUMNS) columns[column] = utf8Column(chunks.map((c) => textValue(c, column)));
  columns['vector'] = vector;
  columns[RESULT_COLUMN] = resultColumn(chunks);
  const schema = new Schema([
    ...TEXT_COLUMNS.map((column) => new Field(column, new Utf8(), true)),
    new Field('vector', vectorType, true),
    new Field(RESULT_COLUMN, RESULT_TYPE, true),
  ]);
  return new Table(schema, columns);
}

/**
 * The column a search reads back: a row's {@link RESULT_COLUMNS} in one list of strings. Reading
 * one column by row id costs a fraction of reading seven: at 300,000 chunks a take of 34 rows took
 * 1.3 ms for this list and 3.9 ms for the seven columns (each column read is a request of its
 * own). It comes last, where `table.addColumns` puts it in a table written before it.
 */
export const RESULT_COLUMN = 'result';
const RESULT_TYPE = new List(new Field('item', new Utf8(), true));
/** The SQL that fills {@link RESULT_COLUMN} in a table written before it. */
export const RESULT_COLUMN_SQL = `make_array(${RESULT_COLUMNS.join(', ')})`;

/** The {@link RESULT_COLUMN} of `chunks`: their result columns' values, row after row. */
function resultColumn(chunks: EmbeddedChunk[]): Vector {
  const width = RESULT_COLUMNS.length;
  const values = chunks.flatMap((chunk) =>
    RESULT_COLUMNS.map((column) => textValue(chunk, column as TextColumn)),
  );
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
