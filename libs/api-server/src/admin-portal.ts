import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Router } from 'express';
import { NotFoundError } from '@docqa/errors';
import { staticAssets } from './http/static-assets';

/**
 * CSP of the portal: scripts and styles only from this origin, no inline exception (Lit's styles
 * are constructed style sheets). Images may come from https for the widget preview's logo.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the administration portal built into `adminDir` at `/admin/`: content-hashed files under
 * `/admin/assets/` cached for a year (brotli or gzip as the browser accepts, compressed at build
 * time), and `index.html` (never cached) for every other path below
 * `/admin/`, so a deep link such as `/admin/tokens` opens the right page.
 */
export function adminPortalRoutes(router: Router, opts: { adminDir?: string }): void {
  const dir = opts.adminDir;
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  const security = (res: ServerResponse) => {
    res.setHeader('Content-Security-Policy', ADMIN_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
  };
  router.use(
    '/admin/assets',
    staticAssets(join(dir, 'assets'), { entryMaxAgeSeconds: 365 * 24 * 3600, headers: security }),
    // A missing asset is a 404 problem, not the page.
    (req) => {
      throw new NotFoundError(`no file ${req.originalUrl.split('?')[0]}`);
    },
  );
  router.get(['/admin', '/admin/{*page}'], (_req, res) => {
    security(res);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(dir, 'index.html'));
  });
}
