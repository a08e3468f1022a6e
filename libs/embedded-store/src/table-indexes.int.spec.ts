import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { EmbeddedChunk } from '@docqa/retrieval';
import { chunkColumns, NEW_TABLE_OPTIONS } from './chunk-columns';
import { StoreGate } from './store-gate';
import { TableIndexes } from './table-indexes';

const chunk = (i: number): EmbeddedChunk => ({
  tenant: 't',
  document_id: `d${i}`,
  chunk_id: `d${i}#0`,
  title: `doc ${i}`,
  url: null,
  heading: '',
  text: `passage ${i} word${i % 7}`,
  metadata: {},
  vector: [1, (i % 5) / 5, 0, 0],
});
const rows = (from: number, count: number) =>
  chunkColumns(Array.from({ length: count }, (_, i) => chunk(from + i)));

/** Rows of a burst: a table of 20 fragments of 500 rows, its indexes made with the first. */
const BATCH = 500;
const BATCHES = 20;

describe('TableIndexes beside an upkeep (real LanceDB table)', () => {
  let dir: string;
  let db: lancedb.Connection;
  let table: lancedb.Table;
  let gate: StoreGate;
  let indexes: TableIndexes;
  /** Calls of `createIndex` on `document_id`, counted; `started` settles at the first. */
  let documentIndexBuilds: number;
  let started: Promise<void>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-table-indexes-'));
    db = await lancedb.connect({ uri: dir, readConsistencyInterval: 0 });
    table = await db.createTable('chunks', rows(0, BATCH), NEW_TABLE_OPTIONS);
    gate = new StoreGate();
    indexes = new TableIndexes(dir, gate);
    await indexes.written(table, BATCH);
    for (let b = 1; b < BATCHES; b++) await table.add(rows(b * BATCH, BATCH));
    documentIndexBuilds = 0;
    const createIndex = table.createIndex.bind(table);
    let signal!: () => void;
    started = new Promise((resolve) => (signal = resolve));
    table.createIndex = (column, options) => {
      if (column === 'document_id') documentIndexBuilds++;
      signal();
      return createIndex(column, options);
    };
  });

  afterEach(() => {
    table.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upkeep = () => gate.alone(() => table.optimize());
  const unindexed = async () => {
    const index = (await table.listIndices()).find((i) => i.columns.includes('document_id'))!;
    return (await table.indexStats(index.name))!.numUnindexedRows;
  };

  it('holds an upkeep until the document-id index built meanwhile is committed: no conflict', async () => {
    const written = indexes.written(table, (BATCHES - 1) * BATCH);
    await started;
    // Started together, LanceDB fails the compaction: "This Rewrite transaction was preempted by
    // concurrent transaction CreateIndex".
    const upkept = upkeep();
    await written;
    const optimized = await upkept;
    expect(documentIndexBuilds).toBe(1);
    expect(optimized.compaction.fragmentsRemoved).toBeGreaterThan(1);
    expect(await table.countRows()).toBe(BATCHES * BATCH);
    expect(await unindexed()).toBe(0);
  });

  it('skips the rebuild due while an upkeep runs, and makes it at the next write', async () => {
    const upkept = upkeep();
    await indexes.written(table, (BATCHES - 1) * BATCH);
    expect(documentIndexBuilds).toBe(0);
    expect((await upkept).compaction.fragmentsRemoved).toBeGreaterThan(1);
    await table.add(rows(BATCHES * BATCH, 1));
    await indexes.written(table, 1);
    expect(documentIndexBuilds).toBe(1);
    expect(await table.countRows()).toBe(BATCHES * BATCH + 1);
    expect(await unindexed()).toBe(0);
  });
});
