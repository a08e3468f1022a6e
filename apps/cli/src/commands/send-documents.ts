import { DocqaProblemError, type DocqaClient } from '@docqa/client';
import type { JobRecord } from '@docqa/contracts';
import type { LoadedDocument } from '@docqa/sources';
import { networkCause } from './api-fetch';

/** Documents per request: a job the progress bar follows often enough. */
const MAX_DOCUMENTS = 50;

/**
 * JSON bytes per request: under the API's default DOCUMENTS_BODY_LIMIT (10mb), so a folder of
 * large files goes in several requests instead of one the API refuses.
 */
export const MAX_REQUEST_BYTES = 8 * 1024 * 1024;

/** What {@link sendDocuments} calls: `POST /documents/` and `GET /jobs/{id}`. */
export interface DocumentsApi {
  documents: Pick<DocqaClient['documents'], 'create'>;
  jobs: Pick<DocqaClient['jobs'], 'get'>;
}

/** Options of {@link sendDocuments}. */
export interface SendOptions {
  /** Documents processed so far, of all. */
  onProgress(processed: number): void;
  /** @defaultValue {@link MAX_REQUEST_BYTES} */
  maxBytes?: number;
  /** Between two polls of a job. @defaultValue 300 */
  pollMs?: number;
}

/** What the API made of the documents sent; `errors` as `id: reason`. */
export interface SendTotals {
  chunks: number;
  skipped: number;
  failed: number;
  errors: string[];
}

/**
 * Sends documents to `POST /documents/` in requests of at most 50 documents and `maxBytes` of
 * JSON, following each ingest job. A request the API refuses as too large (413, a server with a
 * lower DOCUMENTS_BODY_LIMIT) is sent again in halves; a document too large on its own is counted
 * as failed with the reason, and the others are still sent.
 */
export async function sendDocuments(
  api: DocumentsApi,
  documents: LoadedDocument[],
  { onProgress, maxBytes = MAX_REQUEST_BYTES, pollMs = 300 }: SendOptions,
): Promise<SendTotals> {
  const totals: SendTotals = { chunks: 0, skipped: 0, failed: 0, errors: [] };
  const pending = requests(documents, maxBytes);
  let done = 0;
  while (pending.length) {
    const batch = pending.shift()!;
    const job = await create(api, batch, maxBytes);
    if (job === 'too large') {
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        pending.unshift(batch.slice(0, half), batch.slice(half));
        continue;
      }
      totals.failed++;
      totals.errors.push(`${batch[0]!.id}: ${tooLarge(batch[0]!)}`);
    } else {
      const ended = await waitForJob(api, job, (processed) => onProgress(done + processed), pollMs);
      totals.chunks += ended.chunks;
      totals.skipped += ended.skipped;
      totals.failed += ended.failed;
      totals.errors.push(...ended.errors.map((e) => `${e.document_id}: ${e.message}`));
    }
    done += batch.length;
    onProgress(done);
  }
  return totals;
}

/** Groups documents in order into requests of at most 50 documents and `maxBytes` of JSON. */
function requests(documents: LoadedDocument[], maxBytes: number): LoadedDocument[][] {
  const out: LoadedDocument[][] = [];
  let bytes = 0;
  for (const document of documents) {
    const size = bytesOf(document);
    const last = out.at(-1);
    if (last && last.length < MAX_DOCUMENTS && bytes + size <= maxBytes) {
      last.push(document);
      bytes += size;
    } else {
      out.push([document]);
      bytes = size;
    }
  }
  return out;
}

/**
 * Posts a batch; its job id, or `too large` when the API refused its size: a 413, or a connection
 * the API closed while a body over `maxBytes` was still being sent (it answers 413 and closes as
 * soon as it reads the length, which the client may see as EPIPE).
 */
async function create(api: DocumentsApi, batch: LoadedDocument[], maxBytes: number) {
  try {
    return (await api.documents.create(batch)).job_id;
  } catch (err) {
    if (err instanceof DocqaProblemError && err.status === 413) return 'too large' as const;
    // The CLI's fetch names the API it could not reach and keeps the network error as the cause.
    const cause = networkCause(err instanceof Error && err.cause !== undefined ? err.cause : err);
    const closed = cause === 'EPIPE' || cause === 'ECONNRESET';
    if (closed && batch.reduce((sum, d) => sum + bytesOf(d), 0) > maxBytes) return 'too large' as const;
    throw err;
  }
}

function tooLarge(document: LoadedDocument): string {
  const mb = (bytesOf(document) / 1024 / 1024).toFixed(1);
  return `${mb} MB, more than the API takes in one request (DOCUMENTS_BODY_LIMIT, 10mb by default); split the file or raise the limit`;
}

function bytesOf(document: LoadedDocument): number {
  return Buffer.byteLength(JSON.stringify(document));
}

/** Polls an ingest job until it ends, reporting the documents processed so far. */
async function waitForJob(
  api: DocumentsApi,
  jobId: string,
  onProgress: (processed: number) => void,
  pollMs: number,
): Promise<JobRecord> {
  for (;;) {
    const job = await api.jobs.get(jobId);
    onProgress(job.processed);
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
