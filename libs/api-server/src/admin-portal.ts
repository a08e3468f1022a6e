import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import { NotFoundError } from '@docqa/errors';

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
 * `/admin/assets/` cached for a year, and `index.html` (never cached) for every other path below
 * `/admin/`, so a deep link such as `/admin/tokens` opens the right page.
 */
export function adminPortalRoutes(router: Router, opts: { adminDir?: string }): void {
  const dir = opts.adminDir;
  if (!dir || !existsSync(join(dir, 'index.html'))) return;
  const security = (res: express.Response) => {
    res.setHeader('Content-Security-Policy', ADMIN_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
  };
  router.use(
    '/admin/assets',
    express.static(join(dir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      setHeaders: security,
    }),
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
