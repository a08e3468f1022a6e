import { headingPathText } from '@docqa/chunking';
import type { Filter, SearchRequest, SearchResponse } from '@docqa/contracts';
import { ForbiddenError } from '@docqa/errors';
import type { Searcher, VersionResolver } from './searcher';

/** Who searches: a token's tenant, the other tenants it may search, and the filters it enforces. */
export interface SearchCaller {
  tenant: string;
  tenants: string[];
  filters: Filter[];
}

/**
 * A search as a token may make it, for `POST /rag/search/` and the MCP tool alike: the caller's
 * own tenant unless `tenants` names others it may search (any other is refused), its filters
 * ANDed to the request's, in the version asked (else the default: of the caller's own tenant).
 */
export async function searchAs(
  searcher: Searcher,
  caller: SearchCaller,
  body: SearchRequest,
  versions?: VersionResolver,
): Promise<SearchResponse> {
  const allowed = new Set([caller.tenant, ...caller.tenants]);
  const tenants = body.tenants ?? [caller.tenant];
  const refused = tenants.filter((t) => !allowed.has(t));
  if (refused.length) throw new ForbiddenError(`this token may not search tenant(s) ${refused.join(', ')}`);
  const { version } = (await versions?.resolve(caller.tenant, body.version)) ?? {};
  const { results, took_ms } = await searcher.search({
    tenants,
    query: body.query,
    mode: body.search_mode,
    filters: [...(body.filters ?? []), ...caller.filters],
    version,
    limit: body.limit,
  });
  // Passages' text stays Markdown; their heading path is a label, shown as its reader sees it.
  const shown = results.map((r) => (r.section ? { ...r, section: headingPathText(r.section) } : r));
  return { results: shown, search_mode: body.search_mode, took_ms };
}
