import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Vector } from 'apache-arrow';
import { grown } from '@docqa/retrieval';
import { RESULT_FIELDS, plainResultRow, type ResultList, type ResultRow } from './embedded-hits';
import { FIRST_SLOTS } from './mirror-parts';

/** Bytes before a record's fields: each field's length in bytes, as a 32-bit integer. */
const HEADER_BYTES = RESULT_FIELDS.length * 4;

/**
 * Rows' result fields as a {@link PassageFile} stores them, row after row: row `i`'s record is
 * bytes `offsets[i]` to `offsets[i + 1]` of `bytes`, each field's length (32-bit, little-endian,
 * in {@link RESULT_FIELDS}' order) and then the fields' UTF-8 bytes one after another.
 */
export interface PassageRecords {
  bytes: Uint8Array;
  offsets: ArrayLike<number>;
}

/** Files made by this process (their names only: each is removed as soon as it is open). */
let made = 0;

/**
 * The result fields of the rows a search mirror holds, in a file of its own, so that a search
 * reads its hits' passages with one `pread` each (about 0.07 ms for 10 rows) rather than a take
 * through LanceDB (a plan and an I/O a row: 1 to 4 ms; docs/benchmarks.md, "the passages a search
 * reads"). A slot's record is written when the mirror takes its row in, from the same batch: a
 * row never changes while it has its row id, so the record is its row's at every version the
 * mirror holds. The file is removed from its folder as soon as it is open (only this process's
 * descriptor holds it): nothing is left behind by a crash, and a mirror built afresh starts a new
 * one. Memory: 12 bytes a slot (where its record is and its length).
 */
export class PassageFile {
  private fd: number | null;
  private end = 0;
  private starts = new Float64Array(FIRST_SLOTS);
  /** Each slot's record length; 0: none written (the row is read through LanceDB). */
  private lengths = new Uint32Array(FIRST_SLOTS);

  private constructor(fd: number) {
    this.fd = fd;
  }

  /** A new, empty file in `dir`; null when none can be made there (searches then take passages). */
  static open(dir: string): PassageFile | null {
    const path = join(dir, `.passages-${process.pid}-${++made}`);
    try {
      const fd = openSync(path, 'w+');
      unlinkSync(path);
      return new PassageFile(fd);
    } catch {
      return null;
    }
  }

  /** Whether records can still be written and read (not closed, no write failed). */
  get open(): boolean {
    return this.fd !== null;
  }

  /** Bytes of the file (records of removed rows included) and of its index in memory. */
  bytes(): { disk: number; memory: number } {
    return { disk: this.end, memory: this.starts.byteLength + this.lengths.byteLength };
  }

  /** Room in the index for `slots` slots (a mirror built afresh knows its rows' count). */
  reserve(slots: number): void {
    if (slots <= this.lengths.length) return;
    this.starts = grown(this.starts, slots);
    this.lengths = grown(this.lengths, slots);
  }

  /**
   * Writes the records of `count` rows, slots `first` onwards, in one write; a write that fails
   * (a full disk) closes the file: every passage is then taken through LanceDB.
   */
  write(first: number, records: PassageRecords, count: number): void {
    if (this.fd === null || !count) return;
    const from = records.offsets[0]!;
    const to = records.offsets[count]!;
    if (first + count > this.lengths.length)
      this.reserve(Math.max(first + count, Math.ceil(this.lengths.length * 1.25)));
    try {
      writeSync(this.fd, records.bytes, from, to - from, this.end);
    } catch {
      return this.close();
    }
    for (let i = 0; i < count; i++) {
      this.starts[first + i] = this.end + records.offsets[i]! - from;
      this.lengths[first + i] = records.offsets[i + 1]! - records.offsets[i]!;
    }
    this.end += to - from;
  }

  /** The result fields of the row in `slot`, or null when its record is not there. */
  read(slot: number): ResultRow | null {
    const length = this.lengths[slot];
    if (this.fd === null || !length) return null;
    const record = Buffer.allocUnsafe(length);
    try {
      if (readSync(this.fd, record, 0, length, this.starts[slot]!) !== length) return null;
    } catch {
      return null;
    }
    let at = HEADER_BYTES;
    const fields = RESULT_FIELDS.map((_, i) => {
      const from = at;
      at += record.readUInt32LE(i * 4);
      return record.toString('utf8', from, at);
    });
    return plainResultRow({ get: (i) => fields[i] ?? null });
  }

  /** Closes the file (searches holding its mirror then take their passages through LanceDB). */
  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * Rows `from` to `to` of a `result` list column as {@link PassageRecords}: from the column's own
 * buffers (a list of strings: a row's fields are one run of its string bytes) when it has one
 * chunk, else field by field. A null field is an empty one, as `resultRow` reads it.
 */
export function passageRecords(column: Vector, from: number, to: number): PassageRecords {
  const data = column.data[0];
  const strings = data?.children[0];
  const listOffsets = data?.valueOffsets;
  const stringOffsets = strings?.valueOffsets;
  if (
    column.data.length !== 1 ||
    data!.nullCount ||
    !(listOffsets instanceof Int32Array) ||
    !(stringOffsets instanceof Int32Array) ||
    !(strings!.values instanceof Uint8Array)
  )
    return fieldRecords(column, from, to);
  const offsets = [0];
  for (let row = from; row < to; row++) {
    const first = listOffsets[row]!;
    if (listOffsets[row + 1]! - first !== RESULT_FIELDS.length) return fieldRecords(column, from, to);
    offsets.push(
      offsets.at(-1)! + HEADER_BYTES + stringOffsets[first + RESULT_FIELDS.length]! - stringOffsets[first]!,
    );
  }
  const bytes = Buffer.allocUnsafe(offsets.at(-1)!);
  for (let row = from; row < to; row++) {
    const first = listOffsets[row]!;
    let at = offsets[row - from]!;
    for (let i = 0; i < RESULT_FIELDS.length; i++)
      at = bytes.writeUInt32LE(stringOffsets[first + i + 1]! - stringOffsets[first + i]!, at);
    bytes.set(
      strings!.values.subarray(stringOffsets[first]!, stringOffsets[first + RESULT_FIELDS.length]!),
      at,
    );
  }
  return { bytes, offsets };
}

/** Rows `from` to `to` of a `result` list column as {@link PassageRecords}, field by field. */
function fieldRecords(column: Vector, from: number, to: number): PassageRecords {
  const records = Array.from({ length: to - from }, (_, i) =>
    encodeRecord((column.get(from + i) as ResultList | null) ?? { get: () => null }),
  );
  const offsets = [0];
  for (const record of records) offsets.push(offsets.at(-1)! + record.length);
  return { bytes: Buffer.concat(records), offsets };
}

/** A row's record from its result list. */
export function encodeRecord(list: ResultList): Buffer {
  const fields = RESULT_FIELDS.map((_, i) => Buffer.from(list.get(i) ?? ''));
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  fields.forEach((field, i) => header.writeUInt32LE(field.length, i * 4));
  return Buffer.concat([header, ...fields]);
}
