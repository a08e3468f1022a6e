import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as lancedb from '@lancedb/lancedb';
import { versionOf } from '@docqa/contracts';
import { inList, sql } from './lance-sql';

/**
 * The column of a row's docs version (DESIGN §17; null: its document has none), which searches
 * through LanceDB's indexes prefilter on beside the tenant, as the search mirror checks it in its
 * ranking: no over-fetch, no metadata read for a search with a version.
 */
export const VERSION_COLUMN = 'version';
/** The file of the table's folder recording that every row written before the column has its version. */
const FILLED_FILE = 'version-column.json';
/** Documents whose rows one update sets. */
const UPDATE_DOCUMENTS = 1_000;

/**
 * Fills the version column of rows written before it (added null by `migrateLayout`) from their
 * metadata, once: the rows whose metadata names a version, read with their tenant and document,
 * then set by document (a document's rows share its version), so a compaction meanwhile (which
 * may renumber the rows of a table made before stable row ids) changes nothing. Rows written
 * since have theirs. Idempotent: a process stopped half-way leaves the file unwritten, and the
 * next one fills the rows still null.
 * @param metadataSql the SQL of a row's metadata (JSON) in the table.
 */
export async function fillVersionColumn(
  table: lancedb.Table,
  tableDir: string,
  metadataSql: string,
): Promise<void> {
  const filled = join(tableDir, FILLED_FILE);
  if (existsSync(filled)) return;
  // tenant → version → document ids
  const documents = new Map<string, Map<string, Set<string>>>();
  const rows = table
    .query()
    .where(`${VERSION_COLUMN} IS NULL AND ${metadataSql} LIKE '%"version"%'`)
    .select({ tenant: 'tenant', document_id: 'document_id', metadata: metadataSql });
  for await (const batch of rows) {
    for (const row of batch.toArray() as unknown as {
      tenant: string;
      document_id: string;
      metadata: string;
    }[]) {
      const version = versionOf(JSON.parse(row.metadata) as Record<string, unknown>);
      if (version === undefined) continue;
      const versions = documents.get(row.tenant) ?? new Map<string, Set<string>>();
      documents.set(row.tenant, versions);
      versions.set(version, (versions.get(version) ?? new Set()).add(row.document_id));
    }
  }
  for (const [tenant, versions] of documents)
    for (const [version, ids] of versions) {
      const all = [...ids];
      for (let i = 0; i < all.length; i += UPDATE_DOCUMENTS) {
        const where = `tenant = ${sql(tenant)} AND ${inList('document_id', all.slice(i, i + UPDATE_DOCUMENTS))} AND ${VERSION_COLUMN} IS NULL`;
        await table.update({ where, values: { [VERSION_COLUMN]: version } });
      }
    }
  versionColumnFilled(tableDir);
}

/**
 * Records that every row of the table in `tableDir` has its version in the column: once filled
 * (see {@link fillVersionColumn}), and when the table is created with the column, so that no
 * process opening it scans every row's metadata for rows to fill (2 s at 1,000,000 rows).
 */
export function versionColumnFilled(tableDir: string): void {
  writeFileSync(join(tableDir, FILLED_FILE), JSON.stringify({ filled: new Date().toISOString() }));
}
