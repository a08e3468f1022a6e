import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Principal } from '@docqa/auth';
import type { Scope, TokenRecord } from '@docqa/contracts';
import { ForbiddenError, UnauthenticatedError } from '@docqa/errors';
import type { SessionAuth } from './session-auth';

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified token or portal session of the request (set by {@link authenticate}). */
    principal?: Principal;
  }
}

/** The verified caller; only call behind {@link authenticate}. */
export function principalOf(req: Request): Principal {
  if (!req.principal) throw new UnauthenticatedError('a bearer token or a portal session is required');
  return req.principal;
}

/**
 * Verifies `Authorization: Bearer <token>` and, for browser requests, the token's allowed
 * origins; without that header, the portal's session cookie (see {@link SessionAuth}: tenant
 * header, CSRF header). Requests with neither pass through unauthenticated; routes that need a
 * caller say so with {@link requireScope}.
 */
export function authenticate(
  tokens: { verify(token: string): Promise<TokenRecord | null> },
  sessions?: Pick<SessionAuth, 'principal'>,
): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    if (!header) {
      const principal = await sessions?.principal(req);
      if (principal) req.principal = principal;
      return next();
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new UnauthenticatedError('the Authorization header must be "Bearer <token>"');
    const principal = await tokens.verify(match[1]!);
    if (!principal) throw new UnauthenticatedError('the token is unknown, revoked or expired');
    const origin = req.get('origin');
    if (origin && !isSameOrigin(req, origin) && !principal.origins.includes(origin)) {
      throw new ForbiddenError(`this token may not be used from ${origin}`);
    }
    req.principal = principal;
    next();
  };
}

/** Whether the token has `scope` (admin implies every scope of its tenant). */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.includes(scope) || principal.scopes.includes('admin');
}

/** Requires a token with `scope`, or with any one of several scopes. */
export function requireScope(scope: Scope | Scope[]): RequestHandler {
  const anyOf = Array.isArray(scope) ? scope : [scope];
  return (req, _res, next) => {
    const principal = principalOf(req);
    if (!anyOf.some((s) => hasScope(principal, s))) {
      throw new ForbiddenError(`this token lacks the "${anyOf.join('" or "')}" scope`);
    }
    next();
  };
}

/** Whether `origin` is the API's own (the demo page and Swagger UI it serves). */
export function isSameOrigin(req: Request, origin: string): boolean {
  return origin === `${req.protocol}://${req.get('host')}`;
}
