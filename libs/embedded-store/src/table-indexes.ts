import * as lancedb from '@lancedb/lancedb';
import type { UpkeepOptions } from '@docqa/retrieval';
import { TABLE_INDEXES } from './chunk-columns';
import { readTrainedRows, writeTrainedRows } from './sidecar-files';
import type { StoreGate } from './store-gate';
import { planVectorIndex } from './vector-index-plan';

/**
 * Rows written after which a write rebuilds the document-id index alone. Every write first reads
 * the rows of the documents it replaces, and the filter on their ids compares each row no index
 * covers with the whole list: a write of 1,000 documents over 50,000 unindexed rows took 27 ms,
 * over 10,000 rows 7 ms, over indexed rows 3 ms; rebuilding the index took 45 ms at 300,000
 * rows. (At 100,000 chunks these reads were 8.5 s of a 23 s ingestion.)
 */
const DOCUMENT_INDEX_EVERY_ROWS = 10_000;

/**
 * The indexes of the embedded store's table, as this process keeps them: the full-text and scalar
 * indexes created with the first rows ({@link TABLE_INDEXES}), the document-id index rebuilt
 * between upkeeps as writes add rows, and the vector index trained when {@link planVectorIndex}
 * says so (its sample size kept in the sidecar file of `dir`).
 */
export class TableIndexes {
  /** Whether {@link TABLE_INDEXES} all exist (they are never dropped). */
  private ready = false;
  private creating: Promise<void> | null = null;
  /** Rows this process wrote since the document-id index was last brought up to date. */
  private rowsSinceDocumentIndex = 0;

  /**
   * `gate` keeps this process's index builds apart from its upkeeps: an index committed while an
   * upkeep compacts fails the compaction ("Retryable commit conflict … This Rewrite transaction was
   * preempted by concurrent transaction CreateIndex").
   */
  constructor(
    private readonly dir: string,
    private readonly gate: StoreGate,
  ) {}

  /**
   * After a write of `rows` rows: creates the indexes the table lacks (after an upkeep under way),
   * and rebuilds the document-id index when enough rows came since it was (unless an upkeep is
   * under way: it brings that index up to date anyway).
   */
  async written(table: lancedb.Table, rows: number): Promise<void> {
    await this.ensure(table);
    this.rowsSinceDocumentIndex += rows;
    if (this.rowsSinceDocumentIndex >= DOCUMENT_INDEX_EVERY_ROWS) await this.refreshDocumentIndex(table);
  }

  /** An upkeep compacted the table and indexed every row. */
  upkept(): void {
    this.rowsSinceDocumentIndex = 0;
  }

  /**
   * Trains the vector index when {@link planVectorIndex} says so: on a sample, with partitions
   * sized to the table. Otherwise the upkeep's `optimize` merges the new rows into the index as it
   * stands. Says whether it trained.
   */
  async maintainVectorIndex(table: lancedb.Table, opts: UpkeepOptions): Promise<boolean> {
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
    if (!plan.train) return false;
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
    return true;
  }

  /** Creates the full-text and scalar indexes the table lacks (once per process, see {@link create}). */
  private async ensure(table: lancedb.Table): Promise<void> {
    if (this.ready) return;
    this.creating ??= this.gate.write(() => this.create(table)).finally(() => (this.creating = null));
    await this.creating;
  }

  /**
   * Two jobs' first writes may both find an index missing: in one process they share one creation;
   * across processes the one whose commit comes second is refused, and finds the index made.
   */
  private async create(table: lancedb.Table): Promise<void> {
    const has = async (column: string) => (await table.listIndices()).some((i) => i.columns.includes(column));
    for (const [column, config] of Object.entries(TABLE_INDEXES)) {
      if (await has(column)) continue;
      try {
        await table.createIndex(column, { config: config() });
      } catch (err) {
        if (!(await has(column))) throw err;
      }
    }
    this.ready = true;
  }

  /**
   * Rebuilds the document-id index over every row (see {@link DOCUMENT_INDEX_EVERY_ROWS}), unless
   * an upkeep is under way. Another process's commit coming first makes it give up: the next
   * write tries again.
   */
  private async refreshDocumentIndex(table: lancedb.Table): Promise<void> {
    const rows = this.rowsSinceDocumentIndex;
    this.rowsSinceDocumentIndex = 0;
    const built = await this.gate
      .unlessUpkeep(async () => {
        await table.createIndex('document_id', { config: TABLE_INDEXES.document_id(), replace: true });
        return true;
      }, false)
      .catch(() => false);
    if (!built) this.rowsSinceDocumentIndex += rows;
  }
}
