import { DocumentChunksSchema, type DocumentChunk } from '@docqa/contracts';
import { principalOf } from '../http/auth';
import type { RouteGroup } from '../app';
import type { DocumentsBackend } from './documents';

/** What the chunks route needs: the document's record (a 404 when the tenant has none) and its chunks. */
export interface DocumentChunksBackend {
  get: DocumentsBackend['get'];
  /** Every chunk of the document, in document order. */
  chunks(tenant: string, id: string): Promise<DocumentChunk[]>;
}

/** `GET /documents/{id}/chunks` (scope ingest). */
export function documentChunkRoutes(backend: DocumentChunksBackend): RouteGroup {
  return (routes) => {
    routes.add(
      {
        method: 'get',
        path: '/documents/:id/chunks',
        summary: 'A document’s chunks',
        tag: 'Documents',
        operationId: 'getDocumentChunks',
        description:
          "Returns every chunk of a document of the token's tenant in document order: its id, the heading path of its section, its URL (with the section's anchor) and its text, as search and answers see them.",
        scope: 'ingest',
        responses: { 200: { description: 'The document’s chunks', schema: DocumentChunksSchema } },
      },
      async (req, res) => {
        const { tenant } = principalOf(req);
        const id = String(req.params.id);
        await backend.get(tenant, id);
        const chunks = await backend.chunks(tenant, id);
        res.json({
          document_id: id,
          chunks: chunks.map(({ chunk_id, heading, url, text }) => ({ chunk_id, heading, url, text })),
        });
      },
    );
  };
}
