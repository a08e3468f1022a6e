/**
 * Keeps the embedded store's deletions and index builds apart from index upkeep in a process:
 * those run together, upkeep runs alone. Upkeep (compaction, index training) commits a new version
 * of the whole table, and a deletion or an index build committed beside it conflicts with it and
 * fails one of the two (a compaction that loses to an index build is all its work lost: ~30 s at
 * 1,000,000 rows). Appends need no gate: LanceDB merges them with both. Upkeep waits for the
 * writes in progress, and writes that come meanwhile wait for the upkeep.
 */
export class StoreGate {
  private writes = new Set<Promise<unknown>>();
  private upkeep: Promise<unknown> | null = null;

  /** Whether an upkeep is running or waiting to. */
  get upkeepRunning(): boolean {
    return this.upkeep !== null;
  }

  /** Resolves once no upkeep is running or waiting to (whether it succeeded or not). */
  async idle(): Promise<void> {
    while (this.upkeep) await this.upkeep.catch(() => undefined);
  }

  /** Runs a store write once no upkeep is running. */
  async write<T>(run: () => Promise<T>): Promise<T> {
    while (this.upkeep) await this.upkeep.catch(() => undefined);
    return this.track(run);
  }

  /**
   * Runs a write that an upkeep makes needless (an index rebuilt over the new rows, which the
   * upkeep indexes too) unless one is running or waiting: then resolves to `skipped`, at once.
   */
  async unlessUpkeep<T, S>(run: () => Promise<T>, skipped: S): Promise<T | S> {
    return this.upkeep ? skipped : this.track(run);
  }

  /** Runs `run` as a write in progress, which an upkeep that comes meanwhile waits for. */
  private async track<T>(run: () => Promise<T>): Promise<T> {
    const writing = run();
    this.writes.add(writing);
    try {
      return await writing;
    } finally {
      this.writes.delete(writing);
    }
  }

  /** Runs index upkeep alone: after the writes in progress, before the writes that come next. */
  async alone<T>(run: () => Promise<T>): Promise<T> {
    while (this.upkeep) await this.upkeep.catch(() => undefined);
    const upkeep = (async () => {
      await Promise.allSettled([...this.writes]);
      return run();
    })();
    this.upkeep = upkeep;
    try {
      return await upkeep;
    } finally {
      if (this.upkeep === upkeep) this.upkeep = null;
    }
  }
}
