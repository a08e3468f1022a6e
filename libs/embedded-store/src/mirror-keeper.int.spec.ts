import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import * as lancedb from '@lancedb/lancedb';
import { keywordTermIds, type EmbeddedChunk } from '@docqa/retrieval';
import { EmbeddedStore } from './embedded-store';
import { MirrorKeeper } from './mirror-keeper';
import type { SearchMirror } from './search-mirror';

/** `n` chunks of tenant `a` from document `from` on, each of 12 words of a small vocabulary and a 4-d vector. */
function chunks(from: number, n: number, seed: number): EmbeddedChunk[] {
  let state = seed;
  const next = () => (state = (state * 1664525 + 1013904223) >>> 0) % 1_000_003;
  const words = [
    'rotate',
    'signing',
    'key',
    'token',
    'portal',
    'widget',
    'answer',
    'sync',
    'batch',
    'folder',
  ];
  return Array.from({ length: n }, (_, i) => {
    const text = Array.from({ length: 12 }, () => words[next() % words.length]).join(' ');
    const id = `d${from + i}`;
    return {
      tenant: 'a',
      document_id: id,
      chunk_id: `${id}#0`,
      title: id,
      url: null,
      heading: '',
      text,
      metadata: {},
      vector: [1 + (next() % 5), next() % 7, next() % 3, 1],
    };
  });
}

/** What a mirror ranks, keyword and semantic, for a few queries: one ranking of one version. */
function ranking(mirror: SearchMirror) {
  const weights = (text: string) => {
    const indices = [...new Set(keywordTermIds(text))];
    return { indices, values: indices.map(() => 1) };
  };
  return {
    version: mirror.version,
    hits: [
      mirror.keyword(['a'], weights('rotate signing key'), 12, 30),
      mirror.keyword(['a'], weights('widget portal'), 12, 30),
      mirror.semantic(['a'], [1, 6, 0, 1], 30),
      mirror.semantic(['a'], [5, 0, 2, 1], 30),
    ].map((hits) => hits.map(({ rowId, score }) => [rowId, score.toFixed(9)])),
  };
}

