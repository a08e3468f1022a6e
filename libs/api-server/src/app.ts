import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { type Express, type Request } from 'express';
import { adminPortalRoutes } from './admin-portal';
import type { ApiDeps } from './api-deps';
import { demoRoutes } from './demo-page';
import { authenticate } from './http/auth';
import { jsonBody } from './http/body';
import { cors } from './http/cors';
import { ownOrigin } from './http/own-origin';
import { notFound, problemHandler } from './http/problem-handler';
import { requestLog } from './http/request-log';
import { RouteTable } from './http/route';
import { adminAccountRoutes } from './routes/admin-accounts';
import { adminSessionRoutes } from './routes/admin-session';
import { adminTokenRoutes } from './routes/admin-tokens';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { insightsRoutes } from './routes/insights';
import { questionRoutes } from './routes/questions';
import { searchRoutes } from './routes/search';
import { searchBoxRoutes } from './routes/search-box';
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
  );
  router.use(cors({ ...deps, isOwnOrigin }));
  // Upload routes read their multipart/form-data body themselves (after the token check).
  const readsForm = (req: Request) =>
    routes.readsForm(req.method, (req.baseUrl + req.path).slice(deps.basePath.length));
  router.use('/documents', ...jsonBody(deps.documentsBodyLimit, readsForm));
  router.use(...jsonBody(deps.bodyLimit, readsForm));
  healthRoutes(routes, deps);
  questionRoutes(routes, deps);
  widgetRoutes(routes, deps);
  searchRoutes(routes, deps);
  searchBoxRoutes(routes, deps);
  insightsRoutes(routes, deps);
  adminSessionRoutes(routes, deps);
  adminTokenRoutes(routes, deps);
  adminAccountRoutes(routes, deps);
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
