import {
  DocumentListSchema,
  DocumentRecordSchema,
  DocumentsRequestSchema,
  IngestAcceptedSchema,
  JobRecordSchema,
  z,
  type DocumentRecord,
  type IngestJob,
  type JobRecord,
} from '@docqa/contracts';
import { newId } from '@docqa/records';
import { principalOf } from '../http/auth';
import type { RouteGroup } from '../app';

/** What the documents API needs from the knowledge base. */
export interface DocumentsBackend {
  list(
    tenant: string,
    opts: { cursor?: string; limit: number },
  ): Promise<{ documents: DocumentRecord[]; next_cursor: string | null }>;
  get(tenant: string, id: string): Promise<DocumentRecord>;
  /** Removes every chunk of the document and its record. */
  remove(tenant: string, id: string): Promise<void>;
  createJob(id: string, tenant: string, total: number): Promise<JobRecord>;
  getJob(tenant: string, id: string): Promise<JobRecord>;
  enqueue(job: IngestJob): Promise<void>;
}

const ListQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Records an ingest job of `documents` and queues it; returns the job's id. */
export async function enqueueDocuments(
  backend: DocumentsBackend,
  tenant: string,
  documents: IngestJob['documents'],
): Promise<string> {
  const jobId = newId('j');
  await backend.createJob(jobId, tenant, documents.length);
  await backend.enqueue({ job_id: jobId, tenant, documents });
  return jobId;
}

/** `POST/GET /documents/`, `GET/DELETE /documents/{id}` and `GET /jobs/{id}` (scope ingest). */
export function documentRoutes(backend: DocumentsBackend): RouteGroup {
  return (routes) => {
    routes.add(
      {
        method: 'post',
        path: '/documents/',
        summary: 'Add or replace documents; ingestion runs in the background',
        tag: 'Documents',
        scope: 'ingest',
        body: DocumentsRequestSchema,
        responses: {
          202: { description: 'Accepted; follow GET /jobs/{job_id}', schema: IngestAcceptedSchema },
        },
      },
      async (req, res, { body }) => {
        const documents = body.documents.map((d) => ({ ...d, id: d.id ?? newId('d') }));
        const jobId = await enqueueDocuments(backend, principalOf(req).tenant, documents);
        res.setHeader('Location', `/api/v2/jobs/${jobId}`);
        res.status(202).json({ job_id: jobId, document_ids: documents.map((d) => d.id) });
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/documents/',
        summary: 'List documents (cursor paging)',
        tag: 'Documents',
        scope: 'ingest',
        query: ListQuery,
        responses: { 200: { description: 'A page of documents', schema: DocumentListSchema } },
      },
      async (req, res, { query }) => {
        res.json(await backend.list(principalOf(req).tenant, query));
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/documents/:id',
        summary: 'A document’s record',
        tag: 'Documents',
        scope: 'ingest',
        responses: { 200: { description: 'The document', schema: DocumentRecordSchema } },
      },
      async (req, res) => {
        res.json(await backend.get(principalOf(req).tenant, String(req.params.id)));
      },
    );

    routes.add(
      {
        method: 'delete',
        path: '/documents/:id',
        summary: 'Delete a document and every chunk of it',
        tag: 'Documents',
        scope: 'ingest',
        responses: { 204: { description: 'Deleted' } },
      },
      async (req, res) => {
        await backend.remove(principalOf(req).tenant, String(req.params.id));
        res.status(204).end();
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/jobs/:id',
        summary: 'Progress of an ingestion job',
        tag: 'Documents',
        scope: 'ingest',
        responses: { 200: { description: 'The job', schema: JobRecordSchema } },
      },
      async (req, res) => {
        res.json(await backend.getJob(principalOf(req).tenant, String(req.params.id)));
      },
    );
  };
}
