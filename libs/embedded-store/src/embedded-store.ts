import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import {
  type Chunk,
  type EmbeddedChunk,
  type HybridQuery,
  searchText,
  type StoreIdentity,
  termStatsOf,
  type TermStats,
  type StoreQuery,
  type UpkeepOptions,
  type UpkeepReport,
  type VectorStore,
} from '@docqa/retrieval';
import { chunkColumns, migrateLayout, NEW_TABLE_OPTIONS, RESULT_COLUMN } from './chunk-columns';
import type { ResultList } from './embedded-hits';
import { chunkOf, tenantChunks } from './passage-reads';
import { EmbeddedSearch } from './embedded-search';
import type { MirrorKeeper } from './mirror-keeper';
import type { MirrorEvents } from './mirror-rows';
import { tableMirror } from './table-mirror';
import { documentsClause, inList } from './lance-sql';
import { StampFile } from './sidecar-files';
import { StoreGate } from './store-gate';
import { emptyStats, TermStatsFiles, type RowChange } from './term-stats-files';
import { TableIndexes } from './table-indexes';
import { TableVersions } from './table-versions';
import { cleanupCutoff, LaterUpkeep, VERSION_RETENTION_MS } from './version-retention';
import { versionColumnFilled } from './version-column';

const TABLE = 'chunks';
/** Folder of the per-tenant keyword statistics, beside the table. */
const TERM_STATS_DIR = 'term-stats';
/** Rows a write adds: their columns, and what they add to their tenant's keyword statistics. */
interface NewRows {
  columns: ReturnType<typeof chunkColumns>;
  stats: TermStats;
}
/** The columns of a row that the store reads itself (the layout is `chunkColumns`). */
interface Row {
  tenant: string;
  search_text: string;
  result: ResultList;
}

/** Options of {@link EmbeddedStore.open}. */
export interface EmbeddedStoreOptions {
  /**
   * How long a replaced version of the table is kept after it stopped being the latest.
   * @defaultValue {@link VERSION_RETENTION_MS} (a minute)
   */
  versionRetentionMs?: number;
  /**
   * Whether searches rank through an in-memory copy of the table when it holds the latest version
   * (see {@link MirrorKeeper}); `false`: they always go to LanceDB's indexes, and the process holds
   * no copy. Events to tell of the mirror's catching up instead of `true`.
   * @defaultValue true
   */
  searchMirror?: boolean | MirrorEvents;
  /**
   * Whether the search mirror follows the table from the store's opening, searched or not (the
   * process that serves searches); otherwise from the first search, until searches stop for a
   * minute (a process that searches now and then, such as the worker answering a question).
   * @defaultValue false
   */
  followTable?: boolean;
  /**
   * Most bytes LanceDB's index cache holds (index partitions and posting lists read by searches
   * through its indexes); absent: LanceDB's default (6 GB). A process whose search mirror serves
   * its searches reaches the indexes only while the mirror has no version to serve, and each such
   * search fills the cache further: at 1,000,000 chunks the vector index's float32 partitions take
   * 2 GB, on top of the mirror's 1.2 GB.
   * @defaultValue undefined
   */
  indexCacheBytes?: number;
}

/**
 * The embedded store: one LanceDB table under `DATA_DIR/lancedb` with a full-text index on
 * title + headings + text and cosine vector search. Processes of one machine share it: readers see
 * each write at once (read consistency 0). Tenants and docs versions are columns searches filter
 * on; metadata filters run on candidates.
 * Keyword hits are scored by BM25 over the searched tenants' own term statistics (see
 * {@link TermStatsFiles}), never the whole table's.
 */
export class EmbeddedStore implements VectorStore {
  private table: lancedb.Table | null = null;
  private readonly gate = new StoreGate();

  private readonly termStats: TermStatsFiles;
  private readonly indexes: TableIndexes;
  private readonly searches: EmbeddedSearch;
  private readonly mirror: MirrorKeeper | null;
  private readonly versions: TableVersions;
  private readonly stamp: StampFile;
  private readonly laterUpkeep: LaterUpkeep;

  private constructor(
    private readonly db: lancedb.Connection,
    private readonly dir: string,
    private readonly versionRetentionMs: number,
    searchMirror: boolean | MirrorEvents,
    followTable: boolean,
  ) {
    this.termStats = new TermStatsFiles(join(dir, TERM_STATS_DIR));
    this.indexes = new TableIndexes(dir, this.gate);
    this.stamp = new StampFile(join(dir, `${TABLE}.lance`));
    this.laterUpkeep = new LaterUpkeep(async () => void (await this.optimize()), versionRetentionMs);
    this.mirror = searchMirror
      ? tableMirror(
          db,
          TABLE,
          async () => (await this.openTable())?.version() ?? null,
          searchMirror,
          followTable,
          dir,
        )
      : null;
    this.versions = new TableVersions(join(dir, `${TABLE}.lance`), () => db.openTable(TABLE));
    this.searches = new EmbeddedSearch({
      table: () => this.openTable(),
      termStats: this.termStats,
      mirror: this.mirror ?? undefined,
      versions: this.versions,
    });
  }

