import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { SearchResult } from '@docqa/contracts';
import { searchText, type Chunk, type EmbeddedChunk } from './chunk';
import {
  chunkColumns,
  migrateLayout,
  NEW_TABLE_OPTIONS,
  RESULT_COLUMN,
  TABLE_INDEXES,
} from './chunk-columns';
import { resultRow, type ResultList } from './embedded-hits';
import { EmbeddedSearch } from './embedded-search';
import { tableMirror, type MirrorEvents, type MirrorKeeper } from './mirror-keeper';
import { documentsClause, inList, tenantClause } from './lance-sql';
import { readTrainedRows, StampFile, writeTrainedRows } from './sidecar-files';
import { StoreGate } from './store-gate';
import { TermStatsFiles, type RowChange } from './term-stats-files';
import { planVectorIndex } from './vector-index-plan';
import type { HybridQuery, StoreIdentity, StoreQuery, UpkeepOptions, VectorStore } from './vector-store';

const TABLE = 'chunks';
/** Folder of the per-tenant keyword statistics, beside the table. */
const TERM_STATS_DIR = 'term-stats';
/**
 * Rows written after which a write rebuilds the document-id index alone. Every write first reads
 * the rows of the documents it replaces, and the filter on their ids compares each row no index
 * covers with the whole list: a write of 1,000 documents over 50,000 unindexed rows took 27 ms,
 * over 10,000 rows 7 ms, over indexed rows 3 ms; rebuilding the index took 45 ms at 300,000
 * rows. (At 100,000 chunks these reads were 8.5 s of a 23 s ingestion.)
 */
const DOCUMENT_INDEX_EVERY_ROWS = 10_000;
/**
 * How long a replaced version of the table is kept after it stopped being the latest. Each write
 * and each upkeep commits a version, and a compaction rewrites every row below a million; LanceDB
 * keeps the files of older versions for 7 days by default, so after a 300,000-chunk import the
 * folder held 7.0 GB for 1.5 GB of rows, and every query, which looks for the latest version,
 * took 0.12 ms longer with its 337 versions than with 2. A search reads the version that was the
 * latest when it started, for milliseconds: a minute spares it.
 */
export const VERSION_RETENTION_MS = 60_000;
/** Margin after {@link VERSION_RETENTION_MS} at which the upkeep that follows a burst runs. */
const LATER_UPKEEP_MARGIN_MS = 5_000;

/** The columns of a row that the store reads itself (the layout is `chunkColumns`). */
interface Row {
  tenant: string;
  search_text: string;
  result: ResultList;
}

/**
 * The embedded store: one LanceDB table under `DATA_DIR/lancedb` with a full-text index on
 * title + headings + text and cosine vector search. Processes of one machine share it: readers see
 * each write at once (read consistency 0). Tenancy is a column; metadata filters run on candidates.
 * Keyword hits are scored by BM25 over the searched tenants' own term statistics (see
 * {@link TermStatsFiles}), never the whole table's.
 */
export class EmbeddedStore implements VectorStore {
  private table: lancedb.Table | null = null;
  /** Whether {@link TABLE_INDEXES} all exist (they are never dropped). */
  private indexesReady = false;
  private creatingIndexes: Promise<void> | null = null;
  /** Rows this process wrote since the document-id index was last brought up to date. */
  private rowsSinceDocumentIndex = 0;
  private readonly gate = new StoreGate();
  /** The upkeep that removes the versions of a burst once they are old enough: its timer, */
  private laterUpkeep: NodeJS.Timeout | null = null;
  /** and its run once started. */
  private laterUpkeepRun: Promise<void> | null = null;

  private readonly termStats: TermStatsFiles;
  private readonly searches: EmbeddedSearch;
  private readonly mirror: MirrorKeeper | null;
  private readonly stamp: StampFile;

  private constructor(
    private readonly db: lancedb.Connection,
    private readonly dir: string,
    private readonly versionRetentionMs: number,
    searchMirror: boolean | MirrorEvents,
  ) {
    this.termStats = new TermStatsFiles(join(dir, TERM_STATS_DIR));
    this.stamp = new StampFile(join(dir, `${TABLE}.lance`));
    this.mirror = searchMirror
      ? tableMirror(db, TABLE, async () => (await this.openTable())?.version() ?? null, searchMirror)
      : null;
    this.searches = new EmbeddedSearch({
      table: () => this.openTable(),
      termStats: this.termStats,
      mirror: this.mirror ?? undefined,
    });
  }

