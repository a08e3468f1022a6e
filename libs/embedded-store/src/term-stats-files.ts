import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { termStatsOf, type TermStats } from '@docqa/retrieval';

/**
 * The file a tenant's statistics live in: its name, its chunk count, their length in terms and
 * `[term, chunks]` pairs.
 */
interface TenantStatsFile {
  tenant: string;
  chunks: number;
  terms: number;
  df: [number, number][];
}

/**
 * Written once the files count every row of the table (a table created before them is counted),
 * with the version of the keyword terms counted: files of another version are counted afresh.
 */
const COMPLETE_FILE = 'complete.json';
/** Version 2: LanceDB's tokenizer (Porter2 stems, stop words) and chunk lengths. */
const TERMS_VERSION = 2;
/**
 * Lock options: a lock is held for one write of the store (milliseconds to seconds), and a lock
 * left by a process that died is taken over once it has not been refreshed for 10 s.
 */
const LOCK_OPTIONS: lockfile.LockOptions = {
  realpath: false,
  stale: 10_000,
  retries: { retries: 2_000, minTimeout: 5, maxTimeout: 100, factor: 1.5 },
};

/**
 * What a write did to a tenant's rows: the statistics of the rows it removed and of those it added
 * ({@link termStatsOf} their search texts).
 */
export interface RowChange {
  removed: TermStats;
  added: TermStats;
}

/**
 * The embedded store's keyword statistics per tenant, in files under its folder (`term-stats/`),
 * so the API and the workers of one machine share them. A write changes a tenant's rows and its
 * file under one cross-process lock of that tenant; readers re-read a file when it was replaced.
 */
export class TermStatsFiles {
  private readonly cache = new Map<string, { version: string; stats: TermStats }>();
  /** Writes of this process per tenant, chained so they wait here rather than poll the lock. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Whether the files count every row (else {@link rebuild} must run first). */
  isComplete(): boolean {
    try {
      const { version } = JSON.parse(readFileSync(join(this.dir, COMPLETE_FILE), 'utf8')) as {
        version: number;
      };
      return version === TERMS_VERSION;
    } catch {
      return false;
    }
  }

  /** Marks an empty store's statistics complete: there is nothing to count. */
  markComplete(): void {
    writeAtomically(join(this.dir, COMPLETE_FILE), JSON.stringify({ version: TERMS_VERSION }));
  }

  /**
   * Counts `rows` (every row of the table) afresh into the files, under a lock of the whole folder;
   * does nothing when another process finished the count meanwhile.
   */
  async rebuild(rows: () => AsyncIterable<{ tenant: string; search_text: string }>): Promise<void> {
    await this.locked(this.dir, async () => {
      if (this.isComplete()) return;
      const tenants = new Map<string, TermStats>();
      for await (const row of rows()) {
        let stats = tenants.get(row.tenant);
        if (!stats) tenants.set(row.tenant, (stats = emptyStats()));
        apply(stats, { removed: emptyStats(), added: termStatsOf([row.search_text]) });
      }
      // Files of an older version: a tenant with no rows left must not keep one.
      for (const name of readdirSync(this.dir)) {
        if (name !== COMPLETE_FILE && name.endsWith('.json')) rmSync(join(this.dir, name), { force: true });
      }
      this.cache.clear();
      for (const [tenant, stats] of tenants) this.save(tenant, stats);
      this.markComplete();
    });
  }

  /** The statistics of `tenants` together, for `terms`. */
  read(tenants: string[], terms: number[]): TermStats {
    const df = new Map<number, number>();
    let chunks = 0;
    let length = 0;
    for (const tenant of new Set(tenants)) {
      const stats = this.load(tenant);
      chunks += stats.chunks;
      length += stats.terms;
      for (const term of terms) {
        const n = stats.df.get(term);
        if (n) df.set(term, (df.get(term) ?? 0) + n);
      }
    }
    return { chunks, terms: length, df };
  }

  /** Runs `write` (a change of `tenant`'s rows) and counts what it did, as one step for readers and writers. */
  async change(tenant: string, write: () => Promise<RowChange>): Promise<void> {
    const previous = this.queues.get(tenant) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() =>
        this.locked(this.file(tenant), async () => {
          const change = await write();
          if (!change.removed.chunks && !change.added.chunks) return;
          const stats = this.load(tenant);
          const updated = { chunks: stats.chunks, terms: stats.terms, df: new Map(stats.df) };
          apply(updated, change);
          this.save(tenant, updated);
          // Under the lock, the file is the one just written: the next write of this process needs
          // not read it back (at 1,000,000 chunks, a parse of the tenant's terms at every write).
          const written = this.mark(tenant);
          if (written !== null) this.remember(tenant, written, updated);
        }),
      );
    this.queues.set(tenant, next);
    try {
      await next;
    } finally {
      if (this.queues.get(tenant) === next) this.queues.delete(tenant);
    }
  }

  /**
   * A mark of `tenant`'s rows that changes with every write of them (its file's identity, size and
   * time), null when it has none; a compaction of the table leaves it as it is.
   */
  mark(tenant: string): string | null {
    try {
      const { ino, size, mtimeMs } = statSync(this.file(tenant));
      return `${ino}:${size}:${mtimeMs}`;
    } catch {
      return null;
    }
  }

  private file(tenant: string): string {
    return join(this.dir, `${createHash('sha256').update(tenant).digest('hex').slice(0, 32)}.json`);
  }

  private load(tenant: string): TermStats {
    const file = this.file(tenant);
    const version = this.mark(tenant);
    if (version === null) return emptyStats();
    const cached = this.cache.get(tenant);
    if (cached?.version === version) return cached.stats;
    const stored = JSON.parse(readFileSync(file, 'utf8')) as TenantStatsFile;
    // The mark taken before the read: a file replaced meanwhile is read again next time.
    return this.remember(tenant, version, {
      chunks: stored.chunks,
      terms: stored.terms,
      df: new Map(stored.df),
    });
  }

  /** Keeps `stats` as those of the tenant's file at `version` (its {@link mark}). */
  private remember(tenant: string, version: string, stats: TermStats): TermStats {
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(tenant, { version, stats });
    return stats;
  }

  private save(tenant: string, stats: TermStats): void {
    const stored: TenantStatsFile = { tenant, chunks: stats.chunks, terms: stats.terms, df: [...stats.df] };
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

/** Takes the rows `change` removed away from `stats`, then adds those it added. */
function apply(stats: TermStats, change: RowChange): void {
  const count = (part: TermStats, sign: 1 | -1) => {
    stats.chunks += sign * part.chunks;
    stats.terms += sign * part.terms;
    for (const [term, chunks] of part.df) {
      const n = (stats.df.get(term) ?? 0) + sign * chunks;
      if (n > 0) stats.df.set(term, n);
      else stats.df.delete(term);
    }
  };
  count(change.removed, -1);
  count(change.added, 1);
}

/** The statistics of no rows. */
export function emptyStats(): TermStats {
  return { chunks: 0, terms: 0, df: new Map() };
}

/** Readers see the old file or the new one, never a part of it. */
function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}
