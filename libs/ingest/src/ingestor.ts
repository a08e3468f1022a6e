import type { Logger } from 'pino';
import type { DocumentRecord, IngestJob } from '@docqa/contracts';
import type { ChunkOptions } from '@docqa/chunking';
import type { Embedder } from '@docqa/embedders';
import type { VectorStore } from '@docqa/retrieval';
import { chunkDocument, type Chunked, type JobDocument } from './chunk-document';
import type { DocumentStore } from './document-store';
import { EMBED_BATCH, embedDocuments, type Prepared } from './embed-documents';
import { WritePipeline } from './write-pipeline';

/**
 * Chunks written to the store in one go. Each write is a commit (and an index check) of the
 * store, so many small documents are written together rather than one commit each.
 */
const WRITE_BATCH = 2000;

/**
 * Chunks written since the last index upkeep after which a job runs it even though more jobs
 * wait: during a long burst, rows the indexes do not cover yet are searched by a scan, so their
 * number stays bounded. Such an upkeep runs beside the jobs that follow (see
 * {@link Ingestor.idle}): held in a job's slot, it and the one queued behind it held the slots
 * 788 s in all during a 732-s import of 1,000,000 chunks (two slots). On a large table the
 * bound is {@link UPKEEP_TABLE_SHARE} of it instead.
 */
export const UPKEEP_EVERY_CHUNKS = 50_000;
/**
 * Share of the table's rows (as the last upkeep left it) that a burst writes before its next
 * upkeep, when more than {@link UPKEEP_EVERY_CHUNKS}. An upkeep's compaction rewrites more than the
 * rows added since the last: LanceDB merges every fragment under 1,048,576 rows with its
 * neighbours of the same indexes, and after each training of the vector index (which covers them
 * all) that is the whole table. So the rows an import rewrites grew with its square; spaced by the
 * table's size, an import of 1,000,000 chunks runs about 7 upkeeps instead of 15
 * (docs/benchmarks.md, "Issue 43 … (h-upk)"; tried before when an upkeep held a job's slot and the
 * embedder was the limit, and dropped then). During a burst about a third of the rows are then
 * unindexed at most (searched by a scan where no search mirror serves); its end indexes them all.
 */
export const UPKEEP_TABLE_SHARE = 0.5;

/**
 * A document of a job as it goes through: chunked (then embedded with others), or settled already
 * (skipped as unchanged, or failed); `index` is its place in the job.
 */
type Step = { index: number } & ({ chunked: Chunked } | { skipped: true } | { failed: unknown; id: string });

/** Counts of a job, as `GET /jobs/{id}` shows them. */
export interface IngestTally {
  processed: number;
  skipped: number;
  failed: number;
  chunks: number;
  errors: { document_id: string; message: string }[];
}

/** What an {@link Ingestor} works with. */
export interface IngestorOptions {
  /** The vector store the documents' chunks are written to. */
  store: Pick<VectorStore, 'replaceDocuments' | 'deleteDocument' | 'optimize'>;
  /** The embedder of the chunks (that of the store's vectors). */
  embedder: Embedder<ArrayLike<number>>;
  /** The documents' records and the jobs' progress. */
  documents: Pick<DocumentStore, 'findMany' | 'putMany' | 'updateJob' | 'get' | 'remove'>;
  /** Chunk size and overlap. */
  chunking: ChunkOptions;
  /** Where a failed document and a failed index upkeep are reported. */
  logger: Logger;
  /**
   * Ingest jobs still waiting. Index upkeep (`store.optimize`) is left to the last job of a
   * burst, the one that ends with no job waiting and no other job of this ingestor writing
   * (or started by the job that passes {@link UPKEEP_EVERY_CHUNKS}, which does not wait for it):
   * run after every job it would add an index segment per job, and each segment slows every later
   * vector search.
   * @defaultValue none: every job that ends with no other job of this ingestor writing runs it
   */
  waitingJobs?: () => Promise<number>;
  /**
   * Chunks written after which a job runs index upkeep even though more jobs wait (or
   * {@link UPKEEP_TABLE_SHARE} of the table's rows, when more).
   * @defaultValue {@link UPKEEP_EVERY_CHUNKS}
   */
  upkeepEveryChunks?: number;
}

