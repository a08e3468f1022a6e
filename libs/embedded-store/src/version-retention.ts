import type * as lancedb from '@lancedb/lancedb';

/**
 * How long a replaced version of the table is kept after it stopped being the latest. Each write
 * and each upkeep commits a version, and a compaction rewrites every row below a million; LanceDB
 * keeps the files of older versions for 7 days by default, so after a 300,000-chunk import the
 * folder held 7.0 GB for 1.5 GB of rows, and every query, which looks for the latest version,
 * took 0.12 ms longer with its 337 versions than with 2. A search reads the version that was the
 * latest when it started, for milliseconds: a minute spares it.
 */
export const VERSION_RETENTION_MS = 60_000;
/** Margin after the retention at which the upkeep that follows a burst runs. */
const LATER_UPKEEP_MARGIN_MS = 5_000;

/**
 * The time before which versions are removed: that of the version which was the latest
 * `retentionMs` ago, so every version that was the latest since is kept.
 */
export async function cleanupCutoff(table: lancedb.Table, retentionMs: number): Promise<Date> {
  const horizon = Date.now() - retentionMs;
  let cutoff = new Date(0);
  for (const { timestamp } of await table.listVersions())
    if (timestamp.getTime() <= horizon && timestamp > cutoff) cutoff = timestamp;
  return cutoff;
}

/**
 * The upkeep that removes the versions a burst left once they are old enough to go: without it
 * they would stay until the next ingestion, and each makes every query look a little longer for
 * the latest. Scheduling again postpones it; a failure is left to the next upkeep; closing cancels
 * it, or waits for it once it runs.
 */
export class LaterUpkeep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly upkeep: () => Promise<void>,
    private readonly retentionMs: number,
  ) {}

  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      const run = this.upkeep()
        .catch(() => undefined)
        .finally(() => {
          if (this.running === run) this.running = null;
        });
      this.running = run;
    }, this.retentionMs + LATER_UPKEEP_MARGIN_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
