import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { type Express, type Request } from 'express';
import { adminPortalRoutes } from './admin-portal';
import type { ApiDeps } from './api-deps';
import { demoRoutes } from './demo-page';
import { auditTrail } from './http/audit-trail';
import { authenticate } from './http/auth';
import { jsonBody } from './http/body';
import { cors } from './http/cors';
import { ownOrigin } from './http/own-origin';
import { notFound, problemHandler } from './http/problem-handler';
import { requestLog } from './http/request-log';
import { RouteTable } from './http/route';
import { adminAccountRoutes } from './routes/admin-accounts';
import { adminIntegrationRoutes } from './routes/admin-integrations';
import { channelRoutes } from './routes/channels';
import { adminSessionRoutes } from './routes/admin-session';
import { adminSsoRoutes } from './routes/admin-sso';
import { adminTokenRoutes } from './routes/admin-tokens';
import { auditRoutes } from './routes/audit';
import { docsRoutes } from './routes/docs';
import { evalRoutes } from './routes/evals';
import { healthRoutes } from './routes/health';
import { insightsRoutes } from './routes/insights';
import { questionRoutes } from './routes/questions';
import { searchRoutes } from './routes/search';
import { searchBoxRoutes } from './routes/search-box';
import { versionRoutes } from './routes/versions';
import { widgetRoutes } from './routes/widget';

/** Registers extra route groups (the documents API comes from the knowledge-base wiring). */
export type RouteGroup = (routes: RouteTable, deps: ApiDeps) => void;

/** Builds the Express app: every route, CORS, auth, limits, docs and RFC 9457 errors. */
export function createApp(
  deps: ApiDeps,
  extraGroups: RouteGroup[] = [],
): { app: Express; routes: RouteTable; registry: OpenAPIRegistry } {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustProxy(deps.trustProxy));
  app.use(requestLog(deps.logger, deps.metrics));

  const isOwnOrigin = ownOrigin(deps.publicUrl);
  const registry = new OpenAPIRegistry();
  const router = express.Router();
  const routes = new RouteTable(
    router,
    registry,
    deps.basePath,
    authenticate(deps.tokens, deps.admin.sessionAuth, isOwnOrigin),
    auditTrail(deps.admin.audit, deps.logger),
  );
  router.use(cors({ ...deps, isOwnOrigin }));
  // Upload routes read their multipart/form-data body themselves (after the token check), and
  // Slack's and Discord's endpoints their signed raw bodies.
  const readsOwnBody = (req: Request) =>
    routes.readsOwnBody(req.method, (req.baseUrl + req.path).slice(deps.basePath.length));
  // Documents, and an evaluation file of 5,000 items, are larger than a question.
  router.use(
    jsonBody(deps.bodyLimit, readsOwnBody, {
      limit: deps.documentsBodyLimit,
      under: ['/documents', '/evals'],
    }),
  );
  healthRoutes(routes, deps);
  questionRoutes(routes, deps);
  widgetRoutes(routes, deps);
  searchRoutes(routes, deps);
  searchBoxRoutes(routes, deps);
  versionRoutes(routes, deps);
  insightsRoutes(routes, deps);
  evalRoutes(routes, deps);
  adminSessionRoutes(routes, deps);
  adminSsoRoutes(routes, deps);
  adminTokenRoutes(routes, deps);
  adminAccountRoutes(routes, deps);
  auditRoutes(routes, deps);
  if (deps.channels) {
    channelRoutes(routes, deps, deps.channels);
    adminIntegrationRoutes(routes, deps.channels);
  }
  for (const group of extraGroups) group(routes, deps);
  docsRoutes(router, registry, deps.version, deps.swaggerUiDir);
  app.use(deps.basePath, router);

  demoRoutes(app, deps);
  adminPortalRoutes(app, deps);
  app.use(notFound(routes, deps.basePath));
  app.use(problemHandler(deps.logger));
  return { app, routes, registry };
}

function trustProxy(value: string): boolean | string | number {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
