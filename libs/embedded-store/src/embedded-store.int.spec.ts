import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { chunkColumns, RESULT_COLUMN } from './chunk-columns';
import type { EmbeddedChunk, StoreQuery } from '@docqa/retrieval';
import { EmbeddedStore } from './embedded-store';
import { LocalEmbedder } from '@docqa/embedders';
import { describeVectorStoreContract } from '@docqa/retrieval/testing';

const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-contract-'));

/** A one-chunk document `id` of `tenant`. */
function doc(tenant: string, id: string, text: string, vector: number[]): EmbeddedChunk {
  return {
    tenant,
    document_id: id,
    chunk_id: `${id}#0`,
    title: id,
    url: null,
    heading: '',
    text,
    metadata: {},
    vector,
  };
}

/** `n` one-chunk documents of tenant `t`, `d{from}` onwards. */
function docs(from: number, n: number, text = 'passage'): EmbeddedChunk[] {
  return Array.from({ length: n }, (_, i) =>
    doc('t', `d${from + i}`, `${text} ${from + i}`, [1, (from + i) % 7, 0, 0]),
  );
}

/** Runs `read` on the store's table through a connection of its own, as another process would. */
async function readTable<T>(dir: string, read: (table: lancedb.Table) => Promise<T>): Promise<T> {
  const db = await lancedb.connect(dir);
  const table = await db.openTable('chunks');
  try {
    return await read(table);
  } finally {
    table.close();
    db.close();
  }
}

