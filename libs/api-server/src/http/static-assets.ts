import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { ValidationError } from '@docqa/errors';

/** esbuild's content-hashed names (`[name]-[hash]`): such a file never changes under its URL. */
const HASHED = /-[A-Z0-9]{8}\.\w+(\.(br|gz))?$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Serves a folder of built browser files: the brotli or gzip copy written at build time when the
 * client accepts it (`Vary: Accept-Encoding`), content-hashed files as `immutable` for a year,
 * the others (stable entry URLs) with a short max-age and an `ETag` to revalidate.
 *
 * @param entryMaxAgeSeconds max-age of files whose name carries no hash.
 * @param crossOrigin allow any origin to load the files (the widget, embedded by docs sites).
 * @param headers more headers for every file (the portal's CSP).
 */
export function staticAssets(
  dir: string,
  opts: { entryMaxAgeSeconds: number; crossOrigin?: boolean; headers?: (res: ServerResponse) => void },
): RequestHandler {
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      etag: true,
      lastModified: false,
      setHeaders(res, path) {
        const maxAge = HASHED.test(basename(path)) ? `${YEAR_SECONDS}, immutable` : opts.entryMaxAgeSeconds;
        res.setHeader('Cache-Control', `public, max-age=${maxAge}`);
        if (opts.crossOrigin) res.setHeader('Access-Control-Allow-Origin', '*');
        opts.headers?.(res);
      },
    },
  });
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return next(new ValidationError('the path is not validly percent-encoded'));
    }
    serve(req, res, next);
  };
}
