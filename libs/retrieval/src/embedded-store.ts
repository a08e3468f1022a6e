import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import type { Chunk, EmbeddedChunk } from './chunk';
import { chunkColumns } from './chunk-columns';
import { candidateLimit, filterFields, matchesFilters } from './filters';
import { VECTOR_INDEX_NPROBES, planVectorIndex } from './vector-index-plan';
import type { StoreQuery, VectorStore } from './vector-store';

const TABLE = 'chunks';
/**
 * Share of the table from which a search's tenants are filtered after the vector search rather
 * than before it: building the prefilter's row set costs more than it saves when it keeps most
 * rows (measured at 100,000 rows, 90 % in the tenant: 8.9 ms prefiltered, 5.0 ms postfiltered).
 */
const POSTFILTER_MIN_SHARE = 0.5;
/** How long a tenant's share of the table is trusted before it is counted again. */
const SHARE_TTL_MS = 10_000;
/** Sidecar file recording how many rows the vector index was trained on. */
const INDEX_STATE_FILE = 'vector-index.json';
/** Columns a search reads back: everything but the vector and the search text. */
const RESULT_COLUMNS = ['chunk_id', 'document_id', 'title', 'url', 'heading', 'text', 'metadata'];

interface Row {
  chunk_id: string;
  tenant: string;
  document_id: string;
  title: string;
  url: string;
  heading: string;
  text: string;
  search_text: string;
  metadata: string;
  vector: number[];
}

/**
 * The embedded store: one LanceDB table under `DATA_DIR/lancedb` with a full-text (BM25) index on
 * title + headings + text and cosine vector search. Processes of one machine share it: readers see
 * each write at once (read consistency 0). Tenancy is a column; metadata filters run on candidates.
 */
export class EmbeddedStore implements VectorStore {
  private table: lancedb.Table | null = null;
  private ftsReady = false;
  private readonly shares = new Map<string, { share: number; rows: number; at: number }>();

  private constructor(
    private readonly db: lancedb.Connection,
    private readonly dir: string,
  ) {}

  static async open(dir: string): Promise<EmbeddedStore> {
    mkdirSync(dir, { recursive: true });
    return new EmbeddedStore(await lancedb.connect(dir, { readConsistencyInterval: 0 }), dir);
  }

  async replaceDocuments(tenant: string, documentIds: string[], chunks: EmbeddedChunk[]): Promise<void> {
    const table = await this.openTable();
    if (table && documentIds.length) {
      await table.delete(`tenant = ${sql(tenant)} AND document_id IN (${documentIds.map(sql).join(', ')})`);
    }
    if (!chunks.length) return;
    const columns = chunkColumns(chunks);
    if (table) await table.add(columns);
    else this.table = await this.db.createTable(TABLE, columns);
    await this.ensureIndexes();
  }

  async deleteDocument(tenant: string, documentId: string): Promise<void> {
    const table = await this.openTable();
    await table?.delete(`tenant = ${sql(tenant)} AND document_id = ${sql(documentId)}`);
  }

  async documentChunks(tenant: string, documentId: string, limit: number): Promise<Chunk[]> {
    const table = await this.openTable();
    if (!table) return [];
    const rows = (await table
      .query()
      .where(`tenant = ${sql(tenant)} AND document_id = ${sql(documentId)}`)
      .select([...RESULT_COLUMNS, 'tenant'])
      .limit(limit)
      .toArray()) as Row[];
    return rows.map((row) => ({
      tenant: row.tenant,
      document_id: row.document_id,
      chunk_id: row.chunk_id,
      title: row.title,
      url: row.url || null,
      heading: row.heading,
      text: row.text,
      metadata: JSON.parse(row.metadata) as Record<string, unknown>,
    }));
  }

  async keywordSearch(query: StoreQuery & { text: string }): Promise<SearchResult[]> {
    const table = await this.openTable();
    const text = ftsQuery(query.text);
    if (!table || !text || !(await this.hasFts(table))) return [];
    const rows = (await table
      .search(text, 'fts', 'search_text')
      .where(tenantClause(query.tenants))
      .select([...RESULT_COLUMNS, '_score'])
      .limit(candidates(query))
      .toArray()) as (Row & { _score: number })[];
    return this.finish(rows, query, (r) => r._score);
  }

  async semanticSearch(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]> {
    const table = await this.openTable();
    if (!table) return [];
    const wanted = candidates(query);
    const search = (limit: number) => {
      // The IVF_FLAT index's distances are exact: nothing to re-rank (`query.approximate` is moot).
      return table
        .vectorSearch(query.vector)
        .distanceType('cosine')
        .nprobes(VECTOR_INDEX_NPROBES)
        .where(tenantClause(query.tenants))
        .select([...RESULT_COLUMNS, '_distance'])
        .limit(limit);
    };
    type Hit = Row & { _distance: number };
    const { share, rows: tenantRows } = await this.tenantShare(table, query.tenants);
    let rows: Hit[] | null = null;
    if (share >= POSTFILTER_MIN_SHARE) {
      // Other tenants' rows are dropped after the search: ask for enough to keep `wanted`.
      rows = (await search(Math.ceil((wanted / share) * 1.5))
        .postfilter()
        .toArray()) as Hit[];
      if (rows.length < Math.min(wanted, tenantRows)) rows = null;
    }
    rows ??= (await search(wanted).toArray()) as Hit[];
    return this.finish(rows.slice(0, wanted), query, (r) => 1 - r._distance);
  }

