/**
 * Keeps a process's store writes and index upkeep apart: writes run together, upkeep runs alone.
 * Upkeep (compaction, index training) commits a new version of the whole table; run beside
 * writes, one of the two commits can conflict and fail. Upkeep waits for the writes in progress,
 * and writes that come meanwhile wait for the upkeep, while the jobs behind them go on chunking
 * and embedding.
 */
export class StoreGate {
  private writes = new Set<Promise<unknown>>();
  private upkeep: Promise<unknown> | null = null;

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
