import type { Request, Response } from 'express';
import escapeHtml from 'escape-html';
import { parse, serialize } from 'cookie';
import { SsoRefusedError } from '@docqa/auth';
import { SignInOptionsSchema } from '@docqa/contracts';
import { AppError } from '@docqa/errors';
import type { ApiDeps } from '../api-deps';
import { requestOrigin } from '../http/audit-trail';
import { ownOriginOf } from '../http/own-origin';
import type { RouteTable } from '../http/route';

/** Cookie binding a started sign-in to the browser that started it (SameSite=Lax: the provider's redirect back is a cross-site navigation). */
const SSO_COOKIE = 'docqa_sso';
const START_PATH = '/admin/sso/start';
const CALLBACK_PATH = '/admin/sso/callback';
const PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const html = { description: 'The identity provider does not answer', contentType: 'text/html' };

/**
 * `GET /admin/sign-in-options`, and single sign-on with an OpenID Connect provider:
 * `GET /admin/sso/start` (to the provider) and `GET /admin/sso/callback` (back, signed in). Both
 * answer pages for the browser; a refusal or an unreachable provider is a page that says why.
 */
export function adminSsoRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { sso, passwordSignIn, sessions, sessionAuth, audit } = deps.admin;
  const base = deps.basePath;
  const secure = deps.publicUrl?.startsWith('https:') ?? false;
  const redirectUri = (req: Request) => `${ownOriginOf(req, deps.publicUrl)}${base}${CALLBACK_PATH}`;

  routes.add(
    {
      method: 'get',
      path: '/admin/sign-in-options',
      summary: 'How admins sign in here: password, single sign-on, or both',
      tag: 'Admin',
      operationId: 'getSignInOptions',
      description:
        "Tells the portal's sign-in page whether email and password sign-in is on (PASSWORD_SIGNIN) and, with single sign-on set up (OIDC_ISSUER_URL), the name of its button and where it starts.",
      scope: null,
      responses: { 200: { description: 'The ways to sign in', schema: SignInOptionsSchema } },
    },
    (_req, res) => {
      const start = `${base}${START_PATH}`;
      res.json({ password: passwordSignIn, sso: sso ? { name: sso.name, start_url: start } : null });
    },
  );
  const notSetUp = (res: Response) =>
    sendPage(res, 404, 'No single sign-on', 'Single sign-on is not set up here (OIDC_ISSUER_URL).');

  routes.add(
    {
      method: 'get',
      path: START_PATH,
      summary: 'Start single sign-on: redirects the browser to the identity provider',
      tag: 'Admin',
      operationId: 'startSso',
      description:
        'Redirects to the identity provider (authorization code with PKCE, a fresh `state` and `nonce`), and binds the sign-in to this browser with a short-lived cookie. An identity provider that does not answer gives a page saying so (503).',
      scope: null,
      responses: {
        302: { description: 'To the identity provider', headers: { Location: 'Its authorization URL' } },
        404: { ...html, description: 'Single sign-on is not set up' },
        503: html,
      },
    },
    async (req, res) => {
      if (!sso) return notSetUp(res);
      try {
        const { url, state } = await sso.signIn.start(redirectUri(req));
        const cookie = {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: `${base}/admin/sso/`,
          maxAge: 600,
        } as const;
        res.append('Set-Cookie', serialize(SSO_COOKIE, state, cookie));
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(302, url);
      } catch (err) {
        page(res, err, sso.name);
      }
    },
  );

  routes.add(
    {
      method: 'get',
      path: CALLBACK_PATH,
      summary: 'Where the identity provider sends the browser back; signs the admin in',
      tag: 'Admin',
      operationId: 'finishSso',
      description:
        "Checks the `state` (one use, this browser's), exchanges the code with the PKCE verifier, validates the ID token (signature, issuer, audience, expiry, `nonce`) and the email (verified, an allowed domain), then opens a portal session for the account of that email, made at the first sign-in when OIDC_NEW_USER_TENANTS is set. Every refusal is a page that says why, with no session (401); an identity provider that does not answer, 503.",
      scope: null,
      responses: {
        200: { ...html, description: 'Signed in: the page goes on to the portal' },
        401: html,
        503: html,
      },
    },
    async (req, res) => {
      if (!sso) return notSetUp(res);
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      res.append('Set-Cookie', serialize(SSO_COOKIE, '', { path: `${base}/admin/sso/`, maxAge: 0 }));
      try {
        const account = await sso.signIn.finish(query, parse(req.get('cookie') ?? '')[SSO_COOKIE]);
        const previous = await sessionAuth.current(req);
        if (previous) await sessions.delete(previous.id);
        const { id } = await sessions.create(account);
        sessionAuth.setCookie(res, id);
        await audit.record({
          ...entry(req, account.email, 200),
          tenants: account.all_tenants ? [] : account.tenants,
        });
        // A page, not a redirect: the session cookie is SameSite=Strict, and a redirect that ends a
        // navigation begun at the provider is cross-site, so the portal would not get it.
        sendPage(res, 200, 'Signed in', 'You are signed in.', { refresh: '/admin/' });
      } catch (err) {
        const status = err instanceof AppError ? err.status : 500;
        const email = err instanceof SsoRefusedError ? err.email : undefined;
        await audit.record({ ...entry(req, email ?? 'unknown', status), tenants: [] });
        page(res, err, sso.name);
      }
    },
  );
}

function entry(req: Request, actor: string, status: number) {
  return {
    actor,
    action: 'signInSso',
    outcome: status < 400 ? ('success' as const) : ('failure' as const),
    status,
    tenant: null,
    targets: [],
    ...requestOrigin(req),
  };
}

/** The page of a refusal (401) or of a provider that does not answer (503); anything else too, never a stack trace. */
function page(res: Response, err: unknown, name: string): void {
  if (err instanceof AppError && err.status < 500 && err.status !== 503)
    return sendPage(res, err.status, 'Sign-in refused', `${name}: ${err.message}.`);
  if (err instanceof AppError && err.status === 503)
    return sendPage(
      res,
      503,
      'Sign-in unavailable',
      `${err.message}. Try again in a moment, or sign in with a password.`,
    );
  sendPage(res, 502, 'Sign-in failed', `${name} could not be used to sign in. Try again in a moment.`);
}

function sendPage(
  res: Response,
  status: number,
  title: string,
  message: string,
  opts: { refresh?: string } = {},
) {
  const refresh = opts.refresh
    ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(opts.refresh)}">`
    : '';
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
    })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">${refresh}<title>${escapeHtml(title)} · docqa</title></head>` +
        `<body><h1>${escapeHtml(title)}</h1><p role="${status < 400 ? 'status' : 'alert'}">${escapeHtml(message)}</p><p><a href="/admin/">Back to the portal’s sign-in</a></p></body></html>`,
    );
}