/**
 * Ingests documents: chunks them along their structure, embeds the chunks, replaces the
 * documents' chunks in the store (in batches) and records them. An unchanged document (same
 * content, metadata, chunk options and chunking version: see {@link chunkDocument}) is skipped;
 * a document that fails is reported in the job and the others go on.
 */
export class Ingestor {
  /** Chunks this ingestor wrote since its last index upkeep. */
  private written = 0;
  /** The table's rows after this ingestor's last index upkeep (0 before the first). */
  private upkeptRows = 0;
  /** Where the jobs' time went since the last upkeep (summed over jobs running at once). */
  private stages = { embedMs: 0, writeMs: 0, recordMs: 0 };
  /**
   * Jobs of this ingestor that have not finished writing (a worker runs two at once, see
   * `INGEST_CONCURRENCY`). A job leaves the count the moment its writes are done, so of two jobs
   * ending together exactly one finds itself the last.
   */
  private writing = 0;
  /**
   * The upkeep a job started during a burst and did not wait for, until it ends: while it runs no
   * other starts during the burst (the chunks written meanwhile wait for the next), and the
   * burst's last job waits for it before its own.
   */
  private burstUpkeep: Promise<void> | null = null;

  constructor(private readonly deps: IngestorOptions) {}

  /**
   * Ingests the job's documents and records its outcome. `unreadable` are files of the job that
   * gave no document (an upload's files that do not parse): counted as failed, with their reason.
   */
  async ingest(
    job: Omit<IngestJob, 'documents'> & { documents: JobDocument[] },
    onProgress?: (done: number, total: number) => Promise<void> | void,
    unreadable: IngestTally['errors'] = [],
  ): Promise<IngestTally> {
    this.writing++;
    let tally: IngestTally;
    try {
      tally = await this.writeJob(job, onProgress, unreadable);
    } finally {
      this.writing--;
    }
    // Read at once after leaving the count: of two jobs ending together, only the later sees 0.
    const last = this.writing === 0;
    this.written += tally.chunks;
    const endOfBurst = last && !(await this.deps.waitingJobs?.());
    if (endOfBurst) {
      await this.burstUpkeep;
      await this.upkeep(true);
    } else if (!this.burstUpkeep && this.written >= this.upkeepDue()) {
      // Not awaited: the job's slot goes on to the next job (its documents are written and
      // searchable already), instead of holding it for the upkeep, or for the one before it.
      this.burstUpkeep = this.upkeep(false).finally(() => (this.burstUpkeep = null));
    }
    await this.deps.documents.updateJob(job.job_id, {
      ...tally,
      status:
        tally.failed === job.documents.length + unreadable.length && tally.failed > 0
          ? 'failed'
          : 'completed',
    });
    return tally;
  }

  /** Chunks, embeds, writes and records the job's documents; their counts. */
  private async writeJob(
    job: Omit<IngestJob, 'documents'> & { documents: JobDocument[] },
    onProgress: ((done: number, total: number) => Promise<void> | void) | undefined,
    unreadable: IngestTally['errors'],
  ): Promise<IngestTally> {
    const { documents } = this.deps;
    await documents.updateJob(job.job_id, { status: 'running' });
    const tally: IngestTally = {
      processed: 0,
      skipped: 0,
      failed: unreadable.length,
      chunks: 0,
      errors: [...unreadable],
    };
    const known = await this.knownRecords(job);
    const writes = new WritePipeline<Prepared>({
      write: async (batch) => {
        await this.write(job.tenant, batch, tally);
        await documents.updateJob(job.job_id, tally);
      },
      key: (p) => p.record.id,
      size: (p) => p.chunks.length,
      batchSize: WRITE_BATCH,
    });
    // Documents are chunked one after the other and embedded EMBED_BATCH chunks at a time; while a
    // batch is embedded (on the embedder's thread, or across the network) the next is chunked.
    let steps: Step[] = [];
    let pieces = 0;
    let embedding: Promise<void> = Promise.resolve();
    const embedWaiting = async () => {
      const batch = steps;
      steps = [];
      pieces = 0;
      const vectors = embedDocuments(
        this.deps.embedder,
        job.tenant,
        batch.flatMap((step) => ('chunked' in step ? [step.chunked] : [])),
      );
      await embedding;
      embedding = (async () => {
        const waited = performance.now();
        const prepared = await vectors;
        this.stages.embedMs += performance.now() - waited;
        for (const step of batch) {
          if ('chunked' in step) {
            const result = prepared.get(step.chunked)!;
            if (result instanceof Error) this.fail(tally, step.chunked.record.id, result);
            else await writes.add(result);
          } else if ('skipped' in step) {
            tally.skipped++;
            tally.processed++;
          } else this.fail(tally, step.id, step.failed);
          await onProgress?.(step.index + 1, job.documents.length);
        }
      })();
      // Awaited by the next batch or at the end; until then a rejection is not "unhandled".
      embedding.catch(() => undefined);
    };
    for (const [index, doc] of job.documents.entries()) {
      try {
        const chunked = await chunkDocument(doc, known.get(doc.id) ?? null, this.deps.chunking);
        if (chunked) {
          // A later copy of the same document in this job compares against this one.
          known.set(doc.id, chunked.record);
          steps.push({ index, chunked });
          pieces += chunked.pieces.length;
        } else steps.push({ index, skipped: true });
      } catch (err) {
        steps.push({ index, failed: err, id: doc.id });
      }
      if (pieces >= EMBED_BATCH) await embedWaiting();
    }
    await embedWaiting();
    await embedding;
    await writes.drain();
    return tally;
  }

