import type { Request, Response } from 'express';
import type { Principal } from '@docqa/auth';
import type { Scope, TokenRecord } from '@docqa/contracts';
import { ForbiddenError, UnauthenticatedError } from '@docqa/errors';
import type { OwnOrigin } from './own-origin';
import type { SessionAuth } from './session-auth';

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified token or portal session of the request (set by {@link authenticate}). */
    principal?: Principal;
  }
}

/** What checks a clear token: the token cache, or the store itself. */
export interface TokenVerifier {
  verify(token: string): Promise<TokenRecord | null>;
  /** The token's record when known without waiting (the cache's fresh entry), else `undefined`. */
  known?(token: string): TokenRecord | undefined;
}

/**
 * A check a route runs before its handler, in the route's own handler (not as a middleware
 * layer of its own: Express's walk from layer to layer cost a few per cent of a request); it
 * throws to refuse the request.
 */
export type RouteCheck = (req: Request, res: Response) => void | Promise<void>;

/** The verified caller; only call behind {@link authenticate}. */
export function principalOf(req: Request): Principal {
  if (!req.principal) throw new UnauthenticatedError('a bearer token or a portal session is required');
  return req.principal;
}

/**
 * Verifies `Authorization: Bearer <token>` and then, for browser requests from elsewhere than the
 * installation's own origin (see `ownOrigin`), the token's allowed origins; without that header,
 * the portal's session cookie (see {@link SessionAuth}: tenant header, CSRF header). Requests with
 * neither pass through unauthenticated; routes that need a caller say so with {@link requireScope}.
 */
export function authenticate(
  tokens: TokenVerifier,
  sessions: Pick<SessionAuth, 'principal'> | undefined,
  isOwnOrigin: OwnOrigin,
): RouteCheck {
  const admit = (req: Request, principal: TokenRecord) => {
    const origin = req.headers.origin;
    if (origin && !isOwnOrigin(req, origin) && !principal.origins.includes(origin)) {
      throw new ForbiddenError(`this token may not be used from ${origin}`);
    }
    req.principal = principal;
  };
  return (req) => {
    const header = req.headers.authorization;
    if (!header) return sessionPrincipal(req, sessions);
    const token = bearerToken(header);
    // A token the cache holds passes without a promise or a microtask turn: most requests.
    const known = tokens.known?.(token);
    if (known) return admit(req, known);
    return tokens.verify(token).then((record) => admit(req, verified(record)));
  };
}

async function sessionPrincipal(req: Request, sessions: Pick<SessionAuth, 'principal'> | undefined) {
  const principal = await sessions?.principal(req);
  if (principal) req.principal = principal;
}

/** The token of an `Authorization` header; throws 401 when it is malformed, unknown, revoked or expired. */
export async function verifyBearer(header: string, tokens: TokenVerifier): Promise<TokenRecord> {
  return verified(await tokens.verify(bearerToken(header)));
}

/** The token of a `Bearer <token>` header; throws 401 when the header is malformed. */
function bearerToken(header: string): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new UnauthenticatedError('the Authorization header must be "Bearer <token>"');
  return match[1]!;
}

function verified(record: TokenRecord | null): TokenRecord {
  if (!record) throw new UnauthenticatedError('the token is unknown, revoked or expired');
  return record;
}

/** Whether the token has `scope` (admin implies every scope of its tenant). */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.includes(scope) || principal.scopes.includes('admin');
}

/** Requires a token with `scope`, or with any one of several scopes. */
export function requireScope(scope: Scope | Scope[]): RouteCheck {
  const anyOf = Array.isArray(scope) ? scope : [scope];
  return (req) => {
    const principal = principalOf(req);
    if (!anyOf.some((s) => hasScope(principal, s))) {
      throw new ForbiddenError(`this token lacks the "${anyOf.join('" or "')}" scope`);
    }
  };
}
