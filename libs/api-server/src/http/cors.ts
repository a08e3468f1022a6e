import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Keys } from '@docqa/records';
import { ForbiddenError } from '@docqa/errors';
import { isSameOrigin } from './auth';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-None-Match, Last-Event-ID';
const EXPOSED_HEADERS =
  'Location, ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id';

/**
 * CORS for browser callers (the widget). A preflight is answered for origins some token allows
 * (the token itself is not sent with a preflight); the real request is then checked against its
 * own token's origins by `authenticate`. Any other origin is refused with 403.
 */
export function cors(deps: { redis: Redis; keys: Keys }): RequestHandler {
  return async (req, res, next) => {
    const origin = req.get('origin');
    if (!origin || isSameOrigin(req, origin)) return next();
    const known = (await deps.redis.sismember(deps.keys.allowedOrigins(), origin)) === 1;
    if (!known) throw new ForbiddenError(`origin ${origin} is not allowed by any token`);
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
