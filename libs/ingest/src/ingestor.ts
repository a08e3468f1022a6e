import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { DocumentRecord, IngestJob } from '@docqa/contracts';
import {
  chunkMarkdown,
  withAnchor,
  type ChunkOptions,
  type EmbeddedChunk,
  type Embedder,
  type TextPiece,
  type VectorStore,
} from '@docqa/retrieval';
import { absoluteLinks } from '@docqa/sources';
import type { DocumentStore } from './document-store';
import { CHUNKING_VERSION } from './chunking-version';
import { toMarkdown } from './to-markdown';
import { WritePipeline } from './write-pipeline';

/**
 * A document of a job. `markdown`: its text is Markdown already (a document re-chunked from its
 * stored chunks, see `Reindexer`), chunked as it is; its content type is kept for the record.
 */
type JobDocument = IngestJob['documents'][number] & { markdown?: string };

/**
 * Chunks embedded in one call: those of several small documents together (one call per document
 * cost a round trip per chunk of a site of one-page documents), a large document's in several.
 */
const EMBED_BATCH = 128;
/**
 * Chunks written to the store in one go. Each write is a commit (and an index check) of the
 * store, so many small documents are written together rather than one commit each.
 */
const WRITE_BATCH = 2000;

/**
 * Chunks written since the last index upkeep after which a job runs it even though more jobs
 * wait: during a long burst, rows the indexes do not cover yet are searched by a scan, so their
 * number stays bounded.
 */
export const UPKEEP_EVERY_CHUNKS = 50_000;

/** A document chunked and embedded, waiting to be written. */
interface Prepared {
  record: DocumentRecord;
  chunks: EmbeddedChunk[];
}

/** A document chunked, waiting for its chunks' vectors. */
interface Chunked {
  doc: JobDocument;
  record: DocumentRecord;
  pieces: TextPiece[];
}

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

/**
 * Ingests documents: chunks them along their structure, embeds the chunks, replaces the
 * documents' chunks in the store (in batches) and records them. An unchanged document (same
 * content, metadata, chunk options and {@link CHUNKING_VERSION}: same hash) is skipped; a document that fails is reported in the job and the others go on.
 */
export class Ingestor {
  /** Chunks this ingestor wrote since its last index upkeep. */
  private written = 0;
  /**
   * Jobs of this ingestor that have not finished writing (a worker runs two at once, see
   * `INGEST_CONCURRENCY`). A job leaves the count the moment its writes are done, so of two jobs
   * ending together exactly one finds itself the last.
   */
  private writing = 0;

  constructor(
    private readonly deps: {
      store: Pick<VectorStore, 'replaceDocuments' | 'deleteDocument' | 'optimize'>;
      embedder: Embedder;
      documents: Pick<DocumentStore, 'findMany' | 'putMany' | 'updateJob' | 'get' | 'remove'>;
      chunking: ChunkOptions;
      logger: Logger;
      /**
       * Ingest jobs still waiting. Index upkeep (`store.optimize`) is left to the last job of a
       * burst, the one that ends with no job waiting and no other job of this ingestor writing
       * (or to the job that passes {@link UPKEEP_EVERY_CHUNKS}): run after every job it would add
       * an index segment per job, and each segment slows every later vector search.
       */
      waitingJobs?: () => Promise<number>;
      /** @defaultValue {@link UPKEEP_EVERY_CHUNKS} */
      upkeepEveryChunks?: number;
    },
  ) {}

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
    if (endOfBurst || this.written >= (this.deps.upkeepEveryChunks ?? UPKEEP_EVERY_CHUNKS))
      await this.upkeep(endOfBurst);
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
      const vectors = this.embed(
        job.tenant,
        batch.flatMap((step) => ('chunked' in step ? [step.chunked] : [])),
      );
      await embedding;
      embedding = (async () => {
        const prepared = await vectors;
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
        const chunked = await this.chunk(doc, known.get(doc.id) ?? null);
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

  /**
   * Index upkeep. The documents are written and searchable without it (unindexed rows are
   * scanned), so a failure (e.g. another worker's upkeep committing first) does not fail the job:
   * the next job tries again.
   */
  private async upkeep(endOfBurst: boolean): Promise<void> {
    this.written = 0;
    try {
      await this.deps.store.optimize?.({ endOfBurst });
    } catch (err) {
      this.deps.logger.warn({ err }, 'index upkeep failed; the next ingest job tries again');
    }
  }

  /** Chunks a document and makes its record; null when its content is unchanged. */
  private async chunk(doc: JobDocument, existing: DocumentRecord | null): Promise<Chunked | null> {
    const { chunking } = this.deps;
    // What the chunks are made of and how: a new chunking version or chunk size re-chunks an
    // unchanged document.
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          CHUNKING_VERSION,
          chunking.size,
          chunking.overlap,
          doc.title,
          doc.url ?? null,
          doc.content_type,
          doc.markdown ?? doc.content,
          doc.metadata ?? {},
        ]),
      )
      .digest('hex');
    if (existing?.hash === hash) return null;

