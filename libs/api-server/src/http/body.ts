import express, { type RequestHandler } from 'express';
import { UnsupportedMediaTypeError } from '@docqa/errors';

/**
 * JSON body parsing with a size limit; a body of any other type answers 415 rather than being
 * silently ignored.
 */
export function jsonBody(limit: string): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      throw new UnsupportedMediaTypeError('send the body as application/json');
    }
    next();
  };
  return [requireJson, express.json({ limit, strict: true })];
}
