import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sidecar file recording how many rows the vector index was trained on, in the store's folder. */
const INDEX_STATE_FILE = 'vector-index.json';

/** A small JSON file the embedded store keeps beside its table; null when absent or unreadable. */
function readSidecar(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function writeSidecar(path: string, value: object): void {
  writeFileSync(path, JSON.stringify(value));
}

/** Rows the store in `dir` last trained its vector index on; 0 when unknown. */
export function readTrainedRows(dir: string): number {
  const rows = readSidecar(join(dir, INDEX_STATE_FILE))?.trainedRows;
  return typeof rows === 'number' ? rows : 0;
}

export function writeTrainedRows(dir: string, rows: number): void {
  writeSidecar(join(dir, INDEX_STATE_FILE), { trainedRows: rows });
}

/**
 * The embedded store's stamp (see `VectorStore.setStamp`), in a file of the table's folder, so a
 * data folder or table removed takes it along. A stamp given before the table exists is written
 * with the table's first rows.
 */
export class StampFile {
  private stamp: string | null = null;
  private readonly path: string;

  constructor(tableDir: string) {
    this.path = join(tableDir, 'stamp.json');
  }

  read(): string | null {
    const stamp = readSidecar(this.path)?.stamp;
    return typeof stamp === 'string' ? stamp : null;
  }

  /** Keeps `stamp` for the table, writing it at once when the table exists. */
  give(stamp: string, tableExists: boolean): void {
    this.stamp = stamp;
    if (tableExists) this.write();
  }

  /** Writes the stamp given, if any (the table's first rows have just created it). */
  write(): void {
    if (this.stamp) writeSidecar(this.path, { stamp: this.stamp });
  }
}
