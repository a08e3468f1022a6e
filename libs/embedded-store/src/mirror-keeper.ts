import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type * as lancedb from '@lancedb/lancedb';
import { addRowsInSlices, builtMirror, mirrorColumns, readAppended, rowChanges } from './mirror-rows';
import { within, type MirrorEvents, type Slicing } from './mirror-rows';
import type { SearchMirror } from './search-mirror';
import {
  WATCH_MS,
  IDLE_MS,
  MAX_MIRROR_ROWS,
  APPEND_WAIT_MS,
  BEHIND_MS,
  IMPORT_ROWS,
  PAUSE_WAIT_MS,
  BATCH_ROWS,
  APPEND_BATCH_ROWS,
  REBUILD_SHARE,
} from './mirror-keeping';

/**
 * Keeps a {@link SearchMirror} of the table's latest version in this process. Searches ask
 * {@link current} with the version they read; a mirror of an older version is not used, and
 * starts catching up: only the rows added and removed since are read (by row id), unless so many
 * changed that it is built afresh from a scan. A compaction changes no row id (the table's row ids
 * are stable), except in a table made before they were, where it gives every row a new one.
 *
 * When rows were only appended (an import: the row count grew by exactly the rows of row ids past
 * the largest held), those are taken by row id (see `readAppended`) and staged, in slices of about
 * 2 ms that let searches run in between (each waits for no search under way, for at most
 * `PAUSE_WAIT_MS`); removed rows are staged too. Meanwhile, when it takes in an import (at
 * least `IMPORT_ROWS` rows), searches get the version published last, whole (for at most
 * `BEHIND_MS`; a process's own writes are always waited for), and
 * the new version is published in one step: no search ranks a mix of the two, none waits behind
 * the catching up, and none goes to LanceDB's slower indexes. A smaller change is waited for (a
 * search right after an ingest job of a few documents finds them). A search that may not get the
 * version held waits for the new one (at most `APPEND_WAIT_MS`) when it is being appended,
 * and otherwise (a build afresh, or removed rows still looked for past the time above) goes to
 * LanceDB's indexes, as in a process that has not searched yet; a build afresh yields to the
 * event loop after each batch of rows, and goes on only while no search is under way.
 */