  /** The store of the table in `dir`. */
  static async open(dir: string, opts: EmbeddedStoreOptions = {}): Promise<EmbeddedStore> {
    mkdirSync(dir, { recursive: true });
    const session =
      opts.indexCacheBytes === undefined ? undefined : new lancedb.Session(BigInt(opts.indexCacheBytes));
    // The options' form: LanceDB 0.39 passes a session given as a third argument to no connection.
    const db = await lancedb.connect({ uri: dir, readConsistencyInterval: 0, session });
    return new EmbeddedStore(
      db,
      dir,
      opts.versionRetentionMs ?? VERSION_RETENTION_MS,
      opts.searchMirror ?? true,
      opts.followTable ?? false,
    );
  }

  async replaceDocuments(tenant: string, documentIds: string[], chunks: EmbeddedChunk[]): Promise<void> {
    // Made before the tenant's lock, which the other job slot's write may hold: this work then
    // runs while that write waits on LanceDB, and the lock is held for less.
    const texts = chunks.map(searchText);
    const rows: NewRows | null = chunks.length
      ? { columns: chunkColumns(chunks, texts), stats: termStatsOf(texts) }
      : null;
    await this.termStats.change(tenant, () => this.writeDocuments(tenant, documentIds, rows));
    await this.mirrorWritten();
    if (chunks.length) await this.indexes.written(this.table!, chunks.length);
  }

  async deleteDocument(tenant: string, documentId: string): Promise<void> {
    const table = await this.openTable();
    if (!table) return;
    await this.termStats.change(tenant, async () => {
      const removed = await searchTexts(table, tenant, [documentId]);
      if (removed.length) await this.gate.write(() => table.delete(documentsClause(tenant, [documentId])));
      return { removed: termStatsOf(removed), added: emptyStats() };
    });
    await this.mirrorWritten();
  }

  /** Tells this process's search mirror the version it wrote: its searches get no older one. */
  private async mirrorWritten(): Promise<void> {
    if (this.mirror && this.table) this.mirror.wrote(await this.table.version());
  }

  private async writeDocuments(
    tenant: string,
    documentIds: string[],
    rows: NewRows | null,
  ): Promise<RowChange> {
    const table = await this.openTable();
    let removed: string[] = [];
    if (table && documentIds.length) {
      removed = await searchTexts(table, tenant, documentIds);
      if (removed.length) await this.gate.write(() => table.delete(documentsClause(tenant, documentIds)));
    }
    if (rows) {
      if (table) await table.add(rows.columns);
      else await this.createTable(rows.columns);
    }
    return { removed: termStatsOf(removed), added: rows?.stats ?? emptyStats() };
  }

  async documentChunks(tenant: string, documentId: string, limit: number): Promise<Chunk[]> {
    const table = await this.openTable();
    if (!table) return [];
    const rows = (await table
      .query()
      .where(documentsClause(tenant, [documentId]))
      .select([RESULT_COLUMN])
      .limit(limit)
      .toArray()) as Row[];
    return rows.map((row) => chunkOf(tenant, row.result));
  }

  async *tenantChunks(tenant: string): AsyncIterable<Chunk> {
    const table = await this.openTable();
    if (table) yield* tenantChunks(table, tenant);
  }

  async changeMark(tenant: string): Promise<string | null> {
    await this.openTable();
    return this.termStats.mark(tenant);
  }

  async keywordSearch(query: StoreQuery & { text: string }): Promise<SearchResult[]> {
    return this.searches.keyword(query);
  }

  async semanticSearch(query: StoreQuery & { vector: number[] }): Promise<SearchResult[]> {
    return this.searches.semantic(query);
  }

  async hybridSearch(query: HybridQuery): Promise<SearchResult[]> {
    return this.searches.hybrid(query);
  }

  /**
   * Resolves once this process's search mirror holds the table's latest version, when it can (see
   * {@link MirrorKeeper}): searches then rank in memory.
   */
  async mirrorReady(): Promise<void> {
    await this.mirror?.ready();
  }

  async identity(): Promise<StoreIdentity> {
    const table = await this.openTable();
    if (!table) return { stamp: null, empty: true };
    return { stamp: this.stamp.read(), empty: (await table.countRows()) === 0 };
  }

  async setStamp(stamp: string): Promise<void> {
    this.stamp.give(stamp, (await this.openTable()) !== null);
  }

