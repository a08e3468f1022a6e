import express, { type Request, type RequestHandler } from 'express';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '@docqa/errors';

/**
 * JSON body parsing with a size limit; a body of any other type answers 415 rather than being
 * silently ignored. A body whose declared `Content-Length` is over the limit answers 413 at once,
 * before any of it is read, and the connection closes (body-parser would read the whole declared
 * length first, holding the connection as long as the client cares to keep it). Requests `exempt`
 * says read their body themselves (multipart uploads, with limits of their own).
 *
 * @param limit a size such as `64kb` (settings BODY_LIMIT, DOCUMENTS_BODY_LIMIT).
 */
export function jsonBody(limit: string, exempt: (req: Request) => boolean = () => false): RequestHandler {
  const maxBytes = parseSize(limit);
  const parse = express.json({ limit, strict: true, type: ['application/json', 'application/*+json'] });
  // One handler that asks `exempt` once: it runs on every request under its mount path.
  return (req, res, next) => {
    if (req.body !== undefined) return next();
    const length = req.headers['content-length'];
    const encoding = req.headers['transfer-encoding'];
    // No body at all (a GET): body-parser would only find that out again (its own test).
    if ((length === undefined && encoding === undefined) || exempt(req)) return next();
    const declared = Number(length ?? 0);
    const hasBody = declared > 0 || encoding !== undefined;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      throw new UnsupportedMediaTypeError('send the body as application/json');
    }
    if (declared > maxBytes) {
      res.setHeader('Connection', 'close');
      throw new PayloadTooLargeError(`the request body is larger than ${limit}`);
    }
    parse(req, res, next);
  };
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** Bytes of a size setting such as `64kb` or `10mb` (the settings' own pattern). */
function parseSize(size: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
}
