import { HealthModeSchema, HealthResponseSchema, z } from '@docqa/contracts';
import type { RouteTable } from '../http/route';
import type { ApiDeps } from '../api-deps';

/** `GET /health?mode=minimal|basic|full` (no auth). */
export function healthRoutes(routes: RouteTable, deps: ApiDeps): void {
  routes.add(
    {
      method: 'get',
      path: '/health',
      summary:
        'Service health: minimal (no checks), basic (Redis, vector store, embeddings) or full (also the model)',
      tag: 'Health',
      operationId: 'getHealth',
      description:
        "Checks the service's dependencies. `minimal` runs no check (for load balancers), `basic` (the default) checks Redis, the vector store and the embeddings, `full` also asks the language model a tiny prompt (cached 30 s). Needs no token.",
      scope: null,
      query: z.object({
        mode: HealthModeSchema.default('basic').openapi({
          description: 'minimal: no checks; basic: Redis, vector store, embeddings; full: also the model.',
        }),
      }),
      responses: {
        200: { description: 'Every check passed', schema: HealthResponseSchema },
        503: { description: 'A check failed (named in `checks`)', schema: HealthResponseSchema },
      },
    },
    async (_req, res, { query }) => {
      const report = await deps.health.check(query.mode);
      res.setHeader('Cache-Control', 'no-store');
      res.status(report.status === 'ok' ? 200 : 503).json(report);
    },
  );
}
