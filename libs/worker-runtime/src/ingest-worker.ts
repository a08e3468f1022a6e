import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { IngestJobSchema, QUEUE_NAMES, type IngestJob } from '@docqa/contracts';
import type { Metrics } from '@docqa/metrics';
import { throttledProgress } from './throttled-progress';

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

/** Consumes the `ingest` queue with whatever ingests a job (the DocumentService of @docqa/ingest). */
export function createIngestWorker(options: {
  connection: ConnectionOptions;
  prefix: string;
  ingestor: {
    ingest(job: IngestJob, onProgress?: (done: number, total: number) => unknown): Promise<IngestCounts>;
  };
  logger: Logger;
  lockMs: number;
  metrics?: Metrics;
}): Worker<IngestJob> {
  const worker = new Worker<IngestJob>(
    QUEUE_NAMES.ingest,
    async (job) => {
      const payload = IngestJobSchema.safeParse(job.data);
      if (!payload.success) throw new UnrecoverableError(`malformed ingest job: ${payload.error.message}`);
      const counts = await options.ingestor.ingest(
        payload.data,
        throttledProgress((percent) => job.updateProgress(percent)),
      );
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
    },
  );
  worker.on('error', (err) => options.logger.error({ err }, 'ingest worker error'));
  worker.on('failed', (job, err) => options.logger.warn({ err, jobId: job?.id }, 'ingest job failed'));
  return worker;
}
