import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as lancedb from '@lancedb/lancedb';

/** A committed manifest's file name in the table's `_versions` folder. */
const MANIFEST = /^(\d+)\.manifest$/;
/** Lance's newer naming writes u64::MAX − version in 20 digits (the latest sorts first). */
const V2_DIGITS = 20;
const U64_MAX = 2n ** 64n - 1n;
/**
 * How long after the `_versions` folder last changed its listing is still read again although its
 * modification time looks the same: a file system keeps that time to a clock tick (milliseconds),
 * so two commits within one tick can leave it unchanged.
 */
const RACY_MS = 1_000;

/**
 * The table's latest version as the files of its folder tell it, and a handle on the table for
 * reads at that version. A search in a process that does not write asked LanceDB for the latest
 * version (with read consistency 0, every call on the table checks for one) before ranking and
 * again when reading its hits' passages; a commit of another process adds a manifest to
 * `_versions`, so a `stat` of that folder tells whether there can be a new version, and its
 * listing which one. A commit is its manifest's appearance there under its final name (files of
 * other names are passed over): a search after an ingest job ended finds what the job wrote.
 */
export class TableVersions {
  private known: { mtimeMs: number; listedAt: number; version: number | null } | null = null;
  private pinned: { table: Promise<lancedb.Table>; version: number; moved: Promise<void> } | null = null;

  /**
   * `folder`: the table's own folder (`<name>.lance`); `open`: opens a handle on the table
   * (closed by {@link close}).
   */
  constructor(
    private readonly folder: string,
    private readonly open: () => Promise<lancedb.Table>,
  ) {}

  /** The table's latest committed version; null when its folder holds none (no table yet). */
  latest(): number | null {
    const versions = join(this.folder, '_versions');
    const listedAt = Date.now();
    let mtimeMs: number;
    try {
      mtimeMs = statSync(versions).mtimeMs;
    } catch {
      return null;
    }
    const known = this.known;
    if (known && known.mtimeMs === mtimeMs && known.listedAt - mtimeMs > RACY_MS) return known.version;
    const version = latestIn(readdirSync(versions));
    this.known = { mtimeMs, listedAt, version };
    return version;
  }

  /**
   * A handle on the table at `version` or a later one (checked out: no call on it looks for a newer
   * version), for reads of rows by row id; the handle only moves forward, so a search that read an
   * older version reads the rows of a later one, as a handle on the latest would.
   */
  async at(version: number): Promise<lancedb.Table> {
    this.pinned ??= { table: this.open(), version: -1, moved: Promise.resolve() };
    const pinned = this.pinned;
    const table = await pinned.table;
    if (version > pinned.version) {
      pinned.version = version;
      pinned.moved = pinned.moved.then(() => table.checkout(version));
    }
    try {
      await pinned.moved;
    } catch (error) {
      // A version cleaned up meanwhile: the next read opens a handle again (this one is left to
      // the reads that may still hold it).
      if (this.pinned === pinned) this.pinned = null;
      throw error;
    }
    return table;
  }

  close(): void {
    const pinned = this.pinned;
    this.pinned = null;
    if (pinned) void pinned.table.then((table) => table.close()).catch(() => undefined);
  }
}

/** The latest version the manifests named in `names` hold; null when there are none. */
export function latestIn(names: string[]): number | null {
  let newest: string | null = null;
  let oldNaming = -1;
  for (const name of names) {
    const digits = MANIFEST.exec(name)?.[1];
    if (digits === undefined) continue;
    if (digits.length === V2_DIGITS) {
      if (newest === null || digits < newest) newest = digits;
    } else oldNaming = Math.max(oldNaming, Number(digits));
  }
  if (newest !== null) return Number(U64_MAX - BigInt(newest));
  return oldNaming < 0 ? null : oldNaming;
}
