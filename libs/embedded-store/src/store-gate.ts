/**
 * Keeps the embedded store's deletions and index upkeep apart in a process: deletions run
 * together, upkeep runs alone. Upkeep (compaction, index training) commits a new version of the
 * whole table, and a deletion committed beside it can conflict with it and fail one of the two.
 * Appends need no gate: LanceDB merges them with both. Upkeep waits for the deletions in progress,
 * and deletions that come meanwhile wait for the upkeep.
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
