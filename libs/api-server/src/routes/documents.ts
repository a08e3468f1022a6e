import {
  DocumentListSchema,
  DocumentRecordSchema,
  DocumentsRequestSchema,
  IngestAcceptedSchema,
  JobRecordSchema,
  z,
  type DocumentInput,
  type DocumentRecord,
  type IngestAccepted,
  type JobRecord,
} from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { refuseDeepHtml, refuseLongText, type ParseLimits } from '@docqa/sources';
import { auditTargets } from '../http/audit-trail';
import { principalOf } from '../http/auth';
import { addDeleteRoute, addGetRoute } from '../http/route';
import type { RouteGroup } from '../app';

/** What the documents API needs from the knowledge base. */
export interface DocumentsBackend {
  list(
    tenant: string,
    opts: { cursor?: string; limit: number; q?: string },
  ): Promise<{ documents: DocumentRecord[]; next_cursor: string | null }>;
  get(tenant: string, id: string): Promise<DocumentRecord>;
  /** Removes every chunk of the document and its record. */
  remove(tenant: string, id: string): Promise<void>;
  getJob(tenant: string, id: string): Promise<JobRecord>;
  /** Records an ingest job for the documents and queues it. */
  submit(tenant: string, documents: DocumentInput[]): Promise<IngestAccepted>;
}

const ListQuery = z.object({
  cursor: z
    .string()
    .max(300)
    .optional()
    .openapi({ description: 'The `next_cursor` of the previous page; none for the first page.' }),
  limit: z.coerce.number().int().min(1).max(200).default(50).openapi({ description: 'Documents per page.' }),
  q: z.string().trim().max(200).optional().openapi({
    description:
      'Search: only documents whose title, URL or id contain every word of `q`, in any case (e.g. `install linux`). Keep passing the same `q` with each `cursor`.',
    example: 'install linux',
  }),
});

/**
 * `POST/GET /documents/`, `GET/DELETE /documents/{id}` and `GET /jobs/{id}` (scope ingest). A
 * document posted past the parse limits (text longer than `limits.textChars`, HTML nested deeper
 * than `limits.htmlDepth`) is refused with 400, before anything is queued.
 */
export function documentRoutes(
  backend: DocumentsBackend,
  limits: Pick<ParseLimits, 'textChars' | 'htmlDepth'>,
): RouteGroup {
  return (routes) => {
    routes.add(
      {
        method: 'post',
        path: '/documents/',
        summary: 'Add or replace documents; ingestion runs in the background',
        tag: 'Documents',
        operationId: 'createDocuments',
        description:
          "Adds documents to the token's tenant, or replaces those with the same ids, and returns a job id at once; chunking and embedding run in the background (follow `GET /jobs/{id}`). Unchanged documents (same content hash) are skipped. A document whose content is longer than `PARSE_MAX_TEXT_CHARS` characters, or HTML nested deeper than `PARSE_MAX_HTML_DEPTH` elements, is refused with 400 (nothing is queued), its problem in `errors`.",
        scope: 'ingest',
        body: DocumentsRequestSchema,
        responses: {
          202: { description: 'Accepted; follow GET /jobs/{job_id}', schema: IngestAcceptedSchema },
        },
      },
      async (req, res, { body }) => {
        refuseOverLimits(body.documents, limits);
        const accepted = await backend.submit(principalOf(req).tenant, body.documents);
        res.setHeader('Location', `${req.baseUrl}/jobs/${accepted.job_id}`);
        auditTargets(res, accepted.job_id, ...accepted.document_ids);
        res.status(202).json(accepted);
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/documents/',
        summary: 'List or search documents (cursor paging)',
        tag: 'Documents',
        operationId: 'listDocuments',
        description:
          "Lists the documents of the token's tenant in id order, one page at a time; pass `next_cursor` back as `cursor` for the next page. With `q`, only the documents whose title, URL or id contain every word of it (any case). A search reads a bounded number of documents per request, so on a large tenant a page may hold fewer than `limit` documents (even none) while `next_cursor` is not null: keep following it until it is null.",
        scope: 'ingest',
        query: ListQuery,
        responses: { 200: { description: 'A page of documents', schema: DocumentListSchema } },
      },
      async (req, res, { query }) => {
        res.json(await backend.list(principalOf(req).tenant, query));
      },
    );

    addGetRoute(
      routes,
      {
        path: '/documents/:id',
        summary: 'A document’s record',
        tag: 'Documents',
        operationId: 'getDocument',
        description: "Returns a document's record: title, URL, metadata, content hash and chunk count.",
        scope: 'ingest',
        responses: { 200: { description: 'The document', schema: DocumentRecordSchema } },
      },
      (tenant, id) => backend.get(tenant, id),
    );

    addDeleteRoute(
      routes,
      {
        path: '/documents/:id',
        summary: 'Delete a document and every chunk of it',
        tag: 'Documents',
        operationId: 'deleteDocument',
        description:
          'Deletes a document and every chunk of it from the knowledge base; it stops appearing in answers and search at once.',
        scope: 'ingest',
      },
      (tenant, id) => backend.remove(tenant, id),
    );

    addGetRoute(
      routes,
      {
        path: '/jobs/:id',
        summary: 'Progress of an ingestion job',
        tag: 'Documents',
        operationId: 'getJob',
        description:
          'Returns the progress of an ingest job: status, documents processed, skipped and failed (with reasons), and chunks written. A job is kept for 7 days after it was submitted; after that it answers 404.',
        scope: 'ingest',
        responses: { 200: { description: 'The job', schema: JobRecordSchema } },
      },
      (tenant, id) => backend.getJob(tenant, id),
    );
  };
}

/** Refuses the documents whose content is past the limits, naming each one's problem. */
function refuseOverLimits(
  documents: DocumentInput[],
  limits: Pick<ParseLimits, 'textChars' | 'htmlDepth'>,
): void {
  const errors: { path: string; message: string }[] = [];
  documents.forEach(({ content, content_type }, i) => {
    try {
      refuseLongText(content, limits);
      if (content_type === 'text/html') refuseDeepHtml(content, limits);
    } catch (err) {
      errors.push({ path: `documents.${i}.content`, message: (err as Error).message });
    }
  });
  if (!errors.length) return;
  const [first] = errors;
  const detail =
    errors.length === 1
      ? `${first!.path}: ${first!.message}`
      : `${errors.length} documents are past the limits`;
  throw new ValidationError(detail, { errors });
}
