import express, { type Request, type RequestHandler } from 'express';
import { UnsupportedMediaTypeError } from '@docqa/errors';

/**
 * JSON body parsing with a size limit; a body of any other type answers 415 rather than being
 * silently ignored. Requests `exempt` says read their body themselves (multipart uploads).
 */
export function jsonBody(limit: string, exempt: (req: Request) => boolean = () => false): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    if (exempt(req)) return next();
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      throw new UnsupportedMediaTypeError('send the body as application/json');
    }
    next();
  };
  const parse = express.json({ limit, strict: true });
  return [requireJson, (req, res, next) => (exempt(req) ? next() : parse(req, res, next))];
}
