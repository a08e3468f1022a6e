import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Vector } from 'apache-arrow';
import type { EmbeddedChunk } from '@docqa/retrieval';
import { chunkColumns, RESULT_COLUMN } from './chunk-columns';
import { plainResultRow, type ResultList } from './embedded-hits';
import { rowColumns, someColumns } from './mirror-columns';
import { PassageFile, passageRecords } from './passage-file';
import { SearchMirror } from './search-mirror';

/** Chunk `i`: some fields empty or absent, some of several bytes a character. */
function chunk(i: number): EmbeddedChunk {
  return {
    tenant: 't',
    document_id: `d${i}`,
    chunk_id: `d${i}#${i % 3}`,
    title: i % 4 ? `Größe ${i} – naïve` : '',
    url: i % 2 ? `https://docs.example/${i}` : null,
    heading: i % 5 ? `Réglages › ${i}` : '',
    text: `Passage ${i}: ${'x'.repeat(i * 7)} 🔑 done`,
    metadata: { n: i, tags: ['a', `é${i}`] },
    vector: [1, i, 0, 0],
  };
}

/** The `result` column of chunks `from` to `to`, as a batch read from the table holds it. */
function resultColumn(from: number, to: number): Vector {
  const chunks = Array.from({ length: to - from }, (_, i) => chunk(from + i));
  return chunkColumns(chunks).getChild(RESULT_COLUMN)!;
}

describe('PassageFile', () => {
  let dir: string;
  let file: PassageFile;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-passage-file-'));
    file = PassageFile.open(dir)!;
  });

  afterEach(() => {
    file.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads back each slot's result fields as the table's result list gives them", () => {
    const column = resultColumn(0, 40);
    // Two writes, the second of a slice of the column (offsets not from its start).
    file.write(0, passageRecords(column, 0, 25), 25);
    file.write(25, passageRecords(column, 25, 40), 15);
    for (let slot = 0; slot < 40; slot++)
      expect(file.read(slot)).toEqual(plainResultRow(column.get(slot) as ResultList));
    expect(file.bytes().disk).toBe(passageRecords(column, 0, 40).offsets[40]);
  });

  it('makes the same records field by field from a column of several chunks', () => {
    const whole = resultColumn(0, 12);
    const chunked = resultColumn(0, 5).concat(resultColumn(5, 12));
    expect(chunked.data).toHaveLength(2);
    const fast = passageRecords(whole, 2, 11);
    const byField = passageRecords(chunked, 2, 11);
    expect(Buffer.from(byField.bytes).equals(Buffer.from(fast.bytes))).toBe(true);
    expect(Array.from(byField.offsets)).toEqual(Array.from(fast.offsets));
  });

  it('has no record for a slot never written, and none once closed', () => {
    const column = resultColumn(0, 3);
    file.write(5, passageRecords(column, 0, 3), 3);
    expect(file.read(4)).toBeNull();
    expect(file.read(9)).toBeNull();
    expect(file.read(6)).toEqual(plainResultRow(column.get(1) as ResultList));
    file.close();
    expect(file.open).toBe(false);
    expect(file.read(6)).toBeNull();
  });

  it('leaves no file in its folder, open or closed', () => {
    file.write(0, passageRecords(resultColumn(0, 3), 0, 3), 3);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is not made in a folder that does not exist', () => {
    expect(PassageFile.open(join(dir, 'missing'))).toBeNull();
  });
});

describe('SearchMirror with a passage file', () => {
  it('reads the fields of the rows it took in by row id, a row held already not written again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-mirror-passages-'));
    const mirror = new SearchMirror(0, PassageFile.open(dir));
    try {
      const column = resultColumn(0, 6);
      const rows = Array.from({ length: 6 }, (_, i) => ({
        rowId: BigInt(i * 10),
        tenant: 't',
        document: `d${i}`,
        searchText: `passage ${i}`,
        vector: [1, i, 0, 0],
      }));
      mirror.addColumns({ ...rowColumns(rows.slice(0, 3)), results: passageRecords(column, 0, 3) });
      // Rows 1 and 2 again (held: left as they are) with rows 3 to 5.
      const again = { ...rowColumns(rows.slice(1)), results: passageRecords(column, 1, 6) };
      mirror.addColumns(again);
      expect(someColumns(again, [2, 4]).results!.offsets).toEqual([
        0,
        again.results.offsets[3]! - again.results.offsets[2]!,
        again.results.offsets[3]! -
          again.results.offsets[2]! +
          again.results.offsets[5]! -
          again.results.offsets[4]!,
      ]);
      expect(mirror.rows).toBe(6);
      for (let i = 0; i < 6; i++)
        expect(mirror.passage(BigInt(i * 10))).toEqual(plainResultRow(column.get(i) as ResultList));
      expect(mirror.passage(7n)).toBeNull();
      mirror.remove(20);
      expect(mirror.passage(20n)).toBeNull();
      expect(mirror.passageBytes().memory).toBeGreaterThan(0);
      mirror.close();
      expect(mirror.keepsPassages).toBe(false);
      expect(mirror.passage(10n)).toBeNull();
    } finally {
      mirror.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
