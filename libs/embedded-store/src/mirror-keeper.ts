import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type * as lancedb from '@lancedb/lancedb';
import type { Table as ArrowTable } from 'apache-arrow';
import { RESULT_COLUMN } from './chunk-columns';
import { plainResultRow, type ResultList } from './embedded-hits';
import { SearchMirror, rowNumber } from './search-mirror';

/** How often a process that searches looks for a new table version to catch up with. */
const WATCH_MS = 1_000;
/**
 * Time without a search after which a process stops looking (the next search starts again): a
 * worker that answered a question must not spend an import taking in every row it writes.
 */
const IDLE_MS = 60_000;
/**
 * Most rows a mirror holds: beyond, searches go to LanceDB's indexes alone. A row of a local
 * embedding and a passage of 1,200 characters takes about 2 KB (its vector 512 bytes, its
 * postings and its result fields the rest): 100,000 rows about 200 MB.
 */
export const MAX_MIRROR_ROWS = 500_000;
/**
 * Rows taken in between two turns of the event loop, and rows read per take by row id: about 6 ms
 * of work, so that a search through the indexes meanwhile waits little at each of its steps (with
 * 256 rows, searches during a build at 300,000 chunks took 180 ms at p95).
 */
const BATCH_ROWS = 64;
/**
 * Share of the mirror's rows, removed or new, from which it is built afresh rather than changed:
 * dead slots cost memory and time, and a compaction of a table made before stable row ids (see
 * `NEW_TABLE_OPTIONS` in chunk-columns.ts) gives every row a new row id.
 */
const REBUILD_SHARE = 0.25;

/** What a mirror's keeper tells (the API and the worker log it). */
export interface MirrorEvents {
  /** The mirror holds `version`: built afresh (`rebuilt`) or changed by `added` and `removed` rows. */
  caughtUp(info: {
    version: number;
    rows: number;
    added: number;
    removed: number;
    rebuilt: boolean;
    ms: number;
  }): void;
  failed(error: unknown): void;
}

/** The columns a mirror reads. */
const COLUMNS = ['tenant', 'search_text', 'vector', RESULT_COLUMN];

/**
 * Keeps a {@link SearchMirror} of the table's latest version in this process. Searches ask
 * {@link current} with the version they read; a mirror of an older version is not used, and
 * starts catching up: only the rows added and removed since are read (by row id), unless so many
 * changed that it is built afresh from a scan. A compaction changes no row id (the table's row ids
 * are stable), except in a table made before they were, where it gives every row a new one.
 * Meanwhile searches go to LanceDB's indexes, as they do in a process that has not searched yet.
 * Catching up yields to the event loop after each batch of rows, and goes on only while no search
 * is under way, so requests are served meanwhile.
 */
