import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { DocumentRecord, IngestJob } from '@docqa/contracts';
import {
  chunkMarkdown,
  type ChunkOptions,
  type EmbeddedChunk,
  type Embedder,
  type VectorStore,
} from '@docqa/retrieval';
import type { DocumentStore } from './document-store';
import { toMarkdown } from './to-markdown';

type JobDocument = IngestJob['documents'][number];

/** Embedding batch size: keeps memory flat on large documents. */
const EMBED_BATCH = 128;

/**
 * Ingests documents: chunks them along their structure, embeds the chunks, replaces the
 * document's chunks in the store and records it. Unchanged content (same hash) is skipped; a
 * document that fails is reported in the job and the others go on.
 */
export class Ingestor {
  constructor(
    private readonly deps: {
      store: VectorStore & { optimize?: () => Promise<void> };
      embedder: Embedder;
      documents: DocumentStore;
      chunking: ChunkOptions;
      logger: Logger;
    },
  ) {}

  async ingest(
    job: IngestJob,
    onProgress?: (done: number, total: number) => Promise<void> | void,
  ): Promise<void> {
    const { documents } = this.deps;
    await documents.updateJob(job.job_id, { status: 'running' });
    const tally = {
      processed: 0,
      skipped: 0,
      failed: 0,
      chunks: 0,
      errors: [] as { document_id: string; message: string }[],
    };
    for (const doc of job.documents) {
      try {
        const chunks = await this.ingestOne(job.tenant, doc);
        if (chunks === null) tally.skipped++;
        else tally.chunks += chunks;
        tally.processed++;
      } catch (err) {
        tally.failed++;
        tally.errors.push({ document_id: doc.id, message: (err as Error).message });
        this.deps.logger.warn({ err, documentId: doc.id }, 'document ingestion failed');
      }
      await documents.updateJob(job.job_id, tally);
      await onProgress?.(tally.processed + tally.failed, job.documents.length);
    }
    await this.deps.store.optimize?.();
    await documents.updateJob(job.job_id, {
      ...tally,
      status: tally.failed === job.documents.length && tally.failed > 0 ? 'failed' : 'completed',
    });
  }

  /** Ingests one document; null when its content is unchanged. */
  private async ingestOne(tenant: string, doc: JobDocument): Promise<number | null> {
    const { documents, store, embedder, chunking } = this.deps;
    const hash = createHash('sha256')
      .update(JSON.stringify([doc.title, doc.url ?? null, doc.content_type, doc.content, doc.metadata ?? {}]))
      .digest('hex');
    const existing = await documents.find(tenant, doc.id);
    if (existing?.hash === hash) return null;

    const pieces = await chunkMarkdown(toMarkdown(doc.content, doc.content_type), chunking);
    const chunks: EmbeddedChunk[] = [];
    for (let i = 0; i < pieces.length; i += EMBED_BATCH) {
      const batch = pieces.slice(i, i + EMBED_BATCH);
      const vectors = await embedder.embedDocuments(
        batch.map((p) => [doc.title, p.heading, p.text].filter(Boolean).join('\n')),
      );
      batch.forEach((piece, j) =>
        chunks.push({
          tenant,
          document_id: doc.id,
          chunk_id: `${doc.id}#${i + j}`,
          title: doc.title,
          url: doc.url ?? null,
          heading: piece.heading,
          text: piece.text,
          metadata: doc.metadata ?? {},
          vector: vectors[j]!,
        }),
      );
    }
    await store.replaceDocuments(tenant, [doc.id], chunks);
    const now = new Date().toISOString();
    const record: DocumentRecord = {
      id: doc.id,
      title: doc.title,
      url: doc.url ?? null,
      content_type: doc.content_type,
      metadata: doc.metadata ?? {},
      hash,
      chunks: chunks.length,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    };
    await documents.put(tenant, record);
    return chunks.length;
  }

  /** Removes a document's chunks and its record. */
  async deleteDocument(tenant: string, id: string): Promise<void> {
    await this.deps.documents.get(tenant, id);
    await this.deps.store.deleteDocument(tenant, id);
    await this.deps.documents.remove(tenant, id);
  }
}
