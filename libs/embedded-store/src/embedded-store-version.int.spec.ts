import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { EmbeddedChunk, StoreQuery } from '@docqa/retrieval';
import { chunkColumns } from './chunk-columns';
import { EmbeddedStore } from './embedded-store';
import { VERSION_COLUMN } from './version-column';

/** A one-chunk document of `tenant` with `metadata` (its version, if any, among them). */
function doc(tenant: string, id: string, vector: number[], metadata: Record<string, unknown>): EmbeddedChunk {
  const text = `install the agent ${id}`;
  return {
    tenant,
    document_id: id,
    chunk_id: `${id}#0`,
    title: id,
    url: null,
    heading: '',
    text,
    metadata,
    vector,
  };
}

/** The table's version column, chunk id → version. */
async function versionColumn(dir: string): Promise<Record<string, string | null>> {
  const db = await lancedb.connect(dir);
  const table = await db.openTable('chunks');
  try {
    const rows = (await table.query().select(['chunk_id', VERSION_COLUMN]).toArray()) as {
      chunk_id: string;
      version: string | null;
    }[];
    return Object.fromEntries(rows.map((row) => [row.chunk_id, row.version]));
  } finally {
    table.close();
    db.close();
  }
}

describe('EmbeddedStore version column (searches through LanceDB’s indexes keep to a version)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-version-'));
  // Tenant t: every version, unversioned rows, a version in a nested object only (unversioned), a
  // numeric version; tenant u: a row of 2.x. The vectors put 1.x's rows nearest the query.
  const chunks = [
    doc('t', 'a1', [1, 0, 0, 0], { version: '1.x' }),
    doc('t', 'a2', [0.99, 0.1, 0, 0], { version: '1.x', product: 'cli' }),
    doc('t', 'b', [0.5, 0.5, 0, 0], { version: '2.x' }),
    doc('t', 'c', [0.3, 0.7, 0, 0], {}),
    doc('t', 'd', [0.2, 0.8, 0, 0], { release: { version: '9' } }),
    doc('t', 'e', [0.95, 0, 0.2, 0], { version: 3 }),
    doc('u', 'f', [1, 0, 0, 0], { version: '2.x' }),
  ];
  const query = (version?: string): StoreQuery => ({ tenants: ['t'], filters: [], limit: 10, version });
  let stores: EmbeddedStore[] = [];

  beforeAll(async () => {
    // The table as the store wrote it before the version column: the same rows, without it.
    const db = await lancedb.connect(join(dir, 'lancedb'));
    const table = await db.createTable('chunks', chunkColumns(chunks));
    await table.dropColumns([VERSION_COLUMN]);
    await table.createIndex('search_text', { config: lancedb.Index.fts({ withPosition: false }) });
    table.close();
    db.close();
    // Two processes (the API and a worker) open it at once; no mirror: LanceDB's indexes rank.
    stores = await Promise.all(
      [1, 2].map(() => EmbeddedStore.open(join(dir, 'lancedb'), { searchMirror: false })),
    );
    await Promise.all(stores.map((store) => store.health()));
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills the column of a table written before it from the metadata, once', async () => {
    expect(await versionColumn(join(dir, 'lancedb'))).toEqual({
      'a1#0': '1.x',
      'a2#0': '1.x',
      'b#0': '2.x',
      'c#0': null,
      'd#0': null,
      'e#0': '3',
      'f#0': '2.x',
    });
    expect(existsSync(join(dir, 'lancedb', 'chunks.lance', 'version-column.json'))).toBe(true);
  });

  it('ranks only the version’s rows and unversioned ones, whatever share of the table they are', async () => {
    const [store] = stores;
    const semantic = async (version?: string) =>
      (await store!.semanticSearch({ ...query(version), vector: [1, 0, 0, 0] })).map((r) => r.chunk_id);
    // 2.x and unversioned rows: under half of the table, prefiltered.
    expect(await semantic('2.x')).toEqual(['b#0', 'c#0', 'd#0']);
    // 1.x and unversioned rows: over half, ranked unfiltered and kept by their version column.
    expect(await semantic('1.x')).toEqual(['a1#0', 'a2#0', 'c#0', 'd#0']);
    expect(await semantic('3')).toEqual(['e#0', 'c#0', 'd#0']);
    expect(await semantic()).toHaveLength(6);
    const keyword = await store!.keywordSearch({ ...query('2.x'), text: 'install agent' });
    expect(keyword.map((r) => r.chunk_id).sort()).toEqual(['b#0', 'c#0', 'd#0']);
    const hybrid = await store!.hybridSearch({
      ...query('1.x'),
      text: 'install agent',
      vector: Promise.resolve([1, 0, 0, 0]),
      weights: { keyword: 1, semantic: 0.25 },
    });
    expect(hybrid.map((r) => r.chunk_id).sort()).toEqual(['a1#0', 'a2#0', 'c#0', 'd#0']);
  });

  it('ranks by the column, not by each candidate’s metadata', async () => {
    const db = await lancedb.connect(join(dir, 'lancedb'));
    const table = await db.openTable('chunks');
    try {
      // Unversioned by its metadata, 1.x by the column: a search of 2.x no longer ranks it.
      await table.update({ where: "chunk_id = 'c#0'", values: { [VERSION_COLUMN]: '1.x' } });
      const found = await stores[1]!.semanticSearch({ ...query('2.x'), vector: [0.3, 0.7, 0, 0] });
      expect(found.map((r) => r.chunk_id)).toEqual(['d#0', 'b#0']);
    } finally {
      await table.update({ where: "chunk_id = 'c#0'", valuesSql: { [VERSION_COLUMN]: 'NULL' } });
      table.close();
      db.close();
    }
  });

  it('records a table it creates as filled: no process scans its metadata for rows to fill', async () => {
    const created = mkdtempSync(join(tmpdir(), 'docqa-embedded-version-new-'));
    const store = await EmbeddedStore.open(created, { searchMirror: false });
    try {
      await store.replaceDocuments('t', [], [doc('t', 'n', [1, 0, 0, 0], { version: '1.x' })]);
      expect(existsSync(join(created, 'chunks.lance', 'version-column.json'))).toBe(true);
      expect(await versionColumn(created)).toEqual({ 'n#0': '1.x' });
    } finally {
      await store.close();
      rmSync(created, { recursive: true, force: true });
    }
  });

  it('writes the version of rows written since', async () => {
    const [store] = stores;
    const later = [doc('t', 'g', [0, 0, 1, 0], { version: '2.x' }), doc('t', 'h', [0, 0, 0, 1], {})];
    await store!.replaceDocuments('t', ['g', 'h', 'b'], [...later, doc('t', 'b', [0.5, 0.5, 0, 0], {})]);
    const column = await versionColumn(join(dir, 'lancedb'));
    expect([column['g#0'], column['h#0'], column['b#0']]).toEqual(['2.x', null, null]);
    const found = await store!.semanticSearch({ ...query('2.x'), vector: [0, 0, 1, 0] });
    expect(found[0]!.chunk_id).toBe('g#0');
    expect(found.map((r) => r.chunk_id).sort()).toEqual(['b#0', 'c#0', 'd#0', 'g#0', 'h#0']);
  });
});