  async health(): Promise<void> {
    const table = await this.openTable();
    if (table) await table.countRows();
    else await this.db.tableNames();
  }

  async close(): Promise<void> {
    // LanceDB throws when a table is closed while an operation holds it: the upkeeps end first
    // (one an ingest job started and did not wait for, and the one scheduled after a burst).
    await this.gate.idle();
    await this.laterUpkeep.close();
    await this.mirror?.close();
    this.versions.close();
    this.table?.close();
    this.db.close();
  }

  /**
   * Brings indexes up to date after writes (ingestion calls it once a burst of jobs is done, and
   * during a long one): creates or retrains the vector index when due, then compacts and indexes
   * the new rows. It runs apart from deletions ({@link StoreGate}); appends go on meanwhile, so
   * the jobs behind it keep writing. Training comes first: an index trained after the compaction
   * searched with much lower recall (docs/knowledge-base.md). The compaction merges neighbouring
   * fragments that the same indexes cover: the rows appended since the last upkeep (no index yet),
   * and, after a training (one index segment over every row), the whole table, at this upkeep and
   * the next; which is why ingestion spaces its upkeeps by the table's size (`UPKEEP_TABLE_SHARE`).
   */
  async optimize(opts: UpkeepOptions = {}): Promise<UpkeepReport | void> {
    const table = await this.openTable();
    if (!table) return;
    const called = performance.now();
    const report = await this.gate.alone(async () => {
      const started = performance.now();
      const trained = await this.indexes.maintainVectorIndex(table, opts);
      const indexed = performance.now();
      const optimized = await table.optimize({
        cleanupOlderThan: await cleanupCutoff(table, this.versionRetentionMs),
      });
      this.indexes.upkept();
      return {
        rows: await table.countRows(),
        waitedMs: Math.round(started - called),
        trained,
        trainMs: Math.round(indexed - started),
        optimizeMs: Math.round(performance.now() - indexed),
        compactedFragments: optimized.compaction.fragmentsRemoved,
      };
    });
    if (opts.endOfBurst) this.laterUpkeep.schedule();
    return report;
  }

  private async openTable(): Promise<lancedb.Table | null> {
    if (this.table) return this.table;
    // A table another process is creating has its folder before its first version: none yet.
    if (!(await this.db.tableNames()).includes(TABLE) || this.versions.latest() === null) {
      // Nothing to count yet: the first write creates the table and counts its rows.
      if (!this.termStats.isComplete()) this.termStats.markComplete();
      return null;
    }
    const table = await this.db.openTable(TABLE);
    if (!this.termStats.isComplete()) await this.countTerms(table);
    await migrateLayout(table, join(this.dir, `${TABLE}.lance`));
    this.table = table;
    return this.table;
  }

  /** Counts a table written before per-tenant term statistics existed (once, with a log line). */
  private async countTerms(table: lancedb.Table): Promise<void> {
    const started = Date.now();
    console.warn(
      `docqa: counting the keyword statistics of each tenant in ${this.dir} (a table written before ` +
        'they were kept); searches wait until this is done',
    );
    await this.termStats.rebuild(async function* () {
      for await (const batch of table.query().select(['tenant', 'search_text'])) {
        for (const row of batch.toArray() as unknown as { tenant: string; search_text: string }[]) {
          yield { tenant: row.tenant, search_text: row.search_text };
        }
      }
    });
    console.warn(`docqa: keyword statistics counted in ${Date.now() - started} ms`);
  }

  /**
   * Creates the table with its first rows, and writes the stamp given. Another job, of this
   * process or another, may create it first: the rows are then added to that table.
   */
  private async createTable(columns: ReturnType<typeof chunkColumns>): Promise<void> {
    try {
      this.table = await this.db.createTable(TABLE, columns, NEW_TABLE_OPTIONS);
      versionColumnFilled(join(this.dir, `${TABLE}.lance`));
      this.stamp.write();
    } catch (err) {
      const table = await this.openTable();
      if (!table) throw err;
      await table.add(columns);
      this.stamp.write();
    }
  }
}

/**
 * The search texts of a tenant's documents, before they are deleted. Filtered by document id alone
 * (the tenant is checked here): that filter is answered by the document-id index, which writes keep
 * up to date, where one on the tenant too would scan every row its index does not cover yet.
 */
async function searchTexts(table: lancedb.Table, tenant: string, documentIds: string[]): Promise<string[]> {
  const rows = (await table
    .query()
    .where(inList('document_id', documentIds))
    .select(['tenant', 'search_text'])
    .toArray()) as Row[];
  return rows.filter((row) => row.tenant === tenant).map((row) => row.search_text);
}

/** A row of the table (its result column) as the chunk it stores. */
