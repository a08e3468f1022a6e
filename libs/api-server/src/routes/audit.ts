import { once } from 'node:events';
import type { AuditScope, Principal } from '@docqa/auth';
import { AuditEntrySchema, AuditListSchema, AuditQuerySchema, z } from '@docqa/contracts';
import type { ApiDeps } from '../api-deps';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';

const FILTERS =
  'Filters: `actor` (an email, or `token:<id>`), `action` (an operation id such as `createToken` or `signIn`), and the period `from`/`to`. Owners only; an all-tenants admin sees every tenant’s entries and the sign-ins of every account, an owner those of the tenant and its admins.';

/** `GET /admin/audit/` and `GET /admin/audit/export`: the audit log, a page or all as JSON lines. */
export function auditRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { audit, accounts } = deps.admin;
  /** An all-tenants admin reads every entry; anyone else those of the tenant acted on. */
  const scopeOf = async (principal: Principal): Promise<AuditScope> => {
    const account = principal.session && (await accounts.get(principal.session.email));
    return account?.all_tenants ? { allTenants: true } : { tenant: principal.tenant };
  };

  routes.add(
    {
      method: 'get',
      path: '/admin/audit/',
      summary: 'The audit log: admin actions, sign-ins and sign-outs, newest first',
      tag: 'Admin',
      operationId: 'listAuditEntries',
      description: `A page of the audit log, newest first: who did what (the operation and the ids it touched), when, from which IP and user agent, never a secret. Page on with \`cursor\` = \`next_cursor\`. ${FILTERS}`,
      scope: 'admin',
      query: AuditQuerySchema,
      responses: { 200: { description: 'A page of entries', schema: AuditListSchema } },
    },
    async (req, res, { query }) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(await audit.list(await scopeOf(principalOf(req)), query));
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/audit/export',
      summary: 'The audit log as JSON lines, newest first',
      tag: 'Admin',
      operationId: 'exportAuditEntries',
      description: `Streams every entry of the audit log that the filters select, one JSON object per line, newest first (\`limit\` and \`cursor\` are not used). ${FILTERS}`,
      scope: 'admin',
      query: AuditQuerySchema,
      responses: {
        200: {
          description: 'One AuditEntry per line (`application/x-ndjson`)',
          schema: z.array(AuditEntrySchema),
          contentType: 'application/x-ndjson',
        },
      },
    },
    async (req, res, { query }) => {
      const entries = audit.entries(await scopeOf(principalOf(req)), { ...query, cursor: undefined });
      res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="audit.jsonl"');
      res.setHeader('Cache-Control', 'no-store');
      for await (const entry of entries) {
        if (res.destroyed) return;
        if (!res.write(`${JSON.stringify(entry)}\n`)) await once(res, 'drain');
      }
      res.end();
    },
  );
}