export class MirrorKeeper {
  private mirror: SearchMirror | null = null;
  private catchingUp: Promise<void> | null = null;
  /**
   * Of the catching up under way: true once it took in rows that were only appended, false as
   * soon as it does something else (or nothing, or failed).
   */
  private appending: Promise<boolean> | null = null;
  /** Whether the catching up under way is an import (see `IMPORT_ROWS`), and what waits to know it. */
  private importing = false;
  private readonly importKnown: (() => void)[] = [];
  private watch: NodeJS.Timeout | null = null;
  private lastSearch = 0;
  private closed = false;
  /** The latest version this process wrote itself: its searches never get an older one. */
  private ownVersion = -1;
  /** The mirror's version when a search first found a later one, and when (`performance.now()`). */
  private behind: { version: number; since: number } | null = null;
  /** Searches under way in this process, and what waits for there to be none. */
  private searches = 0;
  /** Of those, searches waiting for the mirror to catch up (slices of catching up do not wait for them). */
  private waiting = 0;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly deps: {
      /** The table's latest version. */
      latestVersion: () => Promise<number | null>;
      /** A handle on the table at `version`, closed by the keeper. */
      snapshot: (version: number) => Promise<lancedb.Table>;
      /** Told when the mirror has caught up with a version, and when catching up failed (the next check tries again). */
      events?: MirrorEvents;
      /** Longest the mirror's version is searched once a later one was read (`BEHIND_MS` by default). */
      behindMs?: number;
      /**
       * Whether the mirror follows the table from the start, searched or not (see
       * {@link MirrorKeeper.follow}); otherwise it starts at the first search and stops looking
       * after `IDLE_MS` without one.
       */
      follow?: boolean;
      /** The folder of the mirror's `PassageFile`; none: passages are taken through LanceDB. */
      passageDir?: string;
    },
  ) {
    if (deps.follow) this.follow();
  }

  /**
   * Keeps the mirror of the table's latest version from now on, whether searches come or not: in
   * the process that serves searches, the first one after a start or an import finds the mirror
   * (or a version of it to serve) rather than ranking through LanceDB's indexes, whose vector index
   * is read whole into LanceDB's index cache (2 GB of float32 at 1,000,000 chunks, on top of the
   * mirror's 1 GB; docs/benchmarks.md, "Search mirror memory").
   */
  private follow(): void {
    // The first look a turn later: the store that makes the keeper is not whole yet.
    this.watch = setInterval(() => void this.catchUp(), WATCH_MS);
    this.watch.unref();
  }

  /**
   * The mirror, when it holds `version` (the table's latest, as a search read it) or a later one;
   * otherwise it starts catching up (and then keeps up, checking every second until searches stop
   * for a minute, or for good when it follows the table), and the mirror as it is, of the version
   * it holds, when it may serve that (see {@link servesPrevious}); else the mirror once it has taken in rows only appended since, for at
   * most `APPEND_WAIT_MS`, else null.
   */
  async current(version: number): Promise<SearchMirror | null> {
    this.lastSearch = Date.now();
    if (this.holds(version)) return this.mirror;
    const deadline = performance.now() + APPEND_WAIT_MS;
    while (!this.holds(version)) {
      this.startWatching();
      void this.catchUp();
      if (this.servesPrevious()) return this.mirror;
      const left = deadline - performance.now();
      if (!this.mirror || !this.appending || left <= 0 || this.closed) return null;
      const known = new Promise<boolean>((wake) => this.importKnown.push(() => wake(true)));
      this.waiting++;
      try {
        if (!(await within(Promise.race([this.appending, known]), left))) return null;
      } finally {
        this.waiting--;
      }
    }
    return this.mirror;
  }

  /** Tells the keeper that this process wrote `version` of the table: its searches wait for it. */
  wrote(version: number): void {
    this.ownVersion = Math.max(this.ownVersion, version);
  }

  /**
   * Whether a search of a later version than the mirror's may get the mirror's: while it takes in
   * an import (see `IMPORT_ROWS`), one published (not being built afresh), not older than
   * this process's own writes, and found behind for less than `BEHIND_MS`. Its results are the ranking of that version, whole (rows staged since
   * are not searched); a row of it removed since makes the search rank again through the indexes.
   */
  private servesPrevious(): boolean {
    const mirror = this.mirror;
    if (!this.importing || !mirror || mirror.version < 0 || mirror.version < this.ownVersion) return false;
    const now = performance.now();
    if (this.behind?.version !== mirror.version) this.behind = { version: mirror.version, since: now };
    return now - this.behind.since < (this.deps.behindMs ?? BEHIND_MS);
  }

  /** The catching up under way takes in `rows`: searches waiting for it learn whether it is an import. */
  private takesIn(rows: number): void {
    this.importing = rows >= IMPORT_ROWS;
    for (const wake of this.importKnown.splice(0)) wake();
  }

  private holds(version: number): boolean {
    return this.mirror !== null && this.mirror.version >= version;
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
    this.drop();
  }

  /** Lets go of the mirror and its passage file. */
  private drop(): void {
    this.mirror?.close();
    this.mirror = null;
  }

  /** Waits for a turn of the event loop, and then for no search to be under way. */
  private async turn(): Promise<void> {
    await yieldToEvents();
    while (this.searches > 0 && !this.closed) await new Promise<void>((wake) => this.idle.push(wake));
  }

  /**
   * Waits for a turn of the event loop, and then for no search to be under way, for at most
   * `PAUSE_WAIT_MS`: between the slices of taking in rows while searches get the version held.
   */
  private readonly pause = async (): Promise<void> => {
    await yieldToEvents();
    if (this.searches === this.waiting || this.closed) return;
    await new Promise<void>((wake) => {
      const timer = setTimeout(wake, PAUSE_WAIT_MS);
      this.idle.push(() => {
        clearTimeout(timer);
        wake();
      });
    });
  };

  /** How catching up slices its work: until the keeper is closed, pausing between slices. */
  private readonly slicing: Slicing = {
    closed: () => this.closed,
    pause: this.pause,
    sliced: (ms) => this.deps.events?.sliced?.(ms),
  };

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
    if (this.catchingUp) return this.catchingUp;
    let appended!: (done: boolean) => void;
    this.appending = new Promise((resolve) => (appended = resolve));
    this.catchingUp = this.sync(appended)
      .catch((error: unknown) => this.deps.events?.failed(error))
      .finally(() => {
        appended(false);
        this.importing = false;
        for (const wake of this.importKnown.splice(0)) wake();
        this.catchingUp = null;
      });
    return this.catchingUp;
  }

  /** Catches up with the latest version; `appended` is told whether it did by appending alone. */
  private async sync(appended: (done: boolean) => void): Promise<void> {
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
        bytes: mirror.bytes(),
      });
    const table = await this.deps.snapshot(version);
    try {
      if (this.mirror) {
        const added = await this.appendOnly(this.mirror, table, version);
        if (added !== null) {
          appended(true);
          return caughtUp(this.mirror, added, 0, false);
        }
        if (this.closed) return;
      }
      // Searches waiting learn that it is not an append once the change's size is known (an
      // import's version held may be served meanwhile), or once the mirror is to be built afresh.
      const changed = this.mirror
        ? await this.changeInPlace(this.mirror, table, version, () => appended(false))
        : null;
      appended(false);
      if (this.closed) return;
      if (changed) return caughtUp(changed.mirror, changed.added, changed.removed, false);
      this.drop();
      const rows = await table.countRows();
      if (rows > MAX_MIRROR_ROWS) return;
      const closed = () => this.closed;
      const fresh = await builtMirror(table, rows, this.deps.passageDir, BATCH_ROWS, {
        closed,
        pause: () => this.turn(),
      });
      if (!fresh) return;
      fresh.version = version;
      this.mirror = fresh;
      this.deps.events?.caughtUp({
        version,
        rows: fresh.rows,
        added: fresh.rows,
        removed: 0,
        rebuilt: true,
        ms: Math.round(performance.now() - started),
        bytes: fresh.bytes(),
      });
    } finally {
      table.close();
    }
  }

  /**
   * Brings `current` to `version` of `table` when rows were only appended since (the table holds
   * exactly the rows held and those of row ids past the largest held; row ids only grow): reads
   * those, yielding to the event loop between batches but not waiting for searches (they wait for
   * this). The mirror stays searchable as the version it holds meanwhile: the new rows are staged,
   * and published together. The rows added, or null when more than appending happened.
   */
  private async appendOnly(
    current: SearchMirror,
    table: lancedb.Table,
    version: number,
  ): Promise<number | null> {
    const newer = `_rowid > ${current.lastRowId}`;
    const count = await table.countRows();
    const added = count - current.rows;
    // Appended rows are taken in however many; dead slots past the share are built away (see
    // REBUILD_SHARE).
    if (count > MAX_MIRROR_ROWS || added < 0 || current.dead > current.rows * REBUILD_SHARE) return null;
    // An import's size is known from the count alone: searches waiting need not wait for the check
    // below too, a filter on every row's id (at 300,000 rows 2 to 16 ms, 285 ms cold, at load 40).
    // Should more than appending have happened, changing in place takes in as many rows or more.
    if (added + current.staged >= IMPORT_ROWS) this.takesIn(added + current.staged);
    if ((await table.countRows(newer)) !== added) return null;
    this.takesIn(added + current.staged);
    // Rows staged by a catching up that failed stay staged: the next goes on from them (they are
    // counted as held), or changes the mirror in place, which publishes them with the rest.
    current.stage();
    if (added) await readAppended(current, table, added, APPEND_BATCH_ROWS, this.slicing);
    if (this.closed) return null;
    if (current.rows !== count) {
      this.drop();
      throw new Error(`the mirror read ${current.rows} rows of ${count}`);
    }
    current.publish(version);
    return added;
  }

  /**
   * Brings `current` to `version` of `table` by its row ids (the rows added, taken by row id, and
   * those removed), when few enough changed; else null, and the mirror is to be built afresh (a
   * method of its own, so that the old mirror is let go of before the new one is built). `sized` is
   * called once the change is known to be made in place, its size told (see {@link takesIn}).
   */
  private async changeInPlace(
    current: SearchMirror,
    table: lancedb.Table,
    version: number,
    sized: () => void,
  ): Promise<{ mirror: SearchMirror; added: number; removed: number } | null> {
    const { rows, added, removed } = await rowChanges(current, table, this.slicing);
    if (this.closed) return null;
    const changed = added.length + removed.length + current.dead;
    this.takesIn(added.length + removed.length + current.staged);
    sized();
    if (rows > MAX_MIRROR_ROWS || changed > Math.max(current.rows, rows) * REBUILD_SHARE) return null;
    // Staged: searches meanwhile get the version held, whole, until it is published.
    current.stage();
    for (const id of removed) current.remove(id);
    for (let start = 0; start < added.length; start += APPEND_BATCH_ROWS) {
      if (this.closed) return null;
      const rows = table
        .takeRowIds(added.slice(start, start + APPEND_BATCH_ROWS))
        .select(mirrorColumns(current))
        .withRowId();
      await addRowsInSlices(current, await rows.toArrow(), this.slicing);
    }
    if (this.closed) return null;
    current.publish(version);
    return { mirror: current, added: added.length, removed: removed.length };
  }
}
