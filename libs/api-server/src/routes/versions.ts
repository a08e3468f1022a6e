import { DefaultVersionRequestSchema, VersionListSchema } from '@docqa/contracts';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';
import type { ApiDeps } from '../api-deps';

/** `GET /versions/` and `PUT /admin/versions/`: a tenant's docs versions and its default (DESIGN §17). */
export function versionRoutes(routes: RouteTable, deps: ApiDeps): void {
  routes.add(
    {
      method: 'get',
      path: '/versions/',
      summary: "The tenant's docs versions, with document counts and the default",
      tag: 'Search',
      operationId: 'listVersions',
      description:
        "The versions the tenant's documents have (newest first, each with its number of documents), the documents without one (which apply to every version) and the default version: what a question, a search or the widget without a `version` uses (the tenant's setting, else the newest). The widget offers a version picker when there are several.",
      scope: ['search', 'ask', 'admin'],
      responses: { 200: { description: 'Versions and the default', schema: VersionListSchema } },
    },
    async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await deps.versions.list(principalOf(req).tenant));
    },
  );

  routes.add(
    {
      method: 'put',
      path: '/admin/versions/',
      summary: "Set the tenant's default docs version",
      tag: 'Admin',
      operationId: 'putDefaultVersion',
      description:
        'Sets the version questions and searches without one use (one the documents have; else a 400 naming the known ones); `null` goes back to the newest version.',
      scope: 'admin',
      body: DefaultVersionRequestSchema,
      responses: { 200: { description: 'Versions and the new default', schema: VersionListSchema } },
    },
    async (req, res, { body }) => {
      res.json(await deps.versions.setDefault(principalOf(req).tenant, body.default));
    },
  );
}
