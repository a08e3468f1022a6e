import type { PassageRecords } from './passage-file';

/** A row of the table as the search mirror takes it in. */
export interface MirrorRow {
  rowId: bigint;
  tenant: string;
  /** The row's document (a hybrid search weighs a document's hits together). */
  document: string;
  /** The version of the row's document (DESIGN §17); none: it applies to every version. */
  version?: string;
  searchText: string;
  vector: ArrayLike<number>;
}

/**
 * Rows as the search mirror takes them in, column by column, as a batch read from the table holds
 * them (see `addRows` in mirror-rows.ts): no object and no string per row's text or vector.
 */
export interface MirrorColumns {
  rowIds: ArrayLike<bigint>;
  tenants: ArrayLike<string>;
  documents: ArrayLike<string>;
  /** Each row's document version (DESIGN §17); undefined: the row applies to every version. */
  versions: ArrayLike<string | undefined>;
  /** The search texts as UTF-8: row `i`'s is bytes `textOffsets[i]` to `textOffsets[i + 1]`. */
  texts: Uint8Array;
  textOffsets: ArrayLike<number>;
  /** The vectors one after another, `dimensions` values each. */
  vectors: ArrayLike<number>;
  dimensions: number;
  /** The rows' result fields, for the mirror's passage file (none: their passages are taken). */
  results?: PassageRecords;
}

/** `rows` column by column. */
export function rowColumns(rows: MirrorRow[]): MirrorColumns {
  const dimensions = rows[0]?.vector.length ?? 0;
  const texts = rows.map((row) => Buffer.from(row.searchText));
  const textOffsets = [0];
  for (const text of texts) textOffsets.push(textOffsets.at(-1)! + text.length);
  // Float64: the values as given, quantised as a float32 column's would be when they are float32.
  const vectors = new Float64Array(rows.length * dimensions);
  rows.forEach((row, i) => {
    if (row.vector.length !== dimensions)
      throw new Error(`a vector of ${row.vector.length} dimensions among vectors of ${dimensions}`);
    vectors.set(Array.from(row.vector), i * dimensions);
  });
  return {
    rowIds: rows.map((row) => row.rowId),
    tenants: rows.map((row) => row.tenant),
    documents: rows.map((row) => row.document),
    versions: rows.map((row) => row.version),
    texts: Buffer.concat(texts),
    textOffsets,
    vectors,
    dimensions,
  };
}

/** The rows of `rows` numbered `kept` (ascending) only. */
export function someColumns(rows: MirrorColumns, kept: number[]): MirrorColumns {
  const { dimensions } = rows;
  const vectors = new Float64Array(kept.length * dimensions);
  const textOffsets = [0];
  kept.forEach((i, k) => {
    textOffsets.push(textOffsets.at(-1)! + rows.textOffsets[i + 1]! - rows.textOffsets[i]!);
    for (let d = 0; d < dimensions; d++) vectors[k * dimensions + d] = rows.vectors[i * dimensions + d]!;
  });
  return {
    ...(rows.results && { results: someRecords(rows.results, kept) }),
    rowIds: kept.map((i) => rows.rowIds[i]!),
    tenants: kept.map((i) => rows.tenants[i]!),
    documents: kept.map((i) => rows.documents[i]!),
    versions: kept.map((i) => rows.versions[i]),
    texts: Buffer.concat(kept.map((i) => rows.texts.subarray(rows.textOffsets[i], rows.textOffsets[i + 1]))),
    textOffsets,
    vectors,
    dimensions,
  };
}

/** The records of `records` numbered `kept` (ascending) only. */
function someRecords({ bytes, offsets }: PassageRecords, kept: number[]): PassageRecords {
  const keptOffsets = [0];
  for (const i of kept) keptOffsets.push(keptOffsets.at(-1)! + offsets[i + 1]! - offsets[i]!);
  return {
    bytes: Buffer.concat(kept.map((i) => bytes.subarray(offsets[i], offsets[i + 1]))),
    offsets: keptOffsets,
  };
}
