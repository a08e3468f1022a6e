import {
  AdminSessionSchema,
  CSRF_HEADER,
  ProblemSchema,
  SESSION_COOKIE,
  SIGN_IN_FAILED,
  SignInRequestSchema,
  type AdminAccount,
} from '@docqa/contracts';
import { normaliseEmail } from '@docqa/auth';
import { AppError, ForbiddenError, UnauthenticatedError } from '@docqa/errors';
import type { Request } from 'express';
import type { ApiDeps } from '../api-deps';
import { requestOrigin } from '../http/audit-trail';
import type { RouteTable } from '../http/route';
import { requireCsrf } from '../http/session-auth';

const problem = (description: string) => ({
  description,
  schema: ProblemSchema,
  contentType: 'application/problem+json',
});

/** `POST/GET/DELETE /admin/session`: the portal's sign-in, current session and sign-out. */
export function adminSessionRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { accounts, audit, sessions, sessionAuth, signInLimiter } = deps.admin;
  /** Records a sign-in or sign-out of `email`; owners of the account's tenants see it. */
  const recordSession = async (
    req: Request,
    action: 'signIn' | 'signOut',
    email: string,
    status: number,
    account?: AdminAccount | null,
  ) => {
    const known = account === undefined ? await accounts.get(email) : account;
    await audit.record({
      actor: email.slice(0, 320),
      action,
      outcome: status < 400 ? 'success' : 'failure',
      status,
      tenant: null,
      tenants: known?.tenants ?? [],
      targets: [],
      ...requestOrigin(req),
    });
  };

  routes.add(
    {
      method: 'post',
      path: '/admin/session',
      summary: 'Sign in to the administration portal',
      tag: 'Admin',
      operationId: 'signIn',
      description:
        "Signs an admin in with email and password and sets the `docqa_session` cookie (HttpOnly, SameSite=Strict). Returns the admin's tenants and the CSRF token that state-changing calls must send in `X-CSRF-Token`. Every failure answers 401 `wrong email or password` (403 when PASSWORD_SIGNIN is false); failures are limited per email from one client IP (growing waits; other addresses are not held back) and attempts per IP.",
      scope: null,
      body: SignInRequestSchema,
      responses: {
        200: {
          description: `Signed in; \`Set-Cookie: ${SESSION_COOKIE}=…; HttpOnly; SameSite=Strict; Path=/\``,
          schema: AdminSessionSchema,
          headers: { 'Set-Cookie': 'The session cookie' },
        },
        401: problem(`Always "${SIGN_IN_FAILED}", whichever of the two was wrong`),
        403: problem('Password sign-in is switched off (PASSWORD_SIGNIN=false): use single sign-on'),
        429: problem(
          'Too many failures for this email from this IP, or attempts from this IP; see `Retry-After`',
        ),
      },
    },
    async (req, res, { body }) => {
      const email = normaliseEmail(body.email);
      const ip = req.ip ?? 'unknown';
      let account: AdminAccount | null;
      try {
        if (!deps.admin.passwordSignIn)
          throw new ForbiddenError('password sign-in is switched off here: sign in with single sign-on');
        await signInLimiter.consume(email, ip);
        account = await accounts.verify(email, body.password);
        if (!account) throw new UnauthenticatedError(SIGN_IN_FAILED);
      } catch (err) {
        await recordSession(req, 'signIn', email, err instanceof AppError ? err.status : 500);
        throw err;
      }
      await signInLimiter.succeeded(email, ip);
      await recordSession(req, 'signIn', email, 200, account);
      const previous = await sessionAuth.current(req);
      if (previous) await sessions.delete(previous.id);
      const { id, record } = await sessions.create(account);
      sessionAuth.setCookie(res, id);
      res.setHeader('Cache-Control', 'no-store');
      res.json(await sessionAuth.view({ id, record, account }));
    },
  );

  routes.add(
    {
      method: 'get',
      path: '/admin/session',
      summary: 'The signed-in admin (restarts the idle time-out)',
      tag: 'Admin',
      operationId: 'getSession',
      description:
        "Returns the signed-in admin (email, tenants, CSRF token) for the session cookie; 401 when there is no live session. Each call restarts the session's idle time-out.",
      scope: null,
      responses: {
        200: { description: 'The session', schema: AdminSessionSchema },
        401: problem('Not signed in, or the session ended'),
      },
    },
    async (req, res) => {
      const current = await sessionAuth.current(req);
      if (!current) throw new UnauthenticatedError('not signed in, or the session has ended');
      res.setHeader('Cache-Control', 'no-store');
      res.json(await sessionAuth.view(current));
    },
  );

  routes.add(
    {
      method: 'delete',
      path: '/admin/session',
      summary: 'Sign out: ends the session on the server',
      tag: 'Admin',
      operationId: 'signOut',
      description: 'Signs out: deletes the session on the server and clears the cookie.',
      scope: null,
      responses: {
        204: { description: 'Signed out (also when there was no session); the cookie is cleared' },
        403: problem(`Missing or wrong \`${CSRF_HEADER}\``),
      },
    },
    async (req, res) => {
      const current = await sessionAuth.current(req);
      if (current) {
        requireCsrf(req, current.record.csrf_token);
        await sessions.delete(current.id);
        await recordSession(req, 'signOut', current.account.email, 204, current.account);
      }
      sessionAuth.clearCookie(res);
      res.status(204).end();
    },
  );
}
