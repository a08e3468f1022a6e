import { SearchBoxRequestSchema, SearchBoxResponseSchema } from '@docqa/contracts';
import { principalOf } from '../http/auth';
import { visitorKey } from '../http/rate-limit';
import type { RouteTable } from '../http/route';
import type { ApiDeps } from '../api-deps';

/** `POST /search/`: the widget's as-you-type search box. */
export function searchBoxRoutes(routes: RouteTable, deps: ApiDeps): void {
  routes.add(
    {
      method: 'post',
      path: '/search/',
      summary: 'Search as the visitor types (widget search box)',
      tag: 'Widget',
      operationId: 'searchBox',
      description:
        "Searches the token's tenant for what a visitor types into the widget's search box: keyword-led, the last word a prefix unless a space follows it, words of five or more letters no page holds read as the words one typo away. Returns sections grouped by page (best page first) with their heading path, a plain-text snippet and the matched words' offsets in it, never a whole passage. The token's filters are ANDed to the request's. Rate limited per token and, for widget tokens, per visitor (`SEARCH_RATE_LIMIT_PER_MINUTE`, `VISITOR_SEARCHES_PER_MINUTE`), apart from questions.",
      scope: 'ask',
      body: SearchBoxRequestSchema,
      responses: {
        200: { description: 'Sections grouped by page, best page first', schema: SearchBoxResponseSchema },
      },
    },
    async (req, res, { body }) => {
      // `took_ms` counts from here: the rate limit's and the version's waits are the server's work too.
      const started = performance.now();
      const principal = principalOf(req);
      await deps.search.rateLimiter.consume(req, res, principal);
      const { version } = await deps.versions.resolve(principal.tenant, body.version);
      const found = await deps.search.searchBox.search(
        {
          tenant: principal.tenant,
          query: body.query,
          filters: [...(body.filters ?? []), ...principal.filters],
          version,
          limit: body.limit,
        },
        started,
      );
      // Counted once the visitor's typing settles; the visitor is told apart by token and address, never stored.
      deps.insights?.searches.searched(
        principal.tenant,
        `${principal.id}:${visitorKey(req.ip)}`,
        body.query,
        found.results.length,
      );
      res.setHeader('Cache-Control', 'no-store');
      res.json(found);
    },
  );
}
