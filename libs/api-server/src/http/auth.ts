import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Principal, Scope, TokenRecord } from '@docqa/auth';
import { ForbiddenError, UnauthenticatedError } from '@docqa/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified token of the request (set by {@link authenticate}). */
    principal?: Principal;
  }
}

/** The verified caller; only call behind {@link authenticate}. */
export function principalOf(req: Request): Principal {
  if (!req.principal) throw new UnauthenticatedError('a bearer token is required');
  return req.principal;
}

/**
 * Verifies `Authorization: Bearer <token>` and, for browser requests, the token's allowed
 * origins. Requests without a token pass through unauthenticated; routes that need one say so
 * with {@link requireScope}.
 */
export function authenticate(tokens: { verify(token: string): Promise<TokenRecord | null> }): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('authorization');
    if (!header) return next();
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