  /** The stored records of the job's documents, looked up in one round trip. */
  private async knownRecords(
    job: Pick<IngestJob, 'tenant' | 'documents'>,
  ): Promise<Map<string, DocumentRecord | null>> {
    const ids = [...new Set(job.documents.map((d) => d.id))];
    const records = await this.deps.documents.findMany(job.tenant, ids);
    return new Map(ids.map((id, i) => [id, records[i] ?? null]));
  }

  /** Chunks written after which a job runs index upkeep during a burst. */
  private upkeepDue(): number {
    const every = this.deps.upkeepEveryChunks ?? UPKEEP_EVERY_CHUNKS;
    return Math.max(every, Math.round(this.upkeptRows * UPKEEP_TABLE_SHARE));
  }

  /** Resolves once no index upkeep this ingestor started is running (before the store closes). */
  async idle(): Promise<void> {
    await this.burstUpkeep;
  }

  /**
   * Index upkeep. The documents are written and searchable without it (unindexed rows are
   * scanned), so a failure (e.g. another worker's upkeep committing first) does not fail the job:
   * the next job tries again.
   */
  private async upkeep(endOfBurst: boolean): Promise<void> {
    const chunks = this.written;
    const stages = this.stages;
    this.written = 0;
    this.stages = { embedMs: 0, writeMs: 0, recordMs: 0 };
    const started = performance.now();
    try {
      const report = await this.deps.store.optimize?.({ endOfBurst });
      if (report) this.upkeptRows = report.rows;
      // Its share of an ingestion's time grows with the table (the vector index is trained on it).
      this.deps.logger.info(
        {
          ms: Math.round(performance.now() - started),
          chunks,
          endOfBurst,
          ...report,
          ...Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(v)])),
        },
        'index upkeep done',
      );
    } catch (err) {
      this.deps.logger.warn({ err }, 'index upkeep failed; the next ingest job tries again');
    }
  }

  /** Replaces the documents' chunks in one store write, then records them. */
  private async write(tenant: string, batch: Prepared[], tally: IngestTally): Promise<void> {
    const started = performance.now();
    try {
      await this.deps.store.replaceDocuments(
        tenant,
        batch.map((p) => p.record.id),
        batch.flatMap((p) => p.chunks),
      );
    } catch (err) {
      for (const p of batch) this.fail(tally, p.record.id, err);
      return;
    }
    const written = performance.now();
    this.stages.writeMs += written - started;
    await this.deps.documents.putMany(
      tenant,
      batch.map((p) => p.record),
    );
    this.stages.recordMs += performance.now() - written;
    for (const p of batch) {
      tally.processed++;
      tally.chunks += p.chunks.length;
    }
  }

  private fail(tally: IngestTally, documentId: string, err: unknown): void {
    tally.failed++;
    tally.errors.push({ document_id: documentId, message: (err as Error).message });
    this.deps.logger.warn({ err, documentId }, 'document ingestion failed');
  }

  /** Removes a document's chunks and its record. */
  async deleteDocument(tenant: string, id: string): Promise<void> {
    await this.deps.documents.get(tenant, id);
    await this.deps.store.deleteDocument(tenant, id);
    await this.deps.documents.remove(tenant, id);
  }
}