describe('MirrorKeeper catching up with another process’s writes', () => {
  let dir: string;
  let writer: EmbeddedStore;
  let db: lancedb.Connection;
  const keepers: MirrorKeeper[] = [];

  /**
   * A keeper of the table, as the API holds it: of the version `at` when given, else the latest;
   * `failing()` makes its reads of rows by row id throw; its catching up opens no version while
   * `opened()` is pending (it checks for new versions every second: the test decides when it may);
   * it reads the version `pinned()` gives as the latest while it gives one (a writer's two versions,
   * rows removed and then added, are then never caught up with one at a time);
   * its counts of rows by a filter end once `filtered()` has; `follow` and `caughtUp` as the
   * keeper's options and events take them.
   */
  function keeper({
    at,
    failing = () => false,
    opened = () => Promise.resolve(),
    pinned = () => undefined,
    filtered = () => Promise.resolve(),
    follow = false,
    caughtUp = () => undefined,
  }: {
    at?: number;
    failing?: () => boolean;
    opened?: () => Promise<void>;
    pinned?: () => number | undefined;
    filtered?: () => Promise<void>;
    follow?: boolean;
    caughtUp?: (version: number, rebuilt: boolean) => void;
  } = {}): {
    keeper: MirrorKeeper;
    failures: unknown[];
  } {
    const failures: unknown[] = [];
    const made = new MirrorKeeper({
      latestVersion: async () => at ?? pinned() ?? (await db.openTable('chunks')).version(),
      snapshot: async (version) => {
        await opened();
        const table = await db.openTable('chunks');
        await table.checkout(version);
        const take = table.takeRowIds.bind(table);
        const count = table.countRows.bind(table);
        table.countRows = async (filter) => {
          const rows = await count(filter);
          if (filter) await filtered();
          return rows;
        };
        let takes = 0;
        // The second take of a catching up fails when asked: a crash halfway through it.
        table.takeRowIds = (ids) => {
          if (++takes > 1 && failing()) throw new Error('the take failed');
          return take(ids);
        };
        return table;
      },
      events: {
        caughtUp: ({ version, rebuilt }) => caughtUp(version, rebuilt),
        failed: (error) => failures.push(error),
      },
      // Searches may get the version held for as long as the test runs.
      behindMs: Number.POSITIVE_INFINITY,
      follow,
    });
    keepers.push(made);
    return { keeper: made, failures };
  }

  /** The ranking of the table's latest version (or `at`) by a mirror built afresh. */
  async function builtAfresh(at?: number): Promise<ReturnType<typeof ranking>> {
    const { keeper: fresh } = keeper({ at });
    return ranking((await fresh.ready())!);
  }

  const latest = async () => (await db.openTable('chunks')).version();

  /** The ranking of each version written after `version`, by mirrors built afresh. */
  async function versionsSince(version: number): Promise<ReturnType<typeof ranking>[]> {
    const last = await latest();
    return Promise.all(Array.from({ length: last - version }, (_, i) => builtAfresh(version + 1 + i)));
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docqa-mirror-keeper-'));
    writer = await EmbeddedStore.open(dir, { searchMirror: false });
    await writer.replaceDocuments('a', [], chunks(0, 8000, 1));
    db = await lancedb.connect(dir, { readConsistencyInterval: 0 });
  });

  afterEach(async () => {
    await Promise.all(keepers.splice(0).map((k) => k.close()));
    await writer.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Opens the gate of `keeper`'s catching up (`open`) and searches its mirror for the latest
   * version until it holds it: each search's ranking, taken as it was returned (catching up goes on
   * between two searches). The first search is asked in the same turn as the gate opens: no catching
   * up has gone on before it, however slow the machine.
   */
  async function searchedWhileCatchingUp(
    held: MirrorKeeper,
    open: () => void,
  ): Promise<ReturnType<typeof ranking>[]> {
    const version = await latest();
    const seen: ReturnType<typeof ranking>[] = [];
    open();
    for (;;) {
      const mirror = await held.current(version);
      expect(mirror).not.toBeNull();
      seen.push(ranking(mirror!));
      if (mirror!.version >= version) return seen;
      // A search reads its passages from the table: the event loop turns in between.
      await setImmediate();
    }
  }

  it('serves the version held, whole, while it takes in appended rows in slices, then the new one', async () => {
    let gate = Promise.resolve();
    let pinned: number | undefined;
    const { keeper: held, failures } = keeper({ opened: () => gate, pinned: () => pinned });
    const before = ranking((await held.ready())!);
    pinned = before.version;
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    // Held back while the writer writes (two versions); once searched, it may catch up with either
    // first.
    for (let i = 0; i < 2; i++)
      await writer.replaceDocuments('a', [], chunks(10_000 + i * 1000, 1000, 10 + i));
    pinned = undefined;
    const seen = await searchedWhileCatchingUp(held, open);
    const written = await versionsSince(before.version);
    const after = written.at(-1)!;
    expect(after.version).toBeGreaterThan(before.version);
    // The first search found the mirror behind and got the version it held; catching up 2,000 rows
    // in slices let more searches run before the new version was published.
    expect(seen[0]).toEqual(before);
    expect(seen.length).toBeGreaterThan(2);
    for (const one of seen) expect([before, ...written]).toContainEqual(one);
    expect(seen.at(-1)).toEqual(after);
    expect(failures).toEqual([]);
  });

  it('serves the version held as soon as the row count tells an import, not after the check of the new row ids', async () => {
    let check = Promise.resolve();
    const { keeper: held, failures } = keeper({ filtered: () => check });
    const before = ranking((await held.ready())!);
    let checked!: () => void;
    check = new Promise<void>((resolve) => (checked = resolve));
    await writer.replaceDocuments('a', [], chunks(10_000, 1000, 12));
    const version = await latest();
    // The check (a filter on every row's id) is held back: the search must not wait for it.
    const served = await Promise.race([
      held.current(version),
      new Promise<'waited'>((resolve) => setTimeout(resolve, 1_000, 'waited')),
    ]);
    expect(served).not.toBe('waited');
    expect(ranking(served as SearchMirror)).toEqual(before);
    checked();
    const mirror = await held.ready();
    expect(mirror!.version).toBe(version);
    expect(ranking(mirror!)).toEqual(await builtAfresh());
    expect(failures).toEqual([]);
  });

  it('serves the version held while it takes in rows removed and added in one import, never a mix', async () => {
    let gate = Promise.resolve();
    let pinned: number | undefined;
    const { keeper: held, failures } = keeper({ opened: () => gate, pinned: () => pinned });
    const before = ranking((await held.ready())!);
    pinned = before.version;
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    // Documents written again (their rows removed, new ones added) and new ones, as a re-sync writes.
    await writer.replaceDocuments(
      'a',
      Array.from({ length: 40 }, (_, i) => `d${i}`),
      [...chunks(0, 40, 7), ...chunks(10_000, 1000, 8)],
    );
    pinned = undefined;
    const seen = await searchedWhileCatchingUp(held, open);
    const written = await versionsSince(before.version);
    const after = written.at(-1)!;
    expect(after).not.toEqual({ ...before, version: after.version });
    expect(seen[0]).toEqual(before);
    for (const one of seen) expect([before, ...written]).toContainEqual(one);
    expect(seen.at(-1)).toEqual(after);
    expect(failures).toEqual([]);
  });

  it('takes in an append of more rows than it holds by appending them, not by a build afresh', async () => {
    const rebuilt: boolean[] = [];
    const { keeper: held, failures } = keeper({ caughtUp: (_, afresh) => rebuilt.push(afresh) });
    await held.ready();
    // An import's first writes grow the table by more than a quarter of its rows each time.
    await writer.replaceDocuments('a', [], chunks(10_000, 12_000, 9));
    const mirror = await held.ready();
    expect(mirror!.version).toBe(await latest());
    expect(mirror!.rows).toBe(20_000);
    expect(ranking(mirror!)).toEqual(await builtAfresh());
    // Built afresh once, when first asked (the keeper of the fresh ranking is another one); the
    // import's versions taken in by appending, in one catch-up or, on a busy machine, in several.
    expect(rebuilt[0]).toBe(true);
    expect(rebuilt.length).toBeGreaterThan(1);
    expect(rebuilt.slice(1)).not.toContain(true);
    expect(failures).toEqual([]);
  });

  it('waits for a small change of another process (an ingest job of a few documents): a search finds what it wrote', async () => {
    const { keeper: held, failures } = keeper({});
    await held.ready();
    // Appended: the search waits for the mirror to take the rows in.
    await writer.replaceDocuments('a', [], chunks(10_000, 20, 6));
    const appended = await held.current(await latest());
    expect(appended).not.toBeNull();
    expect(ranking(appended!)).toEqual(await builtAfresh());
    // Replaced (rows removed and added): the new version, or none (the search then goes to
    // LanceDB's indexes), never the version held.
    await writer.replaceDocuments('a', ['d1'], chunks(1, 1, 5));
    const version = await latest();
    const replaced = await held.current(version);
    expect(replaced === null || replaced.version === version).toBe(true);
    if (replaced) expect(ranking(replaced)).toEqual(await builtAfresh());
    expect(failures).toEqual([]);
  });

  it('keeps serving the version held after a catching up failed halfway through its takes, and goes on from there', async () => {
    let failing = true;
    const { keeper: held, failures } = keeper({ failing: () => failing });
    const before = ranking((await held.ready())!);
    await writer.replaceDocuments('a', [], chunks(10_000, 2000, 3));
    const version = await latest();
    const failed = new Promise<void>((resolve) => {
      const wait = setInterval(() => failures.length && (clearInterval(wait), resolve()), 10);
    });
    expect(ranking((await held.current(version))!)).toEqual(before);
    await failed;
    expect(String(failures[0])).toContain('the take failed');
    // The first take's rows are staged, not searched.
    expect(ranking((await held.current(version))!)).toEqual(before);
    failing = false;
    const mirror = await held.ready();
    expect(mirror!.version).toBe(version);
    expect(ranking(mirror!)).toEqual(await builtAfresh());
  });

  it('follows the table from the start when told to, searched or not', async () => {
    // Woken by each catching up the keeper reports, not by the clock (the spec's time-out bounds it).
    let highest = -1;
    let woken = () => undefined as void;
    const caughtUp = (version: number) => {
      highest = Math.max(highest, version);
      woken();
    };
    const { keeper: followed, failures } = keeper({ follow: true, caughtUp });
    const reached = async (version: number) => {
      while (highest < version) await new Promise<void>((resolve) => (woken = resolve));
    };
    await reached(await latest());
    await writer.replaceDocuments('a', [], chunks(10_000, 500, 4));
    const version = await latest();
    await reached(version);
    // Caught up before any search asked for the version: the first finds it held.
    const mirror = await followed.current(version);
    expect(mirror!.version).toBe(version);
    expect(ranking(mirror!)).toEqual(await builtAfresh());
    expect(failures).toEqual([]);
  });
});
