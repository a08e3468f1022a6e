import { generatePassword, normaliseEmail } from '@docqa/auth';
import {
  AdminAccountListSchema,
  CreateAdminRequestSchema,
  CreatedAdminSchema,
  ProblemSchema,
} from '@docqa/contracts';
import { NotFoundError, ValidationError } from '@docqa/errors';
import type { ApiDeps } from '../api-deps';
import type { RouteTable } from '../http/route';

const problem = (description: string) => ({
  description,
  schema: ProblemSchema,
  contentType: 'application/problem+json',
});
const sessionOnly = {
  401: problem('Not signed in to the portal'),
  403: problem('Not an all-tenants admin, or a change without `X-CSRF-Token`'),
};

/**
 * `GET/POST /admin/accounts/`, `DELETE /admin/accounts/{email}`: the portal's admins, managed by
 * all-tenants admins through their session (no token may call them).
 */
export function adminAccountRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { accounts, sessionAuth } = deps.admin;

  routes.add(
    {
      method: 'get',
      path: '/admin/accounts/',
      summary: 'Every admin account (all-tenants admins, portal session only)',
      tag: 'Admin',
      operationId: 'listAdminAccounts',
      description:
        "Lists the administration portal's accounts with their tenants. Only the session of an all-tenants admin may call it (403 for other admins, 401 for tokens).",
      scope: null,
      responses: {
        200: { description: 'Accounts by email', schema: AdminAccountListSchema },
        ...sessionOnly,
      },
    },
    async (req, res) => {
      await sessionAuth.requireAllTenantsAdmin(req);
      res.json({ accounts: await accounts.list() });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/admin/accounts/',
      summary: 'Invite an admin; the answer holds a one-time password to hand over',
      tag: 'Admin',
      operationId: 'createAdminAccount',
      description:
        'Creates a portal account for an email, for some tenants or all of them, and returns its one-time password once. Only the session of an all-tenants admin may call it.',
      scope: null,
      body: CreateAdminRequestSchema,
      responses: {
        201: { description: 'Created; `password` is never shown again', schema: CreatedAdminSchema },
        ...sessionOnly,
      },
    },
    async (req, res, { body }) => {
      await sessionAuth.requireAllTenantsAdmin(req);
      const password = generatePassword();
      const account = await accounts.create({
        email: body.email,
        password,
        tenants: body.tenants,
        allTenants: body.all_tenants,
      });
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ account, password });
    },
  );

  routes.add(
    {
      method: 'delete',
      path: '/admin/accounts/:email',
      summary: 'Remove an admin; their sessions end at their next request',
      tag: 'Admin',
      operationId: 'deleteAdminAccount',
      description:
        'Removes a portal account; its sessions end at once. Only the session of an all-tenants admin may call it.',
      scope: null,
      responses: { 204: { description: 'Removed' }, ...sessionOnly },
    },
    async (req, res) => {
      const current = await sessionAuth.requireAllTenantsAdmin(req);
      const email = normaliseEmail(String(req.params.email));
      if (email === current.account.email) throw new ValidationError('you cannot remove your own account');
      if (!(await accounts.remove(email))) throw new NotFoundError(`no admin ${email}`);
      res.status(204).end();
    },
  );
}
