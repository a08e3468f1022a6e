import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { chunkTerms } from './sparse-vector';
import type { TermStats } from './term-stats';

/** One tenant's statistics as stored: its chunks, and how many of them hold each term. */
interface TenantStats {
  chunks: number;
  df: Map<number, number>;
}

/** The file a tenant's statistics live in: its name, its chunk count and `[term, chunks]` pairs. */
interface TenantStatsFile {
  tenant: string;
  chunks: number;
  df: [number, number][];
}

/** Written once the files count every row of the table (a table created before them is counted). */
const COMPLETE_FILE = 'complete.json';
/**
 * Lock options: a lock is held for one write of the store (milliseconds to seconds), and a lock
 * left by a process that died is taken over once it has not been refreshed for 10 s.
 */
const LOCK_OPTIONS: lockfile.LockOptions = {
  realpath: false,
  stale: 10_000,
  retries: { retries: 2_000, minTimeout: 5, maxTimeout: 100, factor: 1.5 },
};

/** What a write did to a tenant's rows: the search texts of the rows it removed and added. */
export interface RowChange {
  removed: string[];
  added: string[];
}

/**
 * The embedded store's keyword statistics per tenant, in files under its folder (`term-stats/`),
 * so the API and the workers of one machine share them. A write changes a tenant's rows and its
 * file under one cross-process lock of that tenant; readers re-read a file when it was replaced.
 */
export class TermStatsFiles {
  private readonly cache = new Map<string, { version: string; stats: TenantStats }>();
  /** Writes of this process per tenant, chained so they wait here rather than poll the lock. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Whether the files count every row (else {@link rebuild} must run first). */
  isComplete(): boolean {
    return existsSync(join(this.dir, COMPLETE_FILE));
  }

  /** Marks an empty store's statistics complete: there is nothing to count. */
  markComplete(): void {
    writeAtomically(join(this.dir, COMPLETE_FILE), JSON.stringify({ version: 1 }));
  }

  /**
   * Counts `rows` (every row of the table) afresh into the files, under a lock of the whole folder;
   * does nothing when another process finished the count meanwhile.
   */
  async rebuild(rows: () => AsyncIterable<{ tenant: string; search_text: string }>): Promise<void> {
    await this.locked(this.dir, async () => {
      if (this.isComplete()) return;
      const tenants = new Map<string, TenantStats>();
      for await (const row of rows()) {
        let stats = tenants.get(row.tenant);
        if (!stats) tenants.set(row.tenant, (stats = { chunks: 0, df: new Map() }));
        apply(stats, { removed: [], added: [row.search_text] });
      }
      for (const [tenant, stats] of tenants) this.save(tenant, stats);
      this.markComplete();
    });
  }

  /** The statistics of `tenants` together, for `terms`. */
  read(tenants: string[], terms: number[]): TermStats {
    const df = new Map<number, number>();
    let chunks = 0;
    for (const tenant of new Set(tenants)) {
      const stats = this.load(tenant);
      chunks += stats.chunks;
      for (const term of terms) {
        const n = stats.df.get(term);
        if (n) df.set(term, (df.get(term) ?? 0) + n);
      }
    }
    return { chunks, df };
  }

  /** Runs `write` (a change of `tenant`'s rows) and counts what it did, as one step for readers and writers. */
  async change(tenant: string, write: () => Promise<RowChange>): Promise<void> {
    const previous = this.queues.get(tenant) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() =>
        this.locked(this.file(tenant), async () => {
          const change = await write();
          if (!change.removed.length && !change.added.length) return;
          const stats = this.load(tenant);
          const updated = { chunks: stats.chunks, df: new Map(stats.df) };
          apply(updated, change);
          this.save(tenant, updated);
        }),
      );
    this.queues.set(tenant, next);
    try {
      await next;
    } finally {
      if (this.queues.get(tenant) === next) this.queues.delete(tenant);
    }
  }

  private file(tenant: string): string {
    return join(this.dir, `${createHash('sha256').update(tenant).digest('hex').slice(0, 32)}.json`);
  }

  private load(tenant: string): TenantStats {
    const file = this.file(tenant);
    let version: string;
    try {
      const { ino, size, mtimeMs } = statSync(file);
      version = `${ino}:${size}:${mtimeMs}`;
    } catch {
      return { chunks: 0, df: new Map() };
    }
    const cached = this.cache.get(tenant);
    if (cached?.version === version) return cached.stats;
    const stored = JSON.parse(readFileSync(file, 'utf8')) as TenantStatsFile;
    const stats = { chunks: stored.chunks, df: new Map(stored.df) };
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(tenant, { version, stats });
    return stats;
  }

  private save(tenant: string, stats: TenantStats): void {
    const stored: TenantStatsFile = { tenant, chunks: stats.chunks, df: [...stats.df] };
    writeAtomically(this.file(tenant), JSON.stringify(stored));
  }

  private async locked<T>(path: string, run: () => Promise<T>): Promise<T> {
    const release = await lockfile.lock(path, LOCK_OPTIONS);
    try {
      return await run();
    } finally {
      await release();
    }
  }
}

/** Adds the rows `change` added to `stats` and takes away those it removed. */
function apply(stats: TenantStats, change: RowChange): void {
  const count = (texts: string[], sign: 1 | -1) => {
    for (const text of texts) {
      stats.chunks += sign;
      for (const term of chunkTerms(text)) {
        const n = (stats.df.get(term) ?? 0) + sign;
        if (n > 0) stats.df.set(term, n);
        else stats.df.delete(term);
      }
    }
  };
  count(change.removed, -1);
  count(change.added, 1);
}

/** Readers see the old file or the new one, never a part of it. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
