import express, { type Request, type RequestHandler } from 'express';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '@docqa/errors';

/** A larger body limit for the paths under some prefixes (documents, evaluation files). */
export interface LargerBodies {
  /** A size such as `10mb` (setting DOCUMENTS_BODY_LIMIT). */
  limit: string;
  /** Path prefixes under the router's mount path, e.g. `/documents`. */
  under: string[];
}

/**
 * JSON body parsing with a size limit; a body of any other type answers 415 rather than being
 * silently ignored. A body whose declared `Content-Length` is over the limit answers 413 at once,
 * before any of it is read, and the connection closes (body-parser would read the whole declared
 * length first, holding the connection as long as the client cares to keep it). Requests `exempt`
 * says read their body themselves (multipart uploads, with limits of their own). One middleware
 * for every path, with the limit of its path (one layer per limit cost each request a match).
 *
 * @param limit a size such as `64kb` (setting BODY_LIMIT).
 */
export function jsonBody(
  limit: string,
  exempt: (req: Request) => boolean = () => false,
  larger?: LargerBodies,
): RequestHandler {
  const normal = bodyParser(limit);
  const large = larger && bodyParser(larger.limit);
  const isLarge = (path: string) =>
    larger!.under.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (req, res, next) => {
    if (req.body !== undefined) return next();
    const length = req.headers['content-length'];
    const encoding = req.headers['transfer-encoding'];
    // No body at all (a GET): body-parser would only find that out again (its own test).
    if ((length === undefined && encoding === undefined) || exempt(req)) return next();
    const { maxBytes, parse, size } = large && isLarge(req.path.toLowerCase()) ? large : normal;
    const declared = Number(length ?? 0);
    const hasBody = declared > 0 || encoding !== undefined;
    if (hasBody && !req.is(['application/json', 'application/*+json'])) {
      throw new UnsupportedMediaTypeError('send the body as application/json');
    }
    if (declared > maxBytes) {
      res.setHeader('Connection', 'close');
      throw new PayloadTooLargeError(`the request body is larger than ${size}`);
    }
    parse(req, res, next);
  };
}

/** body-parser's JSON parser of one limit, with the limit in bytes. */
function bodyParser(size: string) {
  return {
    size,
    maxBytes: parseSize(size),
    parse: express.json({ limit: size, strict: true, type: ['application/json', 'application/*+json'] }),
  };
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** Bytes of a size setting such as `64kb` or `10mb` (the settings' own pattern). */
function parseSize(size: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
}
