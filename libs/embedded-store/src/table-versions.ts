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
 * The table's latest version as the files of its folder tell it, and handles on the table for
 * reads at a version. A search in a process that does not write asked LanceDB for the latest
 * version (with read consistency 0, every call on the table checks for one) before ranking and
 * again when reading its hits' passages; a commit of another process adds a manifest to
 * `_versions`, so a `stat` of that folder tells whether there can be a new version, and its
 * listing which one. A commit is its manifest's appearance there under its final name (files of
 * other names are passed over): a search after an ingest job ended finds what the job wrote.
 */
export class TableVersions {
  private known: { mtimeMs: number; listedAt: number; version: number | null } | null = null;
  /** Handles checked out at a version (see {@link reading}), and how many reads hold each. */
  private readonly handles = new Map<number, { table: Promise<lancedb.Table>; reads: number }>();

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
   * Runs `read` with a handle on the table checked out at `version` exactly (no call on it looks
   * for a newer version): a search reads its hits' passages at the version its mirror ranked, so a
   * row removed since (a re-sync's, while the mirror serves the version it holds) is still read. A
   * handle is opened per version and closed once a later version's is open and no read holds it;
   * a version cleaned up meanwhile makes the open fail (and is not kept).
   */
  async reading<T>(version: number, read: (table: lancedb.Table) => Promise<T>): Promise<T> {
    let handle = this.handles.get(version);
    if (!handle) {
      const opened = checkedOut(this.open, version);
      const created = { table: opened, reads: 0 };
      handle = created;
      this.handles.set(version, created);
      opened.catch(() => {
        if (this.handles.get(version) === created) this.handles.delete(version);
      });
    }
    handle.reads++;
    try {
      return await read(await handle.table);
    } finally {
      handle.reads--;
      this.closeUnread();
    }
  }

  close(): void {
    for (const handle of this.handles.values()) closeHandle(handle.table);
    this.handles.clear();
  }

  /** Closes the handles of versions older than the newest open, once no read holds them. */
  private closeUnread(): void {
    const newest = Math.max(...this.handles.keys());
    for (const [version, handle] of this.handles)
      if (version < newest && handle.reads === 0) {
        this.handles.delete(version);
        closeHandle(handle.table);
      }
  }
}

/** A handle `open` opens, checked out at `version` (closed again when that fails). */
export async function checkedOut(
  open: () => Promise<lancedb.Table>,
  version: number,
): Promise<lancedb.Table> {
  const table = await open();
  try {
    await table.checkout(version);
  } catch (error) {
    table.close();
    throw error;
  }
  return table;
}

function closeHandle(table: Promise<lancedb.Table>): void {
  void table.then((opened) => opened.close()).catch(() => undefined);
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
