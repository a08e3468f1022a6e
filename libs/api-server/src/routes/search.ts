import { SearchRequestSchema, SearchResponseSchema } from '@docqa/contracts';
import { searchAs } from '@docqa/retrieval';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';
import type { ApiDeps } from '../api-deps';

/** `POST /rag/search/`: backend-to-backend search over the token's tenants. */
export function searchRoutes(routes: RouteTable, deps: ApiDeps): void {
  routes.add(
    {
      method: 'post',
      path: '/rag/search/',
      summary: 'Search the documents of one or more tenants (backend to backend)',
      tag: 'Search',
      operationId: 'searchDocuments',
      description:
        "Searches the documents of the token's tenant (or of `tenants` the token may search) by meaning, keyword or both (`hybrid`, the default), with metadata filters. Returns passages with their document, score and metadata; for backends that build their own prompts.",
      scope: 'search',
      body: SearchRequestSchema,
      responses: { 200: { description: 'Ranked passages', schema: SearchResponseSchema } },
    },
    async (req, res, { body }) => {
      res.json(await searchAs(deps.retrieval, principalOf(req), body, deps.versions));
    },
  );
}
