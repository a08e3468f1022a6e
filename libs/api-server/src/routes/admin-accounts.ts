import { generatePassword, normaliseEmail, roleIn, type Principal, type TenantChange } from '@docqa/auth';
import {
  AdminAccountListSchema,
  AdminAccountSchema,
  CreateAdminRequestSchema,
  CreatedAdminSchema,
  ProblemSchema,
  UpdateAdminRoleRequestSchema,
  type AdminAccount,
} from '@docqa/contracts';
import { ForbiddenError, LastOwnerError, NotFoundError, ValidationError } from '@docqa/errors';
import type { ApiDeps } from '../api-deps';
import { auditTargets } from '../http/audit-trail';
import { principalOf } from '../http/auth';
import type { RouteTable } from '../http/route';

const problem = (description: string) => ({
  description,
  schema: ProblemSchema,
  contentType: 'application/problem+json',
});
const OWNERS_ONLY =
  'Only a portal session may call it (403 for tokens), of an owner of the tenant named by `X-Docqa-Tenant`.';

/**
 * `GET/POST /admin/accounts/`, `PATCH/DELETE /admin/accounts/{email}`: the portal's admins and
 * their roles, managed by owners of a tenant (all-tenants admins: of every tenant) through their
 * session; no token may call them.
 */
export function adminAccountRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { accounts } = deps.admin;
  /** The caller's account: a session's, else 403 (an admin token may not manage admins). */
  const caller = async (principal: Principal): Promise<AdminAccount> => {
    const account = principal.session && (await accounts.get(principal.session.email));
    if (!account)
      throw new ForbiddenError('admin accounts are managed through a portal session, not a token');
    return account;
  };

  routes.add(
    {
      method: 'get',
      path: '/admin/accounts/',
      summary: 'The admin accounts of the tenant (every one for an all-tenants admin)',
      tag: 'Admin',
      operationId: 'listAdminAccounts',
      description: `Lists the administration portal's accounts of the tenant with their roles; an all-tenants admin sees every account. ${OWNERS_ONLY}`,
      scope: 'admin',
      responses: { 200: { description: 'Accounts by email', schema: AdminAccountListSchema } },
    },
    async (req, res) => {
      const principal = principalOf(req);
      const me = await caller(principal);
      const all = await accounts.list();
      res.json({ accounts: me.all_tenants ? all : all.filter((a) => a.tenants.includes(principal.tenant)) });
    },
  );

  routes.add(
    {
      method: 'post',
      path: '/admin/accounts/',
      summary: 'Invite an admin with a role; the answer holds a one-time password to hand over',
      tag: 'Admin',
      operationId: 'createAdminAccount',
      description: `Creates a portal account for an email with a role (default \`owner\`) in some tenants the caller owns, or in all of them (all-tenants admins only), and returns its one-time password once. ${OWNERS_ONLY}`,
      scope: 'admin',
      body: CreateAdminRequestSchema,
      responses: {
        201: { description: 'Created; `password` is never shown again', schema: CreatedAdminSchema },
      },
    },
    async (req, res, { body }) => {
      const me = await caller(principalOf(req));
      const notOwned = body.tenants.filter((t) => roleIn(me, t) !== 'owner');
      if ((body.all_tenants && !me.all_tenants) || notOwned.length)
        throw new ForbiddenError(
          body.all_tenants && !me.all_tenants
            ? 'only an all-tenants admin invites all-tenants admins'
            : `you are not an owner of ${notOwned.join(', ')}`,
        );
      const password = generatePassword();
      const account = await accounts.create({
        email: body.email,
        password,
        tenants: body.tenants,
        allTenants: body.all_tenants,
        role: body.role,
      });
      auditTargets(res, account.email);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ account, password });
    },
  );

  routes.add(
    {
      method: 'patch',
      path: '/admin/accounts/:email',
      summary: 'Change an admin’s role in the tenant; it counts from their next request',
      tag: 'Admin',
      operationId: 'updateAdminAccountRole',
      description: `Sets the role of an admin in the tenant named by \`X-Docqa-Tenant\`; their open sessions act with it from their next request. The last owner of a tenant cannot be demoted (409). ${OWNERS_ONLY}`,
      scope: 'admin',
      body: UpdateAdminRoleRequestSchema,
      responses: {
        200: { description: 'The account with its new role', schema: AdminAccountSchema },
        409: problem('The tenant would be left without an owner'),
      },
    },
    async (req, res, { body }) => {
      const principal = principalOf(req);
      await caller(principal);
      const email = normaliseEmail(String(req.params.email));
      expectChanged(await accounts.changeTenant(principal.tenant, email, body.role), email, principal.tenant);
      res.json(await accounts.get(email));
    },
  );

  routes.add(
    {
      method: 'delete',
      path: '/admin/accounts/:email',
      summary: 'Remove an admin from the tenant; their sessions there end at their next request',
      tag: 'Admin',
      operationId: 'deleteAdminAccount',
      description: `Takes the tenant named by \`X-Docqa-Tenant\` from an admin (the account goes when it was its last tenant; an all-tenants admin removes another all-tenants account outright). The last owner of a tenant cannot be removed (409), nor the caller's own account (400). ${OWNERS_ONLY}`,
      scope: 'admin',
      responses: {
        204: { description: 'Removed' },
        409: problem('The tenant would be left without an owner'),
      },
    },
    async (req, res) => {
      const principal = principalOf(req);
      const me = await caller(principal);
      const email = normaliseEmail(String(req.params.email));
      if (email === me.email) throw new ValidationError('you cannot remove your own account');
      const target = await accounts.get(email);
      if (target?.all_tenants) {
        if (!me.all_tenants) throw new NotFoundError(`no admin ${email} in ${principal.tenant}`);
        await accounts.remove(email);
      } else
        expectChanged(await accounts.changeTenant(principal.tenant, email, null), email, principal.tenant);
      res.status(204).end();
    },
  );
}

function expectChanged(change: TenantChange, email: string, tenant: string): void {
  if (change === 'missing') throw new NotFoundError(`no admin ${email} with a role in ${tenant}`);
  if (change === 'last_owner')
    throw new LastOwnerError(`${email} is the last owner of ${tenant}: make another admin an owner first`);
}
