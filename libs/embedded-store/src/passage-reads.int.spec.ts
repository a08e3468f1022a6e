import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { EmbeddedChunk } from '@docqa/retrieval';
import { chunkColumns, NEW_TABLE_OPTIONS } from './chunk-columns';
import { toResult, type RankedHit } from './embedded-hits';
import { readPassages, RowsMoved } from './passage-reads';
import { tableMirror } from './table-mirror';

/** Chunk `i`, its fields all its own. */
function chunk(i: number): EmbeddedChunk {
  return {
    tenant: 't',
    document_id: `d${i}`,
    chunk_id: `d${i}#0`,
    title: `title ${i}`,
    url: i % 2 ? `https://docs.example/${i}` : null,
    heading: `heading ${i}`,
    text: `passage ${i}`,
    metadata: { n: i },
    vector: [1, i, 0, 0],
  };
}

describe('readPassages', () => {
  let dir: string;
  let db: lancedb.Connection;
  let table: lancedb.Table;
  /** Each chunk's row id, by chunk id. */
  let rowIds: Map<string, bigint>;

  /** Notes the row id of every chunk of the table's latest version. */
  const readRowIds = async () => {
    const rows = await table.query().select(['chunk_id']).withRowId().toArrow();
    for (let i = 0; i < rows.numRows; i++)
      rowIds.set(rows.getChild('chunk_id')!.get(i) as string, rows.getChild('_rowid')!.get(i) as bigint);
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-passage-reads-'));
    db = await lancedb.connect({ uri: dir, readConsistencyInterval: 0 });
    // Three writes: three fragments, read in one take.
    table = await db.createTable('chunks', chunkColumns([0, 1, 2].map(chunk)), NEW_TABLE_OPTIONS);
    await table.add(chunkColumns([3, 4, 5].map(chunk)));
    await table.add(chunkColumns([6, 7, 8].map(chunk)));
    rowIds = new Map();
    await readRowIds();
  });

  afterEach(() => {
    table.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const hit = (i: number, score: number): RankedHit => ({ rowId: rowIds.get(`d${i}#0`)!, score, row: null });

  /** The results of `hits` read from `from`, as a search returns them. */
  const results = async (from: lancedb.Table, hits: RankedHit[]) =>
    (await readPassages(from, hits)).map(toResult);

  it("gives each hit its row's fields, in the hits' order, rows of several fragments in one take", async () => {
    const take = jest.spyOn(table, 'takeRowIds');
    const read = await results(table, [hit(7, 4), hit(1, 3), hit(4, 2), hit(0, 1)]);
    expect(read).toEqual([7, 1, 4, 0].map((i, rank) => ({ ...expectedResult(i), score: 4 - rank })));
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('takes only the hits ranked without their fields', async () => {
    const [first] = await readPassages(table, [hit(5, 1)]);
    const take = jest.spyOn(table, 'takeRowIds');
    const read = await readPassages(table, [first!, hit(2, 0.5)]);
    expect(read[0]).toEqual(first);
    expect(toResult(read[1]!)).toEqual({ ...expectedResult(2), score: 0.5 });
    expect(take).toHaveBeenCalledWith([rowIds.get('d2#0')]);
  });

  it("stops reading the take's batches once every row has come", async () => {
    const pulls = countBatchPulls(table);
    await readPassages(table, [hit(3, 1), hit(4, 0.5)]);
    // One batch held both rows: the stream's end was not asked for.
    expect(pulls()).toBe(1);
  });

  it('throws RowsMoved for a row gone from the version read, and reads it at a version before', async () => {
    const before = await table.version();
    await table.delete(`chunk_id = 'd4#0'`);
    await expect(readPassages(table, [hit(3, 1), hit(4, 0.5)])).rejects.toBeInstanceOf(RowsMoved);
    const old = await db.openTable('chunks');
    try {
      await old.checkout(before);
      expect((await results(old, [hit(3, 1), hit(4, 0.5)])).map((r) => r.chunk_id)).toEqual(['d3#0', 'd4#0']);
    } finally {
      old.close();
    }
  });

  it('throws RowsMoved when the take fails', async () => {
    jest.spyOn(table, 'takeRowIds').mockImplementationOnce(() => {
      throw new Error('row id not found');
    });
    await expect(readPassages(table, [hit(1, 1)])).rejects.toBeInstanceOf(RowsMoved);
  });

  it("reads from a mirror's passage file the rows it built from and appended, and takes the rest", async () => {
    const keeper = tableMirror(db, 'chunks', () => table.version(), true, false, dir);
    try {
      const built = (await keeper.ready())!;
      expect(built.keepsPassages).toBe(true);
      const take = jest.spyOn(table, 'takeRowIds');
      const ranked = [hit(7, 4), hit(1, 3), hit(4, 2), hit(0, 1)];
      const read = (await readPassages(table, ranked, built)).map(toResult);
      expect(read).toEqual([7, 1, 4, 0].map((i, rank) => ({ ...expectedResult(i), score: 4 - rank })));
      expect(take).not.toHaveBeenCalled();
      // Rows appended: taken in by row id, their passages written as they come.
      await table.add(chunkColumns([9, 10].map(chunk)));
      await readRowIds();
      const appended = (await keeper.ready())!;
      expect(appended).toBe(built);
      const late = (await readPassages(table, [hit(10, 2), hit(9, 1)], appended)).map(toResult);
      expect(late).toEqual([10, 9].map((i, rank) => ({ ...expectedResult(i), score: 2 - rank })));
      expect(take).not.toHaveBeenCalled();
      // A row removed since: the search of the version before takes it (and only it).
      const before = await table.version();
      await table.delete(`chunk_id = 'd1#0'`);
      const changed = (await keeper.ready())!;
      const old = await db.openTable('chunks');
      try {
        await old.checkout(before);
        const oldTake = jest.spyOn(old, 'takeRowIds');
        const mixed = (await readPassages(old, [hit(1, 2), hit(9, 1)], changed)).map(toResult);
        expect(mixed).toEqual([1, 9].map((i, rank) => ({ ...expectedResult(i), score: 2 - rank })));
        expect(oldTake).toHaveBeenCalledWith([rowIds.get('d1#0')]);
      } finally {
        old.close();
      }
      // Closed with the keeper: every passage is then taken.
      await keeper.close();
      expect(changed.passage(rowIds.get('d9#0')!)).toBeNull();
      expect(readdirSync(dir).filter((name) => name.startsWith('.passages'))).toEqual([]);
    } finally {
      await keeper.close();
    }
  });
});

/** Chunk `i` as a search result, scored 0. */
function expectedResult(i: number) {
  const { url, heading, document_id, chunk_id, title, text, metadata } = chunk(i);
  return { document_id, chunk_id, title, url, section: heading, text, score: 0, metadata };
}

/** Counts the batches pulled from the takes of `table` from now on (their `next` calls). */
function countBatchPulls(table: lancedb.Table): () => number {
  let pulls = 0;
  const take = table.takeRowIds.bind(table);
  jest.spyOn(table, 'takeRowIds').mockImplementation((ids) => {
    const query = take(ids);
    const iterate = query[Symbol.asyncIterator].bind(query);
    query[Symbol.asyncIterator] = () => {
      const batches = iterate();
      const next = batches.next.bind(batches);
      batches.next = () => {
        pulls++;
        return next();
      };
      return batches;
    };
    return query;
  });
  return () => pulls;
}
