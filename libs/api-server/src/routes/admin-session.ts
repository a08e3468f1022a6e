import {
  AdminSessionSchema,
  CSRF_HEADER,
  ProblemSchema,
  SESSION_COOKIE,
  SIGN_IN_FAILED,
  SignInRequestSchema,
} from '@docqa/contracts';
import { normaliseEmail } from '@docqa/auth';
import { UnauthenticatedError } from '@docqa/errors';
import type { ApiDeps } from '../api-deps';
import type { RouteTable } from '../http/route';
import { requireCsrf } from '../http/session-auth';

const problem = (description: string) => ({
  description,
  schema: ProblemSchema,
  contentType: 'application/problem+json',
});

/** `POST/GET/DELETE /admin/session`: the portal's sign-in, current session and sign-out. */
export function adminSessionRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { accounts, sessions, sessionAuth, signInLimiter } = deps.admin;

  routes.add(
    {
      method: 'post',
      path: '/admin/session',
      summary: 'Sign in to the administration portal',
      tag: 'Admin',
      operationId: 'signIn',
      description:
        "Signs an admin in with email and password and sets the `docqa_session` cookie (HttpOnly, SameSite=Strict). Returns the admin's tenants and the CSRF token that state-changing calls must send in `X-CSRF-Token`. Every failure answers 401 `wrong email or password`; failures are limited per email from one client IP (growing waits; other addresses are not held back) and attempts per IP.",
      scope: null,
      body: SignInRequestSchema,
      responses: {
        200: {
          description: `Signed in; \`Set-Cookie: ${SESSION_COOKIE}=…; HttpOnly; SameSite=Strict; Path=/\``,
          schema: AdminSessionSchema,
          headers: { 'Set-Cookie': 'The session cookie' },
        },
        401: problem(`Always "${SIGN_IN_FAILED}", whichever of the two was wrong`),
        429: problem(
          'Too many failures for this email from this IP, or attempts from this IP; see `Retry-After`',
        ),
      },
    },
    async (req, res, { body }) => {
      const email = normaliseEmail(body.email);
      const ip = req.ip ?? 'unknown';
      await signInLimiter.consume(email, ip);
      const account = await accounts.verify(email, body.password);
      if (!account) throw new UnauthenticatedError(SIGN_IN_FAILED);
      await signInLimiter.succeeded(email, ip);
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
      }
      sessionAuth.clearCookie(res);
      res.status(204).end();
    },
  );
}