  /**
   * The store of the table in `dir`. `searchMirror: false`: searches always go to LanceDB's
   * indexes, and the process holds no copy of the table (see {@link MirrorKeeper}); events to
   * tell of the mirror's catching up instead of `true`.
   */
  static async open(
    dir: string,
    opts: { versionRetentionMs?: number; searchMirror?: boolean | MirrorEvents } = {},
  ): Promise<EmbeddedStore> {
    mkdirSync(dir, { recursive: true });
    const db = await lancedb.connect(dir, { readConsistencyInterval: 0 });
    return new EmbeddedStore(
      db,
      dir,
      opts.versionRetentionMs ?? VERSION_RETENTION_MS,
      opts.searchMirror ?? true,
    );
  }

  async replaceDocuments(tenant: string, documentIds: string[], chunks: EmbeddedChunk[]): Promise<void> {
    await this.termStats.change(tenant, () => this.writeDocuments(tenant, documentIds, chunks));
    if (!chunks.length) return;
    await this.ensureIndexes();
    this.rowsSinceDocumentIndex += chunks.length;
    // An upkeep under way brings that index up to date anyway.
    if (this.rowsSinceDocumentIndex >= DOCUMENT_INDEX_EVERY_ROWS && !this.gate.upkeepRunning)
      await this.refreshDocumentIndex();
  }

  async deleteDocument(tenant: string, documentId: string): Promise<void> {
    const table = await this.openTable();
    if (!table) return;
    await this.termStats.change(tenant, async () => {
      const removed = await searchTexts(table, tenant, [documentId]);
      if (removed.length) await this.gate.write(() => table.delete(documentsClause(tenant, [documentId])));
      return { removed, added: [] };
    });
  }

  private async writeDocuments(
    tenant: string,
    documentIds: string[],
    chunks: EmbeddedChunk[],
  ): Promise<RowChange> {
    const table = await this.openTable();
    let removed: string[] = [];
    if (table && documentIds.length) {
      removed = await searchTexts(table, tenant, documentIds);
      if (removed.length) await this.gate.write(() => table.delete(documentsClause(tenant, documentIds)));
    }
    if (!chunks.length) return { removed, added: [] };
    const columns = chunkColumns(chunks);
    if (table) await table.add(columns);
    else await this.createTable(columns);
    return { removed, added: chunks.map(searchText) };
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
    return rows.map((row) => {
      const fields = resultRow(row.result);
      return {
        tenant,
        document_id: fields.document_id,
        chunk_id: fields.chunk_id,
        title: fields.title,
        url: fields.url || null,
        heading: fields.heading,
        text: fields.text,
        metadata: JSON.parse(fields.metadata) as Record<string, unknown>,
      };
    });
  }

  async *searchTexts(tenant: string): AsyncIterable<string> {
    const table = await this.openTable();
    if (!table) return;
    for await (const batch of table
      .query()
      .where(tenantClause([tenant]))
      .select(['search_text'])) {
      for (const row of batch.toArray() as unknown as { search_text: string }[]) yield row.search_text;
    }
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
    if (this.laterUpkeep) clearTimeout(this.laterUpkeep);
    // LanceDB throws when a table is closed while an operation holds it: the upkeep ends first.
    await this.laterUpkeepRun;
    await this.mirror?.close();
    this.table?.close();
    this.db.close();
  }

  /**
   * Brings indexes up to date after writes (ingestion calls it once a burst of jobs is done, and
   * during a long one): creates or retrains the vector index when due, then compacts and indexes
   * the new rows. It runs apart from deletions ({@link StoreGate}); appends go on meanwhile, so
   * the jobs behind it keep writing. Training comes first: an index trained after the compaction
   * searched with much lower recall (docs/knowledge-base.md).
   */
  async optimize(opts: UpkeepOptions = {}): Promise<void> {
    const table = await this.openTable();
    if (!table) return;
    await this.gate.alone(async () => {
      await this.maintainVectorIndex(table, opts);
      await table.optimize({ cleanupOlderThan: await this.cleanupCutoff(table) });
      this.rowsSinceDocumentIndex = 0;
    });
    if (opts.endOfBurst) this.upkeepLater();
  }

