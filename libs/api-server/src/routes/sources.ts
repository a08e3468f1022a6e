import {
  SourceListSchema,
  SourceRecordSchema,
  SourceRequestSchema,
  SourceUpdateSchema,
  SyncAcceptedSchema,
  type SourceRecord,
  type SourceRequest,
  type SourceUpdate,
} from '@docqa/contracts';
import { auditTargets } from '../http/audit-trail';
import { principalOf } from '../http/auth';
import { addDeleteRoute, addGetRoute } from '../http/route';
import type { RouteGroup } from '../app';

/** What the sources API needs (the SourceService of @docqa/sync). */
export interface SourcesBackend {
  create(tenant: string, body: SourceRequest): Promise<SourceRecord>;
  list(tenant: string): Promise<SourceRecord[]>;
  get(tenant: string, id: string): Promise<SourceRecord>;
  update(tenant: string, id: string, body: SourceUpdate): Promise<SourceRecord>;
  remove(tenant: string, id: string): Promise<void>;
  sync(tenant: string, id: string): Promise<{ job_id: string }>;
}

/**
 * `POST/GET /sources/`, `GET/PATCH/DELETE /sources/{id}`, `POST /sources/{id}/sync` (scope ingest).
 */
export function sourceRoutes(backend: SourcesBackend): RouteGroup {
  return (routes) => {
    routes.add(
      {
        method: 'post',
        path: '/sources/',
        summary:
          'Add a source (sitemap, page, llms.txt, GitHub repository) kept in sync, on a schedule if given',
        tag: 'Sources',
        operationId: 'createSource',
        description:
          'Registers a place documents come from (a sitemap, a page, an llms.txt file or a GitHub repository) with include/exclude globs, metadata and an optional schedule; a scheduled source starts its first sync at once, one without a schedule syncs on `POST /sources/{id}/sync`. Later syncs fetch conditionally and embed only what changed, and delete the documents of pages that left the source.',
        scope: 'ingest',
        body: SourceRequestSchema,
        responses: { 201: { description: 'Created', schema: SourceRecordSchema } },
      },
      async (req, res, { body }) => {
        const source = await backend.create(principalOf(req).tenant, body);
        res.setHeader('Location', `${req.baseUrl}/sources/${source.id}`);
        auditTargets(res, source.id);
        res.status(201).json(source);
      },
    );

    routes.add(
      {
        method: 'get',
        path: '/sources/',
        summary: 'List the sources',
        tag: 'Sources',
        operationId: 'listSources',
        description:
          "Lists the sources of the token's tenant with their schedules and the outcome of their latest sync.",
        scope: 'ingest',
        responses: { 200: { description: 'The sources', schema: SourceListSchema } },
      },
      async (req, res) => {
        res.json({ sources: await backend.list(principalOf(req).tenant) });
      },
    );

    addGetRoute(
      routes,
      {
        path: '/sources/:id',
        summary: 'A source with its latest syncs (counts and failures)',
        tag: 'Sources',
        operationId: 'getSource',
        description:
          'Returns a source with its latest syncs: when they ran, and how many pages each added, updated, left unchanged, deleted or failed (with the reasons).',
        scope: 'ingest',
        responses: { 200: { description: 'The source', schema: SourceRecordSchema } },
      },
      (tenant, id) => backend.get(tenant, id),
    );

    routes.add(
      {
        method: 'patch',
        path: '/sources/:id',
        summary: "Change a source's settings: token, metadata, globs, schedule, branch, base URL",
        tag: 'Sources',
        operationId: 'updateSource',
        description:
          "Changes the settings given and keeps the others (the type, URL and repository stay). `token` sets or replaces a GitHub repository's access token and `null` removes it; `null` also clears `branch`, `schedule` and `base_url`. A new metadata, branch or base URL makes the next sync read every page anew; globs apply at the next sync; a new schedule replaces the old one.",
        scope: 'ingest',
        body: SourceUpdateSchema,
        responses: { 200: { description: 'The source as changed', schema: SourceRecordSchema } },
      },
      async (req, res, { body }) => {
        res.json(await backend.update(principalOf(req).tenant, String(req.params.id), body));
      },
    );

    addDeleteRoute(
      routes,
      {
        path: '/sources/:id',
        summary: 'Delete a source, its schedule and every document it brought in',
        tag: 'Sources',
        operationId: 'deleteSource',
        description:
          'Deletes a source, removes its schedule, and deletes every document it brought into the knowledge base. A sync running meanwhile stops; the answer comes once a sync that was indexing a batch has stopped (or its lease lapsed), so nothing of the source is written after it.',
        scope: 'ingest',
      },
      (tenant, id) => backend.remove(tenant, id),
    );

    routes.add(
      {
        method: 'post',
        path: '/sources/:id/sync',
        summary: 'Sync a source now; follow it in GET /sources/{id}',
        tag: 'Sources',
        operationId: 'syncSource',
        description:
          'Queues a sync of the source now, whatever its schedule; one sync of a source runs at a time. Follow it in `GET /sources/{id}`.',
        scope: 'ingest',
        responses: { 202: { description: 'Queued', schema: SyncAcceptedSchema } },
      },
      async (req, res) => {
        res.status(202).json(await backend.sync(principalOf(req).tenant, String(req.params.id)));
      },
    );
  };
}