export class MirrorKeeper {
  private mirror: SearchMirror | null = null;
  private catchingUp: Promise<void> | null = null;
  private watch: NodeJS.Timeout | null = null;
  private lastSearch = 0;
  private closed = false;
  /** Searches under way in this process, and what waits for there to be none. */
  private searches = 0;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly deps: {
      /** The table's latest version. */
      latestVersion: () => Promise<number | null>;
      /** A handle on the table at `version`, closed by the keeper. */
      snapshot: (version: number) => Promise<lancedb.Table>;
      /** Told when the mirror has caught up with a version, and when catching up failed (the next check tries again). */
      events?: MirrorEvents;
    },
  ) {}

  /**
   * The mirror, when it holds `version` (the table's latest, as a search read it); otherwise null,
   * and it starts catching up (and then keeps up, checking every second until searches stop for
   * a minute).
   */
  current(version: number): SearchMirror | null {
    this.lastSearch = Date.now();
    if (this.mirror?.version === version) return this.mirror;
    this.startWatching();
    this.catchUp();
    return null;
  }

  /**
   * Catches up with the latest version now: the mirror once it holds it, or null when it does not
   * after three tries (no table, a table too large, or failures).
   */
  async ready(): Promise<SearchMirror | null> {
    this.lastSearch = Date.now();
    this.startWatching();
    for (let tries = 0; ; tries++) {
      const latest = await this.deps.latestVersion();
      if (latest === null || this.closed) return null;
      if (this.mirror?.version === latest) return this.mirror;
      if (tries === 3) return null;
      await this.catchUp();
    }
  }

  /**
   * Runs a search: catching up takes in no rows while one is under way (it waits for a turn of
   * the event loop with none), so a search through the indexes meanwhile waits for at most one
   * batch of rows, not one at each of its steps (catching up is JavaScript on the same thread).
   */
  async searching<T>(search: () => Promise<T>): Promise<T> {
    this.searches++;
    try {
      return await search();
    } finally {
      if (--this.searches === 0) this.idle.splice(0).forEach((wake) => wake());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle.splice(0).forEach((wake) => wake());
    if (this.watch) clearInterval(this.watch);
    await this.catchingUp;
    this.mirror = null;
  }

  /** Waits for a turn of the event loop, and then for no search to be under way. */
  private async turn(): Promise<void> {
    await yieldToEvents();
    while (this.searches > 0 && !this.closed) await new Promise<void>((wake) => this.idle.push(wake));
  }

  private startWatching(): void {
    if (this.watch || this.closed) return;
    this.watch = setInterval(() => {
      if (Date.now() - this.lastSearch < IDLE_MS) return void this.catchUp();
      clearInterval(this.watch!);
      this.watch = null;
    }, WATCH_MS);
    this.watch.unref();
  }

  /** One catching up at a time; a failure is reported and the next search or check tries again. */
  private catchUp(): Promise<void> {
    this.catchingUp ??= this.sync()
      .catch((error: unknown) => this.deps.events?.failed(error))
      .finally(() => (this.catchingUp = null));
    return this.catchingUp;
  }

  private async sync(): Promise<void> {
    const version = await this.deps.latestVersion();
    if (version === null || this.closed || this.mirror?.version === version) return;
    const started = performance.now();
    const caughtUp = (mirror: SearchMirror, added: number, removed: number, rebuilt: boolean) =>
      this.deps.events?.caughtUp({
        version,
        rows: mirror.rows,
        added,
        removed,
        rebuilt,
        ms: Math.round(performance.now() - started),
      });
    const table = await this.deps.snapshot(version);
    try {
      const changed = this.mirror ? await this.changeInPlace(this.mirror, table, version) : null;
      if (changed) return caughtUp(changed.mirror, changed.added, changed.removed, false);
      this.mirror = null;
      const rows = await table.countRows();
      if (rows > MAX_MIRROR_ROWS) return;
      const fresh = new SearchMirror(rows);
      for await (const batch of table.query().select(COLUMNS).withRowId())
        for (let start = 0; start < batch.numRows; start += BATCH_ROWS) {
          if (this.closed) return;
          addRows(fresh, batch.slice(start, start + BATCH_ROWS));
          await this.turn();
        }
      fresh.version = version;
      this.mirror = fresh;
      caughtUp(fresh, fresh.rows, 0, true);
    } finally {
      table.close();
    }
  }

  /**
   * Brings `current` to `version` of `table` by its row ids (the rows added, taken by row id, and
   * those removed), when few enough changed; else null, and the mirror is to be built afresh (a
   * method of its own, so that the old mirror is let go of before the new one is built).
   */
  private async changeInPlace(
    current: SearchMirror,
    table: lancedb.Table,
    version: number,
  ): Promise<{ mirror: SearchMirror; added: number; removed: number } | null> {
    const live = await rowIds(table);
    const added = live.filter((id) => !current.has(rowNumber(id)));
    const liveSet = new Set(live.map(rowNumber));
    const removed = [...current.heldRowIds()].filter((id) => !liveSet.has(id));
    const changed = added.length + removed.length + current.dead;
    if (live.length > MAX_MIRROR_ROWS || changed > Math.max(current.rows, live.length) * REBUILD_SHARE)
      return null;
    // Changed in place: no search uses it meanwhile (it is not of the version they read).
    current.version = -1;
    for (const id of removed) current.remove(id);
    for (let start = 0; start < added.length; start += BATCH_ROWS) {
      const rows = table
        .takeRowIds(added.slice(start, start + BATCH_ROWS))
        .select(COLUMNS)
        .withRowId();
      addRows(current, await rows.toArrow());
      await this.turn();
    }
    current.version = version;
    return { mirror: current, added: added.length, removed: removed.length };
  }
}

/**
 * The keeper of a mirror of table `name` of `db`, whose latest version `latestVersion` reads;
 * `events` (or `true`: none) are told of its catching up.
 */
export function tableMirror(
  db: lancedb.Connection,
  name: string,
  latestVersion: () => Promise<number | null>,
  events: MirrorEvents | true,
): MirrorKeeper {
  return new MirrorKeeper({
    latestVersion,
    snapshot: async (version) => {
      const table = await db.openTable(name);
      try {
        await table.checkout(version);
      } catch (error) {
        table.close();
        throw error;
      }
      return table;
    },
    events: events === true ? undefined : events,
  });
}

/** Every row id of the table. */
async function rowIds(table: lancedb.Table): Promise<bigint[]> {
  const ids: bigint[] = [];
  for await (const batch of table.query().select(['tenant']).withRowId()) {
    const column = batch.getChild('_rowid')!;
    for (let i = 0; i < batch.numRows; i++) ids.push(column.get(i) as bigint);
  }
  return ids;
}

/** Adds the rows of a batch read with {@link COLUMNS} and their row ids to `mirror`. */
function addRows(mirror: SearchMirror, batch: Pick<ArrowTable, 'numRows' | 'getChild'>): void {
  const rowId = batch.getChild('_rowid')!;
  const tenant = batch.getChild('tenant')!;
  const searchText = batch.getChild('search_text')!;
  const vector = batch.getChild('vector')!;
  const result = batch.getChild(RESULT_COLUMN)!;
  mirror.add(
    Array.from({ length: batch.numRows }, (_, i) => ({
      rowId: rowId.get(i) as bigint,
      tenant: tenant.get(i) as string,
      searchText: searchText.get(i) as string,
      vector: (vector.get(i) as { toArray(): Float32Array }).toArray(),
      result: plainResultRow(result.get(i) as ResultList),
    })),
  );
}