  async health(): Promise<void> {
    const table = await this.openTable();
    if (table) await table.countRows();
    else await this.db.tableNames();
  }

  async close(): Promise<void> {
    this.table?.close();
    this.db.close();
  }

  /**
   * Brings indexes up to date after writes (ingestion calls it once a burst of jobs is done):
   * creates or retrains the vector index when due, then compacts and indexes the new rows.
   */
  async optimize(): Promise<void> {
    const table = await this.openTable();
    if (!table) return;
    await this.maintainVectorIndex(table);
    await table.optimize();
  }

  private finish<R extends Row>(rows: R[], query: StoreQuery, score: (row: R) => number): SearchResult[] {
    const results: SearchResult[] = [];
    for (const row of rows) {
      const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
      if (query.filters.length && !matchesFilters(filterFields({ ...row, metadata }), query.filters))
        continue;
      results.push({
        document_id: row.document_id,
        chunk_id: row.chunk_id,
        title: row.title,
        url: row.url || null,
        ...(row.heading && { section: row.heading }),
        text: row.text,
        score: score(row),
        metadata,
      });
      if (results.length >= query.limit) break;
    }
    return results;
  }

  private async openTable(): Promise<lancedb.Table | null> {
    if (this.table) return this.table;
    if (!(await this.db.tableNames()).includes(TABLE)) return null;
    this.table = await this.db.openTable(TABLE);
    return this.table;
  }

  private async hasFts(table: lancedb.Table): Promise<boolean> {
    if (!this.ftsReady)
      this.ftsReady = (await table.listIndices()).some((i) => i.columns.includes('search_text'));
    return this.ftsReady;
  }

  private trainedRows(): number {
    try {
      const state = JSON.parse(readFileSync(join(this.dir, INDEX_STATE_FILE), 'utf8')) as {
        trainedRows?: unknown;
      };
      return typeof state.trainedRows === 'number' ? state.trainedRows : 0;
    } catch {
      return 0;
    }
  }

  private async ensureIndexes(): Promise<void> {
    const table = this.table!;
    const indices = await table.listIndices();
    const has = (column: string) => indices.some((i) => i.columns.includes(column));
    if (!has('search_text')) {
      await table.createIndex('search_text', { config: lancedb.Index.fts({ withPosition: false }) });
    }
    // Every search prefilters by tenant and every re-ingest deletes by document: scalar indexes
    // keep both from scanning the table (a bitmap suits the few distinct tenants).
    if (!has('tenant')) await table.createIndex('tenant', { config: lancedb.Index.bitmap() });
    if (!has('document_id')) await table.createIndex('document_id', { config: lancedb.Index.btree() });
  }

  /**
   * Trains the vector index when {@link planVectorIndex} says so: on a sample, with partitions
   * sized to the table. Otherwise `optimize` merges the new rows into the index as it stands.
   */
  private async maintainVectorIndex(table: lancedb.Table): Promise<void> {
    const index = (await table.listIndices()).find((i) => i.columns.includes('vector'));
    const rows = await table.countRows();
    const plan = planVectorIndex({
      rows,
      index: index
        ? {
            type: index.indexType,
            trainedRows: this.trainedRows(),
            segments: (await table.indexStats(index.name))?.numIndices ?? 1,
          }
        : null,
    });
    if (!plan.train) return;
    await table.createIndex('vector', {
      config: lancedb.Index.ivfFlat({
        distanceType: 'cosine',
        numPartitions: plan.numPartitions,
        sampleRate: plan.sampleRate,
        maxIterations: plan.maxIterations,
      }),
      replace: true,
    });
    writeFileSync(join(this.dir, INDEX_STATE_FILE), JSON.stringify({ trainedRows: rows }));
  }

  /** The share of the table's rows that belong to `tenants` (counted at most every 10 s). */
  private async tenantShare(
    table: lancedb.Table,
    tenants: string[],
  ): Promise<{ share: number; rows: number }> {
    const key = tenants.join('\u0000');
    const now = Date.now();
    const cached = this.shares.get(key);
    if (cached && now - cached.at < SHARE_TTL_MS) return cached;
    const [rows, total] = await Promise.all([table.countRows(tenantClause(tenants)), table.countRows()]);
    const entry = { share: total ? rows / total : 0, rows, at: now };
    if (this.shares.size > 1000) this.shares.clear();
    this.shares.set(key, entry);
    return entry;
  }
}

/** A SQL string literal: single quotes doubled, so values never leave the literal. */
export function sql(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function tenantClause(tenants: string[]): string {
  return `tenant IN (${tenants.map(sql).join(', ')})`;
}

function candidates(query: StoreQuery): number {
  return candidateLimit(query.limit, query.filters.length > 0);
}

/** Words only: the full-text parser never sees operators, quotes or field syntax from users. */
function ftsQuery(text: string): string {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 64).join(' ');
}
