import { OpenApiGeneratorV31, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { SESSION_COOKIE } from '@docqa/contracts';
import { API_TAGS } from '../http/route';
import { staticAssets } from '../http/static-assets';

/** Builds the OpenAPI 3.1 document from every route registered in `registry`. */
export function buildOpenApiDocument(registry: OpenAPIRegistry, version: string) {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'docqa API',
      version,
      description:
        'Question answering over your own documents. Every endpoint except health and docs needs `Authorization: Bearer <token>`, or the administration portal’s session cookie `docqa_session` (from `POST /api/v2/admin/session`), which acts as an admin of the tenant named by `X-Docqa-Tenant` (default: the session’s only tenant) and needs `X-CSRF-Token` on POST, PUT, PATCH and DELETE; errors are RFC 9457 problem details.',
      contact: { name: 'The operators of this docqa installation' },
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
    },
    servers: [{ url: '/' }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
  });
}

/**
 * `GET /docs/openapi.json` and the Swagger UI at `GET /docs/swagger`; its large files come
 * pre-compressed from `swaggerUiDir` (written by the build) when there is one.
 */
export function docsRoutes(
  router: Router,
  registry: OpenAPIRegistry,
  version: string,
  swaggerUiDir?: string,
): void {
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'Portal session (admin of one tenant); state-changing calls also need `X-CSRF-Token`.',
  });
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const getDocument = () => (document ??= buildOpenApiDocument(registry, version));
  router.get('/docs/openapi.json', (_req, res) => {
    res.json(getDocument());
  });
  if (swaggerUiDir) router.use('/docs/swagger', staticAssets(swaggerUiDir, { entryMaxAgeSeconds: 86400 }));
  router.use(
    '/docs/swagger',
    // The page is /docs/swagger/, so the document is one level up (a relative URL keeps working
    // behind a proxy that mounts the API under another path).
    swaggerUi.serveFiles(undefined, { swaggerUrl: '../openapi.json' }),
    swaggerUi.setup(undefined, { customSiteTitle: 'docqa API' }),
  );
}
