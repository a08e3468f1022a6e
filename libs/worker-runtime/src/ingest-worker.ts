import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import {
  IngestJobSchema,
  QUEUE_NAMES,
  REINDEX_JOB,
  ReindexJobSchema,
  UPLOAD_JOB,
  UploadJobSchema,
  type IngestJob,
  type ReindexJob,
  type UploadJob,
} from '@docqa/contracts';
import type { UploadStore } from '@docqa/ingest';
import type { Metrics } from '@docqa/metrics';
import type { ParseLimits } from '@docqa/sources';
import { throttledProgress } from './throttled-progress';
import { runUploadJob } from './upload-job';

/**
 * Ingest jobs a worker runs at once. Two, so that one job's store write and index upkeep (native
 * work on LanceDB's threads, or a network call) overlap the next job's chunking and embedding
 * (JavaScript); more would only share the one JavaScript thread, which answers come first on.
 */
const INGEST_CONCURRENCY = 2;

/** The counts of an ingest job that the worker's metrics add up. */
interface IngestCounts {
  processed: number;
  skipped: number;
  failed: number;
  chunks: number;
}

/** Options of {@link createIngestWorker}. */
export interface IngestWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  /** Ingests a job's documents (the DocumentService of @docqa/ingest); `unreadable` are files that gave none. */
  ingestor: {
    ingest(
      job: IngestJob,
      onProgress?: (done: number, total: number) => unknown,
      unreadable?: { document_id: string; message: string }[],
    ): Promise<IngestCounts>;
    /** Re-chunks a tenant's documents of an older chunking version ({@link REINDEX_JOB}). */
    reindex(job: ReindexJob, onProgress?: (done: number, total: number) => unknown): Promise<IngestCounts>;
  };
  /** Where uploaded files wait; an upload job's files are removed once it ends. */
  uploads: Pick<UploadStore, 'pathOf' | 'removeFiles'>;
  logger: Logger;
  /** Lock time of a running job (`JOB_LOCK_MS`). */
  lockMs: number;
  /** What parsing one uploaded file may cost (from the settings). */
  parseLimits: ParseLimits;
  metrics?: Metrics;
}

/** The job's lock went to another worker (it stalled): that worker now holds the job and its files. */
class LockLostError extends Error {}

/**
 * Consumes the `ingest` queue: jobs of documents (`POST /documents/`, source syncs), of
 * uploaded files ({@link UPLOAD_JOB}), which it parses here, then ingests, and re-chunkings
 * ({@link REINDEX_JOB}).
 */
export function createIngestWorker(options: IngestWorkerOptions): Worker<IngestJob | UploadJob | ReindexJob> {
  const worker = new Worker<IngestJob | UploadJob | ReindexJob>(
    QUEUE_NAMES.ingest,
    async (job, token) => {
      const counts =
        job.name === UPLOAD_JOB
          ? await ingestUpload(job as Job<UploadJob>, token, options)
          : job.name === REINDEX_JOB
            ? await reindex(job as Job<ReindexJob>, options)
            : await ingestDocuments(job as Job<IngestJob>, options);
      const metrics = options.metrics;
      if (metrics) {
        metrics.ingestChunks.inc(counts.chunks);
        metrics.ingestDocuments.inc({ outcome: 'indexed' }, counts.processed - counts.skipped);
        metrics.ingestDocuments.inc({ outcome: 'unchanged' }, counts.skipped);
        metrics.ingestDocuments.inc({ outcome: 'failed' }, counts.failed);
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: INGEST_CONCURRENCY,
      lockDuration: options.lockMs,
      // As for questions and syncs: a dead worker's job is handed on within a lock time, and a job
      // stalled twice (its worker, then the one that took it over, starved of CPU for a lock time
      // on a loaded machine) is still handed on rather than failed. A job runs again from its
      // start, which skips the documents already written (their content hash is unchanged).
      stalledInterval: Math.max(1000, Math.floor(options.lockMs / 2)),
      maxStalledCount: 2,
    },
  );
  worker.on('error', (err) => options.logger.error({ err }, 'ingest worker error'));
  worker.on('failed', (job, err) => options.logger.warn({ err, jobId: job?.id }, 'ingest job failed'));
  return worker;
}

function ingestDocuments(job: Job<IngestJob>, options: IngestWorkerOptions): Promise<IngestCounts> {
  const payload = IngestJobSchema.safeParse(job.data);
  if (!payload.success) throw new UnrecoverableError(`malformed ingest job: ${payload.error.message}`);
  return options.ingestor.ingest(
    payload.data,
    throttledProgress((percent) => job.updateProgress(percent)),
  );
}

function reindex(job: Job<ReindexJob>, options: IngestWorkerOptions): Promise<IngestCounts> {
  const payload = ReindexJobSchema.safeParse(job.data);
  if (!payload.success) throw new UnrecoverableError(`malformed reindex job: ${payload.error.message}`);
  return options.ingestor.reindex(
    payload.data,
    throttledProgress((percent) => job.updateProgress(percent)),
  );
}

/**
 * Parses and ingests an upload's stored files, then removes them: once the job is done, or when
 * it failed for the last time; a failure that will be retried keeps them for the next attempt.
 */
async function ingestUpload(
  job: Job<UploadJob>,
  token: string | undefined,
  options: IngestWorkerOptions,
): Promise<IngestCounts> {
  const payload = UploadJobSchema.safeParse(job.data);
  if (!payload.success) throw new UnrecoverableError(`malformed upload job: ${payload.error.message}`);
  const files = payload.data.files;
  let counts: IngestCounts;
  try {
    counts = await runUploadJob(payload.data, {
      store: options.uploads,
      ingestor: options.ingestor,
      onProgress: throttledProgress((percent) => job.updateProgress(percent)),
      beforeFile: () => keepLock(job, token, options.lockMs),
      limits: options.parseLimits,
    });
  } catch (err) {
    const last = err instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (last && !(err instanceof LockLostError)) await options.uploads.removeFiles(files);
    throw err;
  }
  await options.uploads.removeFiles(files);
  return counts;
}

/**
 * Lets the event loop run, then renews the job's lock for a whole `lockMs`. BullMQ renews locks
 * from a timer every `lockMs / 2`; a parse that holds the thread delays that timer, so the lock is
 * renewed here too, between files, where the thread is free. A lock found lost stops the job.
 */
async function keepLock(job: Job, token: string | undefined, lockMs: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (!token) return;
  if (!(await job.extendLock(token, lockMs)))
    throw new LockLostError(`lost the lock of ingest job ${job.id} while parsing its files`);
}
