import { tokenLifetimeMs } from '@docqa/auth';
import {
  CreatedTokenSchema,
  CreateTokenRequestSchema,
  PreviewTokenSchema,
  TokenListSchema,
} from '@docqa/contracts';
import { NotFoundError } from '@docqa/errors';
import type { ApiDeps } from '../api-deps';
import { auditTargets } from '../http/audit-trail';
import { principalOf } from '../http/auth';
import { ownOriginOf } from '../http/own-origin';
import type { RouteTable } from '../http/route';

const DAY_MS = 86400_000;
/** Lifetime of a widget preview token: the portal asks for another before it ends. */
const PREVIEW_TOKEN_MS = 15 * 60_000;

/** `GET/POST /admin/tokens/` and `DELETE /admin/tokens/{id}`: the tenant's API and widget tokens. */
export function adminTokenRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { tokenStore: store, tokenExpiresDays } = deps.admin;

  routes.add(
    {
      method: 'get',
      path: '/admin/tokens/',
      summary: 'The tenant’s live tokens (never their clear value or hash)',
      tag: 'Admin',
      operationId: 'listTokens',
      description:
        "Lists the tenant's API and widget tokens with their scopes, origins, filters, rate limits and expiry; never a clear token or its hash.",
      scope: 'admin',
      responses: { 200: { description: 'Tokens, oldest first', schema: TokenListSchema } },
    },
    async (req, res) => {
      res.json({ tokens: await store.list(principalOf(req).tenant) });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/admin/tokens/',
      summary: 'Create a token of the tenant; its clear value is in this response only',
      tag: 'Admin',
      operationId: 'createToken',
      description:
        'Creates an API or widget token for the tenant (scopes, allowed origins, filters, rate limit, expiry) and returns the clear token this once; only its hash is stored. An API token without `expires_in_days` expires after TOKEN_EXPIRES_DAYS (90 days by default); `expires_in_days: null` makes one that never expires. A widget token needs at least one origin, has the `ask` scope only, and never expires unless given `expires_in_days`.',
      scope: 'admin',
      body: CreateTokenRequestSchema,
      responses: {
        201: {
          description: 'Created; store `token` now, it is never shown again',
          schema: CreatedTokenSchema,
        },
      },
    },
    async (req, res, { body }) => {
      const created = await store.create({
        tenant: principalOf(req).tenant,
        scopes: body.scopes,
        name: body.name,
        origins: body.origins,
        widget: body.widget,
        filters: body.filters,
        rateLimit: body.rate_limit ?? undefined,
        ttlMs: tokenLifetimeMs(
          { ms: body.expires_in_days && body.expires_in_days * DAY_MS, widget: body.widget },
          tokenExpiresDays,
        ),
      });
      res.setHeader('Cache-Control', 'no-store');
      auditTargets(res, created.record.id);
      res.status(201).json(created);
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/admin/widget/preview-token',
      summary: 'A short-lived widget token for the portal’s live preview',
      tag: 'Admin',
      operationId: 'createPreviewToken',
      description: `Issues a widget token of the tenant for the portal's live preview of the widget: \`ask\` scope only, bound to the installation's own origin (the portal's), expiring after ${PREVIEW_TOKEN_MS / 60_000} minutes. It is not among the tenant's tokens (\`GET /admin/tokens/\` does not list it) and cannot be revoked; ask for another when it ends.`,
      scope: 'admin',
      responses: { 201: { description: 'The clear token and when it expires', schema: PreviewTokenSchema } },
    },
    async (req, res) => {
      const { record, token } = await store.create({
        tenant: principalOf(req).tenant,
        scopes: ['ask'],
        name: 'widget preview (portal)',
        widget: true,
        origins: [ownOriginOf(req, deps.publicUrl)],
        ttlMs: PREVIEW_TOKEN_MS,
        unlisted: true,
      });
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ token, expires_at: record.expires_at! });
    },
  );

  routes.add(
    {
      method: 'delete',
      path: '/admin/tokens/:id',
      summary: 'Revoke a token of the tenant (at once, on every API replica)',
      tag: 'Admin',
      operationId: 'revokeToken',
      description:
        "Revokes one of the tenant's tokens at once, on every API replica; another tenant's token id answers 404.",
      scope: 'admin',
      responses: { 204: { description: 'Revoked' } },
    },
    async (req, res) => {
      const id = String(req.params.id);
      const own = (await store.list(principalOf(req).tenant)).some((t) => t.id === id);
      if (!own || !(await store.revoke(id))) throw new NotFoundError(`no token ${id}`);
      res.status(204).end();
    },
  );
}
