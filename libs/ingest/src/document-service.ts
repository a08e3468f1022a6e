import { join } from 'node:path';
import type { Logger } from 'pino';
import type {
  DocumentInput,
  DocumentRecord,
  IngestAccepted,
  IngestJob,
  JobRecord,
  ReindexJob,
} from '@docqa/contracts';
import type { Redis } from 'ioredis';
import type { IngestQueue } from '@docqa/queue';
import { IdempotentIds, newId, type Keys } from '@docqa/redis';
import type { Embedder } from '@docqa/embedders';
import type { VectorStore } from '@docqa/retrieval';
import { DocumentStore, type DocumentListOptions, type DocumentPage } from './document-store';
import { Ingestor, type IngestTally } from './ingestor';
import { Reindexer } from './reindexer';
import { DocVersions } from './doc-versions';
import { UploadIntake } from './upload-intake';
import { UploadStore } from './upload-store';

/**
 * A tenant's documents, as the API and the worker both see them: list, read and delete them,
 * submit documents for background ingestion, run an ingest job, follow its progress.
 */
export class DocumentService {
  constructor(
    private readonly deps: {
      documents: DocumentStore;
      ingestor: Ingestor;
      queue: IngestQueue;
      reindexer: Reindexer;
    },
  ) {}

  /** The document records (used by source syncs to compare hashes). */
  get records(): DocumentStore {
    return this.deps.documents;
  }

  /** A page of documents in id order; with `q`, those whose title, URL or id hold every word. */
  list(tenant: string, opts: DocumentListOptions): Promise<DocumentPage> {
    return this.deps.documents.list(tenant, opts);
  }

  get(tenant: string, id: string): Promise<DocumentRecord> {
    return this.deps.documents.get(tenant, id);
  }

  /** Which of `ids` the tenant has documents of, in one round trip. */
  async existing(tenant: string, ids: string[]): Promise<Set<string>> {
    const records = await this.deps.documents.findMany(tenant, ids);
    return new Set(ids.filter((_, i) => records[i]));
  }

  /** Removes every chunk of the document and its record. */
  remove(tenant: string, id: string): Promise<void> {
    return this.deps.ingestor.deleteDocument(tenant, id);
  }

  getJob(tenant: string, id: string): Promise<JobRecord> {
    return this.deps.documents.getJob(tenant, id);
  }

  /** Records a job for the documents (ids given or new) and queues it. */
  async submit(tenant: string, input: DocumentInput[]): Promise<IngestAccepted> {
    const documents = input.map((d) => ({ ...d, id: d.id ?? newId('d') }));
    const jobId = newId('j');
    await this.deps.documents.createJob(jobId, tenant, documents.length);
    await this.deps.queue.enqueue({ job_id: jobId, tenant, documents });
    return { job_id: jobId, document_ids: documents.map((d) => d.id) };
  }

  /**
   * Ingests documents in this process under a new job record `jobId` (a source sync does) and
   * returns the job's outcome, with each document that failed.
   */
  async ingestNow(tenant: string, jobId: string, documents: IngestJob['documents']): Promise<JobRecord> {
    await this.deps.documents.createJob(jobId, tenant, documents.length);
    await this.deps.ingestor.ingest({ job_id: jobId, tenant, documents });
    return this.deps.documents.getJob(tenant, jobId);
  }

  /**
   * Runs an ingest job here (the worker's side of {@link submit}); `unreadable` are files of the
   * job that gave no document, counted as failed.
   */
  ingest(
    job: IngestJob,
    onProgress?: (done: number, total: number) => Promise<void> | void,
    unreadable?: IngestTally['errors'],
  ): Promise<IngestTally> {
    return this.deps.ingestor.ingest(job, onProgress, unreadable);
  }

  /** Runs a re-chunking job here (the worker's side of `queueReindex`). */
  reindex(
    job: ReindexJob,
    onProgress?: (done: number, total: number) => Promise<void> | void,
  ): Promise<IngestTally> {
    return this.deps.reindexer.reindex(job, onProgress);
  }
}

/** A {@link DocumentService} and the intake of uploaded files beside it. */
export interface DocumentServices {
  service: DocumentService;
  /** Queues uploaded files (the API) and holds them until their job ends (the worker). */
  uploads: UploadIntake;
  /** The tenants' docs versions and default versions. */
  versions: DocVersions;
}

/** The settings the document service is built from (named as in `@docqa/config`). */
export interface DocumentSettings {
  /** Characters per chunk. */
  chunkSize: number;
  /** Characters shared by consecutive chunks. */
  chunkOverlap: number;
  /** Where uploaded files wait for their job. @defaultValue `uploads/` under `dataDir` */
  uploadDir?: string;
  dataDir: string;
  uploadTenantInflightMb: number;
  uploadInflightMb: number;
  /** A folder still being received changes at least once per request time-out. */
  requestTimeoutMs: number;
}

/**
 * Builds the document service over the process's Redis connection and `ingest` queue producer,
 * and the vector store and embedder given.
 */
export function createDocumentService(
  settings: DocumentSettings,
  deps: {
    redis: Redis;
    keys: Keys;
    queue: IngestQueue;
    store: VectorStore;
    embedder: Embedder<ArrayLike<number>>;
    logger: Logger;
  },
): DocumentServices {
  const { redis, keys, queue } = deps;
  const documents = new DocumentStore({ redis, keys });
  const ingestor = new Ingestor({
    store: deps.store,
    embedder: deps.embedder,
    documents,
    chunking: { size: settings.chunkSize, overlap: settings.chunkOverlap },
    logger: deps.logger,
    waitingJobs: () => queue.queue.getWaitingCount(),
  });
  const store = new UploadStore({
    dir: settings.uploadDir ?? join(settings.dataDir, 'uploads'),
    tenantBytes: settings.uploadTenantInflightMb * 1024 * 1024,
    totalBytes: settings.uploadInflightMb * 1024 * 1024,
    jobIsLive: (id) => queue.isLive(id),
    // A folder still being received changes at least once per request time-out.
    orphanAfterMs: Math.max(10 * 60_000, 2 * settings.requestTimeoutMs),
  });
  const ids = new IdempotentIds({ redis, keys });
  return {
    service: new DocumentService({
      documents,
      ingestor,
      queue,
      reindexer: new Reindexer({ documents, store: deps.store, ingestor }),
    }),
    uploads: new UploadIntake({ store, documents, queue, ids, redis, keys }),
    versions: new DocVersions({ documents, redis, keys }),
  };
}
