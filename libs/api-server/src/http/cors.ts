import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/redis';
import { ForbiddenError } from '@docqa/errors';
import { verifyBearer, type TokenVerifier } from './auth';
import type { OwnOrigin } from './own-origin';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID';
const EXPOSED_HEADERS =
  'Location, ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id';

/**
 * CORS for browser callers (the widget). Every cross-origin response carries
 * `Access-Control-Allow-Origin`, so a page reads a refusal as the 403 problem it is (the widget then
 * says it is not allowed on this page) rather than as a network failure. A preflight is answered
 * for any origin: it carries no token, and grants nothing but sending the request, which is then
 * refused with 403 when no token allows its origin (401 first when its own token is not valid: a
 * revoked token's origin left the allowed set with it, and its page must say the token is no longer
 * valid), and checked against its own token's origins by `authenticate`. No credentials are
 * allowed, so a page never sends the portal's cookie this way.
 */
export function cors(deps: {
  redis: Redis;
  keys: Keys;
  tokens: TokenVerifier;
  isOwnOrigin: OwnOrigin;
}): RequestHandler {
  // Not async: most requests carry no foreign origin, and pass on without a promise.
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (!origin || deps.isOwnOrigin(req, origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    return allowedOrigin(deps, origin, req.headers.authorization).then(() => next());
  };
}

/** Passes when a token allows `origin`; else throws 401 for a bad token of the request, or 403. */
async function allowedOrigin(
  deps: { redis: Redis; keys: Keys; tokens: TokenVerifier },
  origin: string,
  header: string | undefined,
): Promise<void> {
  const known = (await deps.redis.sismember(deps.keys.allowedOrigins(), origin)) === 1;
  if (known) return;
  if (header) await verifyBearer(header, deps.tokens);
  throw new ForbiddenError(`origin ${origin} is not allowed by any token`);
}
