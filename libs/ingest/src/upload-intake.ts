import type { Redis } from 'ioredis';
import type { UploadAccepted } from '@docqa/contracts';
import { IdempotencyConflictError } from '@docqa/errors';
import type { IngestQueue } from '@docqa/queue';
import { newId, type IdempotentIds, type Keys } from '@docqa/redis';
import { JOB_RECORD_TTL_S, type DocumentStore } from './document-store';
import type { IncomingUpload, UploadStore } from './upload-store';

/** An upload received and checked up front, to be queued. */
export interface UploadSubmission {
  tenant: string;
  incoming: IncomingUpload;
  /** The files to ingest, at the paths `incoming` gave them. */
  files: { name: string; path: string; bytes: number }[];
  /** Added to every document's metadata. */
  metadata: Record<string, string>;
  /** The documents the files become, and the files refused up front. */
  answer: Omit<UploadAccepted, 'job_id'>;
  /** With an `Idempotency-Key`: the key, and a hash of the files' names and content and the metadata. */
  idempotency?: { key: string; requestHash: string };
}

/** What an {@link UploadIntake} works with. */
export interface UploadIntakeDeps {
  /** Where the files are stored, and their bytes in flight bounded. */
  store: UploadStore;
  /** Where the job's record (`GET /jobs/{id}`) is made. */
  documents: Pick<DocumentStore, 'createJob'>;
  queue: Pick<IngestQueue, 'enqueueUpload'>;
  /** Derives the job's id from an `Idempotency-Key`. */
  ids: IdempotentIds;
  /** Holds the idempotency records. */
  redis: Redis;
  keys: Keys;
}

/** What an upload sent with an `Idempotency-Key` left: its hash, and its answer once it is queued. */
interface ReplayRecord {
  hash: string;
  answer?: UploadAccepted;
}

/**
 * While the first request of a key is queuing its job, how long its record says so: a retry gets
 * 409 meanwhile. A process that died there leaves the key free again after this.
 */
const PENDING_TTL_S = 120;

/**
 * Queues uploads: the job holds references to the stored files, never their content. An upload
 * is accepted or refused as a whole: when the job cannot be queued its files are removed and the
 * error goes to the client. An upload retried with the same `Idempotency-Key` gets the first
 * answer, and its files are ingested once.
 */
export class UploadIntake {
  constructor(private readonly deps: UploadIntakeDeps) {}

  /** Where the uploads are stored, and their bytes in flight bounded. */
  get store(): UploadStore {
    return this.deps.store;
  }

  /** Queues the upload, or replays the answer of the first request of its `Idempotency-Key`. */
  async submit(upload: UploadSubmission): Promise<{ accepted: UploadAccepted; replayed: boolean }> {
    try {
      if (!upload.idempotency) return { accepted: await this.queue(newId('j'), upload), replayed: false };
      const { key, requestHash } = upload.idempotency;
      const jobId = await this.deps.ids.derive('j', upload.tenant, key);
      const earlier = await this.claim(jobId, requestHash);
      if (earlier) {
        await upload.incoming.discard();
        return { accepted: earlier, replayed: true };
      }
      const accepted = await this.queue(jobId, upload).catch(async (err: unknown) => {
        await this.deps.redis.del(this.deps.keys.uploadIdempotency(jobId)).catch(() => undefined);
        throw err;
      });
      // The job is queued: a failure to record the answer must not refuse it. A retry then
      // finds the key pending (409) until the record lapses.
      await this.settle(jobId, { hash: requestHash, answer: accepted }).catch(() => undefined);
      return { accepted, replayed: false };
    } catch (err) {
      await upload.incoming.discard();
      throw err;
    }
  }

  private async queue(jobId: string, upload: UploadSubmission): Promise<UploadAccepted> {
    const files = await upload.incoming.commit(jobId, upload.files);
    await this.deps.documents.createJob(jobId, upload.tenant, files.length);
    await this.deps.queue.enqueueUpload({
      job_id: jobId,
      tenant: upload.tenant,
      files,
      metadata: upload.metadata,
    });
    return { job_id: jobId, ...upload.answer };
  }

  /**
   * Claims the key for this request; when an earlier request holds it, that request's answer
   * (same hash), or a conflict (another body, or the first request still queuing).
   */
  private async claim(jobId: string, hash: string): Promise<UploadAccepted | null> {
    const key = this.deps.keys.uploadIdempotency(jobId);
    const pending: ReplayRecord = { hash };
    if (await this.deps.redis.set(key, JSON.stringify(pending), 'EX', PENDING_TTL_S, 'NX')) return null;
    const raw = await this.deps.redis.get(key);
    const earlier = raw ? (JSON.parse(raw) as ReplayRecord) : null;
    if (!earlier) return this.claim(jobId, hash);
    if (earlier.hash !== hash)
      throw new IdempotencyConflictError('this Idempotency-Key was already used with different files');
    if (!earlier.answer)
      throw new IdempotencyConflictError('an upload with this Idempotency-Key is still being queued');
    return earlier.answer;
  }

  private async settle(jobId: string, record: ReplayRecord): Promise<void> {
    const key = this.deps.keys.uploadIdempotency(jobId);
    await this.deps.redis.set(key, JSON.stringify(record), 'EX', JOB_RECORD_TTL_S);
  }
}
