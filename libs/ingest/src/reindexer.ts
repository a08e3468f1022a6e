import type { DocumentRecord, IngestJob, JobRecord, ReindexJob } from '@docqa/contracts';
import type { IngestQueue } from '@docqa/queue';
import { newId } from '@docqa/redis';
import { documentText, MAX_DOCUMENT_CHUNKS, type VectorStore } from '@docqa/retrieval';
import { CHUNKING_VERSION } from './chunking-version';
import type { DocumentStore } from './document-store';
import type { Ingestor, IngestTally } from './ingestor';
import { toMarkdown } from './to-markdown';

/** Records read per page while looking for outdated documents. */
const LIST_PAGE = 500;
/** Documents re-chunked per ingest call: bounds the text held at once. */
const REINDEX_BATCH = 100;

/** Whether a document's chunks were made by an older chunking version (or before versions were kept). */
export function isOutdated(record: DocumentRecord): boolean {
  return record.chunking !== CHUNKING_VERSION;
}

/** The records of a tenant's documents whose chunks are of an older chunking version, in id order. */
async function outdatedRecords(
  documents: Pick<DocumentStore, 'list'>,
  tenant: string,
): Promise<DocumentRecord[]> {
  const outdated: DocumentRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await documents.list(tenant, { limit: LIST_PAGE, cursor });
    outdated.push(...page.documents.filter(isOutdated));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return outdated;
}

/**
 * Records a re-chunking job for `tenant` (its total: the documents of an older chunking version)
 * and queues it; a tenant with none gets a job that is completed at once, and nothing is queued.
 */
export async function queueReindex(
  deps: {
    documents: Pick<DocumentStore, 'list' | 'createJob' | 'updateJob' | 'getJob'>;
    queue: Pick<IngestQueue, 'enqueueReindex'>;
  },
  tenant: string,
): Promise<JobRecord> {
  const total = (await outdatedRecords(deps.documents, tenant)).length;
  const jobId = newId('j');
  await deps.documents.createJob(jobId, tenant, total);
  if (total === 0) await deps.documents.updateJob(jobId, { status: 'completed' });
  else await deps.queue.enqueueReindex({ job_id: jobId, tenant });
  return deps.documents.getJob(tenant, jobId);
}

/**
 * Re-chunks the documents of a tenant that an older chunking version cut (raised
 * `CHUNKING_VERSION`), from their stored chunks: a document is put back together as Markdown
 * (`documentText`), normalised as Markdown again and chunked, embedded and written by the
 * {@link Ingestor}, keeping its title, URL, content type and metadata. Documents of sources get
 * the same on their next sync from the page itself; this is for those ingested once (uploads,
 * `POST /documents/`, `docqa ingest`). Running it again finds nothing left to do.
 */
export class Reindexer {
  constructor(
    private readonly deps: {
      documents: Pick<DocumentStore, 'list' | 'updateJob'>;
      store: Pick<VectorStore, 'documentChunks'>;
      ingestor: Pick<Ingestor, 'ingest'>;
    },
  ) {}

  /** Runs the job: its record counts the documents done as it goes; `onProgress` sees them too. */
  async reindex(
    job: ReindexJob,
    onProgress?: (done: number, total: number) => Promise<void> | void,
  ): Promise<IngestTally> {
    const { documents } = this.deps;
    await documents.updateJob(job.job_id, { status: 'running' });
    const outdated = await outdatedRecords(documents, job.tenant);
    const tally: IngestTally = { processed: 0, skipped: 0, failed: 0, chunks: 0, errors: [] };
    for (let start = 0; start < outdated.length; start += REINDEX_BATCH) {
      const batch = await this.asMarkdown(job.tenant, outdated.slice(start, start + REINDEX_BATCH));
      // A batch runs under a job id without a record (its writes to it are no-ops): the reindex
      // job's record adds the batches up.
      const done = await this.deps.ingestor.ingest(
        { job_id: `${job.job_id}:${start}`, tenant: job.tenant, documents: batch },
        (n) => onProgress?.(start + n, outdated.length),
      );
      tally.processed += done.processed;
      tally.skipped += done.skipped;
      tally.failed += done.failed;
      tally.chunks += done.chunks;
      tally.errors.push(...done.errors);
      await documents.updateJob(job.job_id, { ...tally, total: outdated.length });
    }
    const failedAll = tally.failed > 0 && tally.failed === outdated.length;
    await documents.updateJob(job.job_id, {
      ...tally,
      total: outdated.length,
      status: failedAll ? 'failed' : 'completed',
    });
    return tally;
  }

  /** The documents of `records` as ingest documents whose Markdown is put back from their chunks. */
  private async asMarkdown(
    tenant: string,
    records: DocumentRecord[],
  ): Promise<(IngestJob['documents'][number] & { markdown: string })[]> {
    const documents = [];
    for (const record of records) {
      const chunks = await this.deps.store.documentChunks(tenant, record.id, MAX_DOCUMENT_CHUNKS);
      const text = documentText(chunks, { maxChars: Number.MAX_SAFE_INTEGER })?.text ?? '';
      documents.push({
        id: record.id,
        title: record.title,
        ...(record.url ? { url: record.url } : {}),
        content_type: record.content_type,
        metadata: record.metadata as NonNullable<IngestJob['documents'][number]['metadata']>,
        content: '',
        markdown: await toMarkdown(text, 'text/markdown'),
      });
    }
    return documents;
  }
}
