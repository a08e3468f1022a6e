import { basename } from 'node:path';
import { DocumentInputSchema, type IngestJob, type UploadJob, type UploadedFile } from '@docqa/contracts';
import type { UploadStore } from '@docqa/ingest';
import { UNSUPPORTED_FILE_REASON, reasonOf, toDocumentId, type ParseLimits } from '@docqa/sources';
import { loadUploadedFile } from './load-uploaded-file';

/** A document of a job's outcome that could not be ingested, as `GET /jobs/{id}` lists it. */
type Unreadable = { document_id: string; message: string };

/** What runs an upload job: the upload folder, and the ingestor its documents go to. */
export interface UploadJobDeps<R> {
  store: Pick<UploadStore, 'pathOf'>;
  ingestor: {
    ingest(
      job: IngestJob,
      onProgress: ((done: number, total: number) => unknown) | undefined,
      unreadable: Unreadable[],
    ): Promise<R>;
  };
  /**
   * Called before each file is parsed: lets the event loop run (BullMQ's lock renewal, other
   * jobs) and renews the job's lock, since one parse may hold the thread for a while.
   */
  beforeFile(): Promise<void>;
  /** What parsing one file may cost (from the settings). */
  limits: ParseLimits;
  onProgress?: (done: number, total: number) => unknown;
}

/**
 * Parses the stored files of an upload job, one after the other, and ingests the documents they
 * make; a file that gives none is counted as failed in the job with its reason.
 */
export async function runUploadJob<R>(job: UploadJob, deps: UploadJobDeps<R>): Promise<R> {
  const documents: IngestJob['documents'] = [];
  const unreadable: Unreadable[] = [];
  for (const file of job.files) {
    await deps.beforeFile();
    const parsed = await parseFile(deps, file, job.metadata);
    if ('message' in parsed) unreadable.push(parsed);
    else documents.push(parsed);
  }
  return deps.ingestor.ingest(
    { job_id: job.job_id, tenant: job.tenant, documents },
    deps.onProgress,
    unreadable,
  );
}

async function parseFile(
  { store, limits }: Pick<UploadJobDeps<unknown>, 'store' | 'limits'>,
  file: UploadedFile,
  metadata: Record<string, string>,
): Promise<IngestJob['documents'][number] | Unreadable> {
  const documentId = toDocumentId(basename(file.name));
  try {
    const doc = await loadUploadedFile(store.pathOf(file), file.name, metadata, limits);
    if (!doc) return { document_id: documentId, message: UNSUPPORTED_FILE_REASON };
    const checked = DocumentInputSchema.safeParse(doc);
    if (!checked.success) return { document_id: documentId, message: checked.error.issues[0]!.message };
    return { ...checked.data, id: doc.id };
  } catch (err) {
    const gone = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      document_id: documentId,
      message: gone ? 'the uploaded file is no longer stored' : reasonOf(err),
    };
  }
}
