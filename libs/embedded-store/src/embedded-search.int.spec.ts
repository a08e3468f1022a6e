import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { EmbeddedChunk, StoreQuery } from '@docqa/retrieval';
import { chunkColumns } from './chunk-columns';
import { EmbeddedSearch } from './embedded-search';
import { EmbeddedStore } from './embedded-store';
import type { MirrorKeeper } from './mirror-keeper';
import type { SearchMirror } from './search-mirror';
import { tableMirror } from './table-mirror';
import { TableVersions } from './table-versions';
import { TermStatsFiles } from './term-stats-files';

/** `n` one-chunk documents of tenant `a`, `d<from>` on, their vectors spread around [1, 0, 0, 0]. */
function chunks(from: number, n: number): EmbeddedChunk[] {
  return Array.from({ length: n }, (_, i) => ({
    tenant: 'a',
    document_id: `d${from + i}`,
    chunk_id: `d${from + i}#0`,
    title: `d${from + i}`,
    url: null,
    heading: '',
    text: `rotate the signing key ${from + i}`,
    metadata: {},
    vector: [1, ((from + i) % 9) / 10, ((from + i) % 4) / 10, 0],
  }));
}

describe('EmbeddedSearch through a mirror of an older version than the latest', () => {
  let dir: string;
  let writer: EmbeddedStore;
  let db: lancedb.Connection;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-search-'));
    writer = await EmbeddedStore.open(dir, { searchMirror: false });
    await writer.replaceDocuments('a', [], chunks(0, 60));
    db = await lancedb.connect(dir, { readConsistencyInterval: 0 });
  });

  afterEach(async () => {
    await writer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the passages of rows removed since at the version the mirror ranked, never through the indexes', async () => {
    const table = await db.openTable('chunks');
    const versions = new TableVersions(join(dir, 'chunks.lance'), () => db.openTable('chunks'));
    const keeper = tableMirror(db, 'chunks', async () => table.version(), true);
    // The mirror of the version before the re-sync, as a keeper serves it while it takes one in.
    const held: SearchMirror = (await keeper.ready())!;
    await keeper.close();
    const served = {
      current: async () => held,
      searching: <T>(search: () => Promise<T>) => search(),
    } as unknown as MirrorKeeper;
    const search = new EmbeddedSearch({
      table: async () => table,
      termStats: new TermStatsFiles(join(dir, 'term-stats')),
      mirror: served,
      versions,
    });
    const query: StoreQuery & { vector: number[] } = {
      tenants: ['a'],
      filters: [],
      limit: 10,
      vector: [1, 0, 0, 0],
    };
    const hybrid = () =>
      search.hybrid({
        ...query,
        text: 'signing key',
        vector: Promise.resolve(query.vector),
        weights: { keyword: 1, semantic: 1 },
      });
    try {
      const before = await search.semantic(query);
      expect(before).toHaveLength(10);
      const hybridBefore = await hybrid();
      // A re-sync of the documents found: their rows removed and written again, in a later version.
      await writer.replaceDocuments(
        'a',
        [...before, ...hybridBefore].map((result) => result.document_id),
        chunks(1_000, 10),
      );
      expect(versions.latest()).toBeGreaterThan(held.version);
      const indexes = [jest.spyOn(table, 'vectorSearch'), jest.spyOn(table, 'search')];
      expect(await search.semantic(query)).toEqual(before);
      expect(await hybrid()).toEqual(hybridBefore);
      for (const spy of indexes) expect(spy).not.toHaveBeenCalled();
    } finally {
      versions.close();
      table.close();
    }
  });
});

describe('EmbeddedSearch of rows that score alike', () => {
  it('ranks them in the order they were written, through the mirror and through the indexes alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-ties-'));
    const store = await EmbeddedStore.open(dir);
    const indexed = await EmbeddedStore.open(dir, { searchMirror: false });
    // Eight documents of one passage, written in falling id order: ordered by text, then document
    // id (as before), they would come the other way round.
    const alike = Array.from({ length: 8 }, (_, i) => ({
      ...chunks(0, 1)[0]!,
      document_id: `dup-${7 - i}`,
      chunk_id: `dup-${7 - i}#0`,
      text: 'key rotation schedule',
      vector: [1, 0.5, 0.5, 0],
    }));
    try {
      await store.replaceDocuments('a', [], chunks(0, 60));
      await store.replaceDocuments('a', [], alike);
      await store.optimize();
      await store.mirrorReady();
      const query = { tenants: ['a'], filters: [], limit: 5 };
      const vector = [1, 0.5, 0.5, 0];
      const searches = [
        (s: EmbeddedStore) => s.keywordSearch({ ...query, text: 'rotation schedule' }),
        (s: EmbeddedStore) => s.semanticSearch({ ...query, vector }),
        (s: EmbeddedStore) =>
          s.hybridSearch({
            ...query,
            text: 'rotation schedule',
            vector: Promise.resolve(vector),
            weights: { keyword: 1, semantic: 1 },
          }),
      ];
      for (const search of searches) {
        const results = await search(store);
        expect(results.map((result) => result.document_id)).toEqual([
          'dup-7',
          'dup-6',
          'dup-5',
          'dup-4',
          'dup-3',
        ]);
        expect(new Set(results.map((result) => result.score)).size).toBe(1);
        expect(await search(indexed)).toEqual(results);
      }
    } finally {
      await indexed.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('EmbeddedSearch through LanceDB’s indexes', () => {
  it('fuses a hybrid search’s two rankings at one version when a compaction commits between them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-fusion-'));
    // A table as LanceDB makes it by default (as the store did before its row ids were stable),
    // whose compaction gives every row a new row id; a second write leaves a second fragment.
    const db = await lancedb.connect(dir);
    (await db.createTable('chunks', chunkColumns(chunks(0, 3)))).close();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await EmbeddedStore.open(dir, { searchMirror: false });
    warn.mockRestore();
    type Ranking = { keywordHits: (...args: unknown[]) => Promise<unknown> };
    const ranking = EmbeddedSearch.prototype as unknown as Ranking;
    const rank = ranking.keywordHits;
    const keywordHits = jest.spyOn(ranking, 'keywordHits');
    try {
      await store.replaceDocuments('b', [], [{ ...chunks(9, 1)[0]!, tenant: 'b' }]);
      const search = (vector: Promise<number[]>) =>
        store.hybridSearch({
          tenants: ['a'],
          filters: [],
          limit: 3,
          text: 'signing key 1',
          vector,
          weights: { keyword: 1, semantic: 1 },
        });
      const expected = await search(Promise.resolve([1, 0, 0, 0]));
      // The keyword ranking runs while the query is embedded; the compaction commits before the
      // embedding is done, so the semantic ranking would read the version it made.
      let keywordRanked!: () => void;
      const ranked = new Promise<void>((resolve) => (keywordRanked = resolve));
      keywordHits.mockImplementation(function (this: unknown, ...args) {
        const hits = rank.apply(this, args);
        void hits.finally(keywordRanked);
        return hits;
      });
      let embedded!: (vector: number[]) => void;
      const searching = search(new Promise((resolve) => (embedded = resolve)));
      await ranked;
      const table = await db.openTable('chunks');
      await table.optimize();
      table.close();
      embedded([1, 0, 0, 0]);
      expect(await searching).toEqual(expected);
    } finally {
      keywordHits.mockRestore();
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