    const markdown = doc.markdown ?? (await toMarkdown(doc.content, doc.content_type));
    // An answer quoting a relative link is read elsewhere (a widget, an agent): the link must not
    // depend on the page it was on.
    const pieces = await chunkMarkdown(doc.url ? absoluteLinks(markdown, doc.url) : markdown, chunking);
    const now = new Date().toISOString();
    const record: DocumentRecord = {
      id: doc.id,
      title: doc.title,
      url: doc.url ?? null,
      content_type: doc.content_type,
      metadata: doc.metadata ?? {},
      hash,
      chunks: pieces.length,
      chunking: CHUNKING_VERSION,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    return { doc, record, pieces };
  }

  /**
   * Embeds the chunks of `documents` together, EMBED_BATCH at a time; each document with its
   * chunks, or the error that kept it from them. When a call fails, the documents are embedded
   * once more one by one, so only a document whose own text fails (too long for the model, say)
   * fails.
   */
  private async embed(tenant: string, documents: Chunked[]): Promise<Map<Chunked, Prepared | Error>> {
    const results = new Map<Chunked, Prepared | Error>();
    try {
      const vectors = await this.embedTexts(documents.flatMap(chunkTexts));
      let next = 0;
      for (const chunked of documents) {
        results.set(chunked, embedded(tenant, chunked, vectors.slice(next, next + chunked.pieces.length)));
        next += chunked.pieces.length;
      }
    } catch (err) {
      if (documents.length === 1) results.set(documents[0]!, asError(err));
      else
        for (const chunked of documents)
          results.set(chunked, (await this.embed(tenant, [chunked])).get(chunked)!);
    }
    return results;
  }

  private async embedTexts(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += EMBED_BATCH)
      vectors.push(...(await this.deps.embedder.embedDocuments(texts.slice(i, i + EMBED_BATCH))));
    return vectors;
  }

  /** Replaces the documents' chunks in one store write, then records them. */
  private async write(tenant: string, batch: Prepared[], tally: IngestTally): Promise<void> {
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
    await this.deps.documents.putMany(
      tenant,
      batch.map((p) => p.record),
    );
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

/** What each chunk of a document is embedded from: its document's title, its heading and its text. */
function chunkTexts({ doc, pieces }: Chunked): string[] {
  return pieces.map((piece) => [doc.title, piece.heading, piece.text].filter(Boolean).join('\n'));
}

/** A chunked document with its chunks' `vectors`, ready to be written. */
function embedded(tenant: string, { doc, record, pieces }: Chunked, vectors: number[][]): Prepared {
  const chunks = pieces.map((piece, i): EmbeddedChunk => ({
    tenant,
    document_id: doc.id,
    chunk_id: `${doc.id}#${i}`,
    title: doc.title,
    url: doc.url ? withAnchor(doc.url, piece.anchor) : null,
    heading: piece.heading,
    text: piece.text,
    metadata: doc.metadata ?? {},
    vector: vectors[i]!,
  }));
  return { record, chunks };
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
