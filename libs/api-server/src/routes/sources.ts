import {
  SourceListSchema,
  SourceRecordSchema,
  SourceRequestSchema,
  SyncAcceptedSchema,
  type SourceRecord,
  type SourceRequest,
} from '@docqa/contracts';
import { principalOf } from '../http/auth';
import type { RouteGroup } from '../app';

/** What the sources API needs (the SourceService of @docqa/sync). */
export interface SourcesBackend {
  create(tenant: string, body: SourceRequest): Promise<SourceRecord>;
  list(tenant: string): Promise<SourceRecord[]>;
  get(tenant: string, id: string): Promise<SourceRecord>;
  remove(tenant: string, id: string): Promise<void>;
  sync(tenant: string, id: string): Promise<{ job_id: string }>;
}

/** `POST/GET /sources/`, `GET/DELETE /sources/{id}`, `POST /sources/{id}/sync` (scope ingest). */
export function sourceRoutes(backend: SourcesBackend): RouteGroup {
  return (routes) => {
    routes.add(
      {
        method: 'post',
        path: '/sources/',
        summary:
          'Add a source (sitemap, page, llms.txt, GitHub repository) kept in sync, on a schedule if given',
        tag: 'Sources',
        scope: 'ingest',
        body: SourceRequestSchema,
        responses: { 201: { description: 'Created', schema: SourceRecordSchema } },
      },
      async (req, res, { body }) => {
        const source = await backend.create(principalOf(req).tenant, body);
        res.setHeader('Location', `/api/v2/sources/${source.id}`);
        res.status(201).json(source);
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/sources/',
        summary: 'List the sources',
        tag: 'Sources',
        scope: 'ingest',
        responses: { 200: { description: 'The sources', schema: SourceListSchema } },
      },
      async (req, res) => {
        res.json({ sources: await backend.list(principalOf(req).tenant) });
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/sources/:id',
        summary: 'A source with its latest syncs (counts and failures)',
        tag: 'Sources',
        scope: 'ingest',
        responses: { 200: { description: 'The source', schema: SourceRecordSchema } },
      },
      async (req, res) => {
        res.json(await backend.get(principalOf(req).tenant, String(req.params.id)));
      },
    );

    routes.add(
      {
        method: 'delete',
        path: '/sources/:id',
        summary: 'Delete a source, its schedule and every document it brought in',
        tag: 'Sources',
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
        method: 'post',
        path: '/sources/:id/sync',
        summary: 'Sync a source now; follow it in GET /sources/{id}',
        tag: 'Sources',
        scope: 'ingest',
        responses: { 202: { description: 'Queued', schema: SyncAcceptedSchema } },
      },
      async (req, res) => {
        res.status(202).json(await backend.sync(principalOf(req).tenant, String(req.params.id)));
      },
    );
  };
}