  /**
   * Schedules an upkeep for when the versions a burst left are old enough to go: without it they
   * would stay until the next ingestion, and each makes every query look a little longer for the
   * latest. A failure is left to the next upkeep; closing the store cancels it, or waits for it
   * once it runs.
   */
  private upkeepLater(): void {
    if (this.laterUpkeep) clearTimeout(this.laterUpkeep);
    this.laterUpkeep = setTimeout(() => {
      this.laterUpkeep = null;
      const run = this.optimize()
        .catch(() => undefined)
        .finally(() => {
          if (this.laterUpkeepRun === run) this.laterUpkeepRun = null;
        });
      this.laterUpkeepRun = run;
    }, this.versionRetentionMs + LATER_UPKEEP_MARGIN_MS);
    this.laterUpkeep.unref();
  }

  /**
   * The time before which versions are removed: that of the version which was the latest
   * {@link VERSION_RETENTION_MS} ago, so every version that was the latest since is kept.
   */
  private async cleanupCutoff(table: lancedb.Table): Promise<Date> {
    const horizon = Date.now() - this.versionRetentionMs;
    let cutoff = new Date(0);
    for (const { timestamp } of await table.listVersions())
      if (timestamp.getTime() <= horizon && timestamp > cutoff) cutoff = timestamp;
    return cutoff;
  }

  /**
   * Rebuilds the document-id index over every row (see {@link DOCUMENT_INDEX_EVERY_ROWS}). Another
   * process's index commit coming first makes it give up: the next write tries again.
   */
  private async refreshDocumentIndex(): Promise<void> {
    this.rowsSinceDocumentIndex = 0;
    try {
      await this.table!.createIndex('document_id', { config: TABLE_INDEXES.document_id(), replace: true });
    } catch {
      this.rowsSinceDocumentIndex = DOCUMENT_INDEX_EVERY_ROWS;
    }
  }

  private async openTable(): Promise<lancedb.Table | null> {
    if (this.table) return this.table;
    if (!(await this.db.tableNames()).includes(TABLE)) {
      // Nothing to count yet: the first write creates the table and counts its rows.
      if (!this.termStats.isComplete()) this.termStats.markComplete();
      return null;
    }
    const table = await this.db.openTable(TABLE);
    if (!this.termStats.isComplete()) await this.countTerms(table);
    await migrateLayout(table);
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
      this.stamp.write();
    } catch (err) {
      const table = await this.openTable();
      if (!table) throw err;
      await table.add(columns);
      this.stamp.write();
    }
  }

  /** Creates the full-text and scalar indexes the table lacks (once per process, see {@link createIndexes}). */
  private async ensureIndexes(): Promise<void> {
    if (this.indexesReady) return;
    this.creatingIndexes ??= this.createIndexes().finally(() => (this.creatingIndexes = null));
    await this.creatingIndexes;
  }

  /**
   * Two jobs' first writes may both find an index missing: in one process they share one creation;
   * across processes the one whose commit comes second is refused, and finds the index made.
   */
  private async createIndexes(): Promise<void> {
    const table = this.table!;
    const has = async (column: string) => (await table.listIndices()).some((i) => i.columns.includes(column));
    for (const [column, config] of Object.entries(TABLE_INDEXES)) {
      if (await has(column)) continue;
      try {
        await table.createIndex(column, { config: config() });
      } catch (err) {
        if (!(await has(column))) throw err;
      }
    }
    this.indexesReady = true;
  }

  /**
   * Trains the vector index when {@link planVectorIndex} says so: on a sample, with partitions
   * sized to the table. Otherwise `optimize` merges the new rows into the index as it stands.
   */
  private async maintainVectorIndex(table: lancedb.Table, opts: UpkeepOptions): Promise<void> {
    const index = (await table.listIndices()).find((i) => i.columns.includes('vector'));
    const rows = await table.countRows();
    const plan = planVectorIndex({
      rows,
      endOfBurst: opts.endOfBurst,
      index: index
        ? {
            type: index.indexType,
            trainedRows: readTrainedRows(this.dir),
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
    writeTrainedRows(this.dir, rows);
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