/** Runs `use` with a store in a folder of its own, closed and removed afterwards. */
async function withStore(
  use: (store: EmbeddedStore, dir: string) => Promise<void>,
  opts: Parameters<typeof EmbeddedStore.open>[1] = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-'));
  const store = await EmbeddedStore.open(dir, opts);
  try {
    await use(store, dir);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Makes the table in `dir` as LanceDB makes it by default, as the store made it before its row
 * ids were stable: a compaction then gives every row a new row id.
 */
async function createEarlierTable(dir: string, chunks: EmbeddedChunk[]): Promise<void> {
  const db = await lancedb.connect(dir);
  try {
    (await db.createTable('chunks', chunkColumns(chunks))).close();
  } finally {
    db.close();
  }
}

/** The table `store` writes to. */
async function tableOf(store: EmbeddedStore): Promise<lancedb.Table> {
  return (await (store as unknown as { openTable(): Promise<lancedb.Table> }).openTable())!;
}

/** How many fragments (files of rows) the table `store` writes to has. */
async function fragmentCount(store: EmbeddedStore): Promise<number> {
  return (await (await tableOf(store)).stats()).fragmentStats.numFragments;
}

/** How many versions the table in `dir` has. */
function versionCount(dir: string): Promise<number> {
  return readTable(dir, async (table) => (await table.listVersions()).length);
}

/** Writes documents of one tenant, replacing those of the same ids. */
function write(store: EmbeddedStore, chunks: EmbeddedChunk[]): Promise<void> {
  return store.replaceDocuments(
    chunks[0]!.tenant,
    chunks.map((c) => c.document_id),
    chunks,
  );
}

describeVectorStoreContract('EmbeddedStore searching through LanceDB’s indexes, their cache capped', {
  // A cache of 64 KB holds no whole index: every search reads what it needs again.
  open: () => EmbeddedStore.open(dir, { searchMirror: false, indexCacheBytes: 64 * 2 ** 10 }),
  dispose: async (store) => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  },
});

const mirroredDir = mkdtempSync(join(tmpdir(), 'docqa-embedded-mirrored-'));

/** `store`, each of whose searches waits until its mirror holds the table's latest version. */
function searchingMirrored(store: EmbeddedStore): EmbeddedStore {
  const searches = new Set<string | symbol>(['keywordSearch', 'semanticSearch', 'hybridSearch']);
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (!searches.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        // A hybrid search's embedding may fail while the mirror catches up: the search reports it.
        const { vector } = args[0] as { vector?: unknown };
        if (vector instanceof Promise) vector.catch(() => undefined);
        await target.mirrorReady();
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

describeVectorStoreContract('EmbeddedStore searching through its mirror', {
  open: async () => searchingMirrored(await EmbeddedStore.open(mirroredDir)),
  dispose: async (store) => {
    await store.close();
    rmSync(mirroredDir, { recursive: true, force: true });
  },
});

describe('EmbeddedStore semantic search over a shared table', () => {
  const own = mkdtempSync(join(tmpdir(), 'docqa-embedded-share-'));
  let store: EmbeddedStore;
  const chunk = (tenant: string, i: number, vector: number[]) =>
    doc(tenant, `${tenant}-${i}`, `${tenant} passage ${i}`, vector);

  beforeAll(async () => {
    // "big" holds just over half the rows, so its searches filter after the vector search; the
    // query is nearest to every "small" row, so that first search keeps too few "big" rows.
    const big = Array.from({ length: 10 }, (_, i) => chunk('big', i, [0.1, 1, i / 100, 0]));
    const small = Array.from({ length: 9 }, (_, i) => chunk('small', i, [1, 0, i / 100, 0]));
    // A table made before row ids were stable, whose compaction moves rows under searches.
    await createEarlierTable(own, big);
    // Its keyword statistics are counted when the store opens it, with a line on stderr.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // These are the ways of LanceDB's indexes (see 'EmbeddedStore search mirror' for the mirror's).
    store = await EmbeddedStore.open(own, { searchMirror: false });
    await store.health();
    warn.mockRestore();
    await write(store, small);
  });
  afterAll(async () => {
    await store.close();
    rmSync(own, { recursive: true, force: true });
  });

  it('still returns `limit` rows of a large tenant when other tenants hold the nearest rows', async () => {
    const results = await store.semanticSearch({
      tenants: ['big'],
      filters: [],
      limit: 4,
      vector: [1, 0, 0, 0],
    });
    expect(results.map((r) => r.document_id)).toEqual(['big-0', 'big-1', 'big-2', 'big-3']);
  });

  it('returns a small tenant its own rows only', async () => {
    const results = await store.semanticSearch({
      tenants: ['small'],
      filters: [],
      limit: 20,
      vector: [0, 1, 0, 0],
    });
    expect(results).toHaveLength(9);
    expect(results.every((r) => r.document_id.startsWith('small-'))).toBe(true);
  });

  it('gives a large tenant its own keyword matches only, all of them when fewer than asked for', async () => {
    const results = await store.keywordSearch({ tenants: ['big'], filters: [], limit: 15, text: 'passage' });
    expect(results.map((r) => r.document_id).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `big-${i}`).sort(),
    );
  });

  it('returns the same results while a compaction rewrites the rows it ranks', async () => {
    const query = { tenants: ['big'], filters: [], limit: 3 };
    const searches = [
      () => store.keywordSearch({ ...query, text: 'passage 1' }),
      () => store.semanticSearch({ ...query, vector: [1, 0, 0, 0] }),
      () =>
        store.hybridSearch({
          ...query,
          text: 'passage 1',
          vector: Promise.resolve([1, 0, 0, 0]),
          weights: { keyword: 1, semantic: 1 },
        }),
    ];
    const expected = await Promise.all(searches.map((search) => search()));
    // The two writes left two fragments; compacting them gives every row a new row id.
    const compaction = readTable(own, (table) => table.optimize());
    let done = false;
    void compaction.finally(() => (done = true));
    let rounds = 0;
    do {
      expect(await Promise.all(searches.map((search) => search()))).toEqual(expected);
      rounds++;
    } while (!done);
    await compaction;
    expect(await Promise.all(searches.map((search) => search()))).toEqual(expected);
    expect(rounds).toBeGreaterThan(0);
  });
});

describe('EmbeddedStore written by two jobs at once', () => {
  const own = mkdtempSync(join(tmpdir(), 'docqa-embedded-race-'));
  afterAll(() => rmSync(own, { recursive: true, force: true }));

  it('creates the table and its indexes once, when both first writes race (in one process and in two)', async () => {
    // Two stores on one folder stand for two worker processes; each runs two writes at once.
    const stores = [await EmbeddedStore.open(own), await EmbeddedStore.open(own)];
    try {
      const writes = await Promise.allSettled(
        [0, 1, 2, 3].map((i) => write(stores[i % 2]!, docs(i, 1, 'shared words and passage'))),
      );
      expect(writes.filter((w) => w.status === 'rejected')).toEqual([]);
      const results = await stores[0]!.keywordSearch({
        tenants: ['t'],
        filters: [],
        limit: 10,
        text: 'shared',
      });
      expect(results.map((r) => r.document_id).sort()).toEqual(['d0', 'd1', 'd2', 'd3']);
    } finally {
      for (const store of stores) await store.close();
    }
  });
});

describe('EmbeddedStore opened while another process creates the table', () => {
  it('finds no table until its first version is written, with no failure, then searches it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'docqa-embedded-creating-'));
    // The moment of creation another process's reader can see: the folder, no version in it.
    mkdirSync(join(own, 'chunks.lance', '_versions'), { recursive: true });
    const failures: unknown[] = [];
    const reader = await EmbeddedStore.open(own, {
      searchMirror: { caughtUp: () => undefined, failed: (error) => failures.push(error) },
    });
    const query = { tenants: ['t'], filters: [], limit: 10, text: 'passage' };
    try {
      await expect(reader.keywordSearch(query)).resolves.toEqual([]);
      await expect(reader.semanticSearch({ ...query, vector: [1, 0, 0, 0] })).resolves.toEqual([]);
      rmSync(join(own, 'chunks.lance'), { recursive: true, force: true });
      const writer = await EmbeddedStore.open(own, { searchMirror: false });
      await write(writer, docs(0, 2));
      await writer.close();
      const found = await reader.keywordSearch(query);
      expect(found.map((r) => r.document_id).sort()).toEqual(['d0', 'd1']);
      expect(failures).toEqual([]);
    } finally {
      await reader.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('EmbeddedStore hybrid search', () => {
  it('reads the passages of rows only the semantic ranking found, ranking again when they moved first', () =>
    withStore(
      async (store) => {
        await store.replaceDocuments(
          'a',
          ['key', 'near', 'far'],
          [
            doc('a', 'key', 'rotate the signing key', [1, 0, 0, 0]),
            doc('a', 'near', 'unrelated words only', [0.9, 0.1, 0, 0]),
            doc('a', 'far', 'other words again', [0, 0, 1, 0]),
          ],
        );
        const search = () =>
          store.hybridSearch({
            tenants: ['a'],
            filters: [],
            limit: 2,
            text: 'signing key',
            vector: Promise.resolve([1, 0, 0, 0]),
            weights: { keyword: 1, semantic: 1 },
          });
        const table = await tableOf(store);
        const take = jest.spyOn(table, 'takeRowIds');
        const expected = await search();
        expect(expected.map((r) => [r.document_id, r.text])).toEqual([
          ['key', 'rotate the signing key'],
          ['near', 'unrelated words only'],
        ]);
        expect(take).toHaveBeenCalledTimes(1);
        // A compaction between the ranking and that read: the row ids ranked are gone.
        take.mockImplementationOnce(() => {
          throw new Error('row id not found');
        });
        expect(await search()).toEqual(expected);
        expect(take.mock.results[1]!.type).toBe('throw');
        expect(take).toHaveBeenCalledTimes(2);
        take.mockRestore();
      },
      { searchMirror: false },
    ));
});

describe('EmbeddedStore hybrid search of several tenants', () => {
  it('returns a passage two tenants hold alike once, and still fills the limit', () =>
    withStore(async (store) => {
      const same = 'rotate the signing key every month';
      await store.replaceDocuments(
        'a',
        ['key', 'other'],
        [doc('a', 'key', same, [1, 0, 0, 0]), doc('a', 'other', 'rotate logs daily', [0, 1, 0, 0])],
      );
      await store.replaceDocuments('b', ['key'], [doc('b', 'key', same, [1, 0, 0, 0])]);
      const results = await store.hybridSearch({
        tenants: ['a', 'b'],
        filters: [],
        limit: 2,
        text: 'rotate signing key',
        vector: Promise.resolve([1, 0, 0, 0]),
        weights: { keyword: 1, semantic: 0.15 },
      });
      expect(results.map((r) => r.text)).toEqual([same, 'rotate logs daily']);
    }));
});

describe('EmbeddedStore table written before the result column', () => {
  it('takes the layout of writes when opened, and searches, reads and writes go on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-old-'));
    try {
      // The table as earlier versions wrote it: the same columns, without `result`.
      const db = await lancedb.connect(dir);
      const old = doc('t', 'old', 'rotate the signing key', [1, 0, 0, 0]);
      const table = await db.createTable('chunks', [
        {
          chunk_id: old.chunk_id,
          tenant: old.tenant,
          document_id: old.document_id,
          title: old.title,
          url: 'https://d.example/old',
          heading: 'Keys',
          text: old.text,
          search_text: `${old.title}\nKeys\n${old.text}`,
          metadata: '{"product":"cli"}',
          vector: old.vector,
        },
      ]);
      await table.createIndex('search_text', { config: lancedb.Index.fts({ withPosition: false }) });
      table.close();
      db.close();

      // Two processes (the API and a worker) open it at once.
      const [store, other] = await Promise.all([EmbeddedStore.open(dir), EmbeddedStore.open(dir)]);
      try {
        const query = { tenants: ['t'], filters: [], limit: 5 };
        const [keyword, semanticOther] = await Promise.all([
          store.keywordSearch({ ...query, text: 'signing key' }),
          other.semanticSearch({ ...query, vector: [1, 0, 0, 0] }),
        ]);
        expect(semanticOther.map((r) => r.chunk_id)).toEqual(['old#0']);
        expect(keyword).toEqual([
          expect.objectContaining({
            chunk_id: 'old#0',
            url: 'https://d.example/old',
            section: 'Keys',
            text: 'rotate the signing key',
            metadata: { product: 'cli' },
          }),
        ]);
        // The layout writes use: the result fields in one list, their columns of their own gone.
        expect(await readTable(dir, async (t) => (await t.schema()).fields.map((f) => f.name))).toEqual([
          'chunk_id',
          'tenant',
          'document_id',
          'search_text',
          'vector',
          RESULT_COLUMN,
          'version',
        ]);
        expect(await store.documentChunks('t', 'old', 10)).toEqual([
          expect.objectContaining({
            tenant: 't',
            url: 'https://d.example/old',
            metadata: { product: 'cli' },
          }),
        ]);
        await store.replaceDocuments('t', ['new'], [doc('t', 'new', 'rotate logs daily', [0, 1, 0, 0])]);
        const semantic = await store.semanticSearch({ ...query, vector: [0, 1, 0, 0] });
        expect(semantic.map((r) => r.chunk_id)).toEqual(['new#0', 'old#0']);
      } finally {
        await Promise.all([store.close(), other.close()]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('EmbeddedStore upkeep beside writes', () => {
  it('lets appends, replacements and deletions run while the indexes are trained and the files compacted', () =>
    withStore(async (store, dir) => {
      await write(store, docs(0, 6_000)); // enough rows for a vector index
      await Promise.all([
        store.optimize({ endOfBurst: true }),
        write(store, docs(6_000, 1_000)),
        write(store, docs(0, 10, 'replaced')),
        store.deleteDocument('t', 'd20'),
      ]);
      await store.optimize({ endOfBurst: true });
      await readTable(dir, async (table) => {
        expect(await table.countRows()).toBe(6_999);
        expect(await table.countRows("search_text LIKE '%replaced %'")).toBe(10);
        expect(await table.countRows("document_id = 'd20'")).toBe(0);
      });
    }));
});

describe('EmbeddedStore document-id index', () => {
  it('is brought up to date by the writes themselves every 10,000 rows', () =>
    withStore(async (store, dir) => {
      const unindexed = () =>
        readTable(dir, async (table) => {
          const index = (await table.listIndices()).find((i) => i.columns.includes('document_id'))!;
          return (await table.indexStats(index.name))!.numUnindexedRows;
        });
      await write(store, docs(0, 1_000)); // creates the table and its indexes
      await write(store, docs(1_000, 5_000));
      expect(await unindexed()).toBe(5_000);
      await write(store, docs(6_000, 5_000));
      expect(await unindexed()).toBe(0);
    }));
});

describe('EmbeddedStore stamp', () => {
  it('is taken by the table its first rows create, survives upkeep and is gone with the table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-stamp-'));
    const reopen = async (check: (store: EmbeddedStore) => Promise<void>) => {
      const store = await EmbeddedStore.open(dir, { versionRetentionMs: 0 });
      try {
        await check(store);
      } finally {
        await store.close();
      }
    };
    try {
      await reopen(async (store) => {
        await store.setStamp('s1');
        await expect(store.identity()).resolves.toEqual({ stamp: null, empty: true });
        await write(store, docs(0, 3));
        await expect(store.identity()).resolves.toEqual({ stamp: 's1', empty: false });
        await store.optimize();
      });
      await reopen(async (store) => expect(await store.identity()).toEqual({ stamp: 's1', empty: false }));
      rmSync(join(dir, 'chunks.lance'), { recursive: true });
      await reopen(async (store) => expect(await store.identity()).toEqual({ stamp: null, empty: true }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('EmbeddedStore table versions', () => {
  const fiveWrites = async (store: EmbeddedStore) => {
    for (let i = 0; i < 5; i++) await write(store, docs(i, 1));
  };

  it('are removed by an upkeep once replaced longer ago than the retention', () =>
    withStore(
      async (store, dir) => {
        await fiveWrites(store);
        expect(await versionCount(dir)).toBeGreaterThan(5);
        await store.optimize({ endOfBurst: true });
        // What is left: the latest when the upkeep began, and those it committed (compaction, indexes).
        expect(await versionCount(dir)).toBeLessThanOrEqual(4);
        expect(await readTable(dir, (table) => table.countRows())).toBe(5);
      },
      { versionRetentionMs: 0 },
    ));

  it('are kept by an upkeep when replaced recently, for the searches that may still read them', () =>
    withStore(async (store, dir) => {
      await fiveWrites(store);
      const before = await versionCount(dir);
      await store.optimize({ endOfBurst: true });
      expect(await versionCount(dir)).toBeGreaterThanOrEqual(before);
    }));

  it(
    'left by a burst are removed once old enough, by an upkeep of the store’s own',
    () =>
      withStore(
        async (store, dir) => {
          await fiveWrites(store);
          await store.optimize({ endOfBurst: true });
          const left = await versionCount(dir);
          // The later upkeep runs 5.1 s after the burst's; wait for it by polling, up to 60 s. A
          // listing fails when the upkeep removes a version it was reading: the removal is under way.
          const count = () => versionCount(dir).catch(() => Infinity);
          let versions = await count();
          for (let waited = 0; versions >= left && waited < 60_000; waited += 200) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            versions = await count();
          }
          expect(versions).toBeLessThan(left);
        },
        { versionRetentionMs: 100 },
      ),
    90_000,
  );

  it('closes once its later upkeep, under way, is done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docqa-embedded-'));
    const store = await EmbeddedStore.open(dir, { versionRetentionMs: 0 });
    try {
      await fiveWrites(store);
      // Catch the later upkeep's timer (retention 0 + the 5 s margin) to start it at once.
      let laterUpkeep: (() => void) | undefined;
      const realSetTimeout = setTimeout;
      const timers = jest.spyOn(global, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
        if (ms !== 5_000) return realSetTimeout(run, ms);
        laterUpkeep = run;
        return realSetTimeout(() => undefined, 0);
      }) as typeof setTimeout);
      await store.optimize({ endOfBurst: true });
      timers.mockRestore();
      const table = await tableOf(store);
      const compact = table.optimize.bind(table);
      let compacting!: () => void;
      const compactionStarted = new Promise<void>((resolve) => (compacting = resolve));
      const compaction = jest.spyOn(table, 'optimize').mockImplementation((options) => {
        compacting();
        return compact(options);
      });
      laterUpkeep!();
      await compactionStarted;
      // Closing the table while LanceDB works on it would throw; the store waits for the upkeep.
      await store.close();
      expect(compaction).toHaveBeenCalledTimes(1);
      await expect(compaction.mock.results[0]!.value).resolves.toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('EmbeddedStore search mirror', () => {
  const embedder = new LocalEmbedder();
  const named =
    'rotate signing key token expire portal admin widget embed page answer source sync folder batch question';
  // 200 words, so that no two passages score alike.
  const words = [...named.split(' '), ...Array.from({ length: 184 }, (_, i) => `w${i.toString(36)}x`)];

  /** `n` documents of `tenant` of 8 to 40 words, local embeddings, half in language `de`. */
  function corpus(tenant: string, n: number, seed: number): EmbeddedChunk[] {
    let state = seed;
    const next = () => (state = (state * 1664525 + 1013904223) >>> 0) % 1_000_003;
    return Array.from({ length: n }, (_, i) => {
      const text = Array.from({ length: 8 + (next() % 33) }, () => words[next() % words.length]).join(' ');
      return {
        ...doc(tenant, `${tenant}-${i}`, text, embedder.embed(text)),
        metadata: { lang: i % 2 ? 'de' : 'en' },
      };
    });
  }

  const queries = [
    'rotate the signing key',
    'embed the widget in a page',
    'batch question sync',
    'admin portal',
  ];
  type Mode = 'keywordSearch' | 'semanticSearch' | 'hybridSearch';
  const search = (store: EmbeddedStore, mode: Mode, text: string, opts: Partial<StoreQuery> = {}) => {
    const query = { tenants: ['a'], filters: [], limit: 5, ...opts };
    const vector = embedder.embed(text);
    if (mode === 'keywordSearch') return store.keywordSearch({ ...query, text });
    if (mode === 'semanticSearch') return store.semanticSearch({ ...query, vector });
    return store.hybridSearch({
      ...query,
      text,
      vector: Promise.resolve(vector),
      weights: { keyword: 1, semantic: 0.15 },
    });
  };

  it('returns what LanceDB’s indexes return, for every mode, with tenants and filters', () =>
    withStore(async (store, dir) => {
      await store.replaceDocuments('a', [], corpus('a', 300, 1));
      await store.replaceDocuments('b', [], corpus('b', 100, 2));
      await store.optimize();
      await store.mirrorReady();
      const filters = [{ type: 'eq' as const, property: 'lang', value: 'de' }];
      const indexed = await EmbeddedStore.open(dir, { searchMirror: false });
      try {
        for (const mode of ['keywordSearch', 'semanticSearch', 'hybridSearch'] as const)
          for (const text of queries)
            for (const opts of [{}, { filters }, { tenants: ['a', 'b'] }]) {
              const expected = await search(indexed, mode, text, opts);
              expect(expected.length).toBeGreaterThan(0);
              const found = await search(store, mode, text, opts);
              if (mode !== 'hybridSearch') expect(found).toEqual(expected);
              else {
                // The fusion measures semantic scores from the 20th semantic hit, which the mirror
                // (int8 ranking) and the index (exact ranking) may pick differently among near-equals.
                expect(found.map(({ score: _, ...rest }) => rest)).toEqual(
                  expected.map(({ score: _, ...rest }) => rest),
                );
                found.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!.score, 2));
              }
            }
      } finally {
        await indexed.close();
      }
    }));

  /**
   * Runs `use` with a store and what its mirror's keeper tells, in order: whether each catching up
   * built the mirror afresh, and the message of each failure.
   */
  const withMirrorEvents = (
    use: (store: EmbeddedStore, builds: (boolean | string)[], dir: string) => Promise<void>,
  ) => {
    const builds: (boolean | string)[] = [];
    return withStore((store, dir) => use(store, builds, dir), {
      searchMirror: {
        caughtUp: ({ rebuilt }) => builds.push(rebuilt),
        failed: (error) => builds.push(String(error)),
      },
    });
  };
  const everyMode = (store: EmbeddedStore) =>
    Promise.all(
      (['keywordSearch', 'semanticSearch', 'hybridSearch'] as const).map((mode) =>
        search(store, mode, queries[0]!, { limit: 20 }),
      ),
    );

  it('follows a compaction by row ids, not built afresh, with the same results before, during and after', () =>
    withMirrorEvents(async (store, builds) => {
      await store.replaceDocuments('a', [], corpus('a', 200, 1));
      const more = corpus('a', 200, 2).map((c) => ({ ...c, document_id: `n${c.document_id}` }));
      await store.replaceDocuments('a', [], more);
      await store.deleteDocument('a', 'a-7');
      // LanceDB compacts only fragments that the same indexes cover: this upkeep indexes the rows
      // written after the indexes were made, the next compacts.
      await store.optimize();
      expect(await fragmentCount(store)).toBe(2);
      await store.mirrorReady();
      const expected = await everyMode(store);
      expect(builds).toEqual([true]);
      const upkeep = store.optimize();
      let done = false;
      void upkeep.finally(() => (done = true));
      // A mirrored search reads its passages from the mirror's file without I/O callbacks: each
      // round yields to the event loop, so the upkeep's completion can come in.
      do {
        expect(await everyMode(store)).toEqual(expected);
        await new Promise((resolve) => setImmediate(resolve));
      } while (!done);
      await upkeep;
      expect(await fragmentCount(store)).toBe(1);
      await store.mirrorReady();
      expect(await everyMode(store)).toEqual(expected);
      // Caught up (once per table version it saw while searching: one or two, by timing), never
      // built afresh.
      expect(builds[0]).toBe(true);
      expect(new Set(builds.slice(1))).toEqual(new Set([false]));
    }));

  it('is built afresh after a compaction of a table made before row ids were stable, with the same results', () =>
    withMirrorEvents(async (store, builds, dir) => {
      await createEarlierTable(dir, corpus('a', 200, 1));
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      await store.replaceDocuments('a', [], corpus('b', 100, 2));
      warn.mockRestore();
      await store.mirrorReady();
      const expected = await everyMode(store);
      await store.optimize();
      expect(await fragmentCount(store)).toBe(1);
      await store.mirrorReady();
      expect(await everyMode(store)).toEqual(expected);
      expect(builds).toEqual([true, true]);
    }));

  it('catches up with writes and deletions, and searches in between find what the table holds', () =>
    withStore(async (store) => {
      await store.replaceDocuments('a', [], corpus('a', 50, 1));
      await store.mirrorReady();
      const ids = async () =>
        (await search(store, 'keywordSearch', 'zebra crossing')).map((r) => r.document_id);
      await store.replaceDocuments(
        'a',
        ['a-3'],
        [doc('a', 'a-3', 'a zebra crossing', embedder.embed('a zebra crossing'))],
      );
      expect(await ids()).toEqual(['a-3']);
      await store.mirrorReady();
      expect(await ids()).toEqual(['a-3']);
      await store.deleteDocument('a', 'a-3');
      expect(await ids()).toEqual([]);
      await store.mirrorReady();
      expect(await ids()).toEqual([]);
      expect(await search(store, 'semanticSearch', 'zebra crossing', { limit: 50 })).toHaveLength(49);
    }));

  it('takes in appended rows (no build afresh, no scan of row ids) and ranks exactly as a mirror built afresh, with updates and deletions', async () => {
    const told: { rebuilt: boolean; added: number; removed: number }[] = [];
    const searchMirror = {
      caughtUp: ({ rebuilt, added, removed }: { rebuilt: boolean; added: number; removed: number }) =>
        told.push({ rebuilt, added, removed }),
      failed: (error: unknown) => {
        throw error;
      },
    };
    await withStore(
      async (store, dir) => {
        await store.replaceDocuments('a', [], corpus('a', 300, 1));
        await store.replaceDocuments('b', [], corpus('b', 50, 2));
        await store.mirrorReady();
        const filters = [{ type: 'eq' as const, property: 'lang', value: 'de' }];
        /** Every mode's results through `store` equal those of a store whose mirror is built afresh now. */
        const sameAsBuiltAfresh = async () => {
          const fresh = await EmbeddedStore.open(dir);
          try {
            await fresh.mirrorReady();
            for (const mode of ['keywordSearch', 'semanticSearch', 'hybridSearch'] as const)
              for (const text of queries)
                for (const opts of [{}, { filters }, { tenants: ['a', 'b'] }]) {
                  const expected = await search(fresh, mode, text, opts);
                  expect(expected.length).toBeGreaterThan(0);
                  expect(await search(store, mode, text, opts)).toEqual(expected);
                }
          } finally {
            await fresh.close();
          }
        };
        for (let i = 0; i < 3; i++) {
          const more = corpus('a', 40, 10 + i).map((c) => ({ ...c, document_id: `n${i}-${c.document_id}` }));
          await store.replaceDocuments('a', [], more);
          await store.mirrorReady();
          await sameAsBuiltAfresh();
        }
        expect(told[0]).toEqual({ rebuilt: true, added: 350, removed: 0 });
        expect(told.slice(1)).toEqual(
          Array.from({ length: 3 }, () => ({ rebuilt: false, added: 40, removed: 0 })),
        );
        // A document written again and one deleted: removed rows, looked for among the row ids.
        await store.replaceDocuments(
          'a',
          ['a-3'],
          [doc('a', 'a-3', 'rotate the signing key', embedder.embed('rotate the signing key'))],
        );
        await store.deleteDocument('a', 'a-5');
        await store.mirrorReady();
        await sameAsBuiltAfresh();
        expect(told.filter((t) => t.rebuilt)).toHaveLength(1);
        expect(told.at(-1)!.removed).toBeGreaterThan(0);
      },
      { searchMirror },
    );
  });
});
