import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One page of a {@link DocsSite}: a body, a type, or a status to answer instead. */
export interface DocsPage {
  /** Text, or bytes (a PDF). */
  body: string | Uint8Array;
  /** @defaultValue `text/html; charset=utf-8` */
  type?: string;
  /** Answer this status (no body) instead of the page. */
  status?: number;
  /** Answer `301 Moved Permanently` to this path instead of the page. */
  redirect?: string;
  /** Wait this long before answering, in ms. */
  delayMs?: number;
  /** Answer once this settles (a test holds a sync on this page until it says so). */
  until?: Promise<unknown>;
}

/** A local docs site whose pages a test changes between syncs. */
export interface DocsSite {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  /** Pages by path; change, add or delete entries at will. */
  pages: Map<string, DocsPage>;
  /** Every request as `STATUS PATH`, in arrival order. */
  log: string[];
  /** Bytes of bodies sent. */
  bytesSent(): number;
  /** Most requests answered at the same moment. */
  maxInFlight(): number;
  /** Serves `/sitemap.xml` listing these paths (the default: every page but the sitemap). */
  setSitemap(paths?: string[]): void;
  close(): Promise<void>;
}

/**
 * A web site on 127.0.0.1 that answers as a careful static host does: an `ETag` (the body's
 * hash) and `Last-Modified` on every page, `304 Not Modified` to a matching `If-None-Match`.
 * Unknown paths answer 404.
 */
export async function startDocsSite(pages: Record<string, DocsPage> = {}): Promise<DocsSite> {
  const map = new Map(Object.entries(pages));
  const log: string[] = [];
  const modified = new Date('2026-01-01T00:00:00Z').toUTCString();
  let bytes = 0;
  let origin = '';
  let inFlight = 0;
  let maxInFlight = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    const { delayMs, until } = map.get(new URL(req.url ?? '/', origin).pathname) ?? {};
    if (until) {
      void until.finally(() => !res.destroyed && respond(req, res));
      return;
    }
    if (!delayMs) return respond(req, res);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) respond(req, res);
    }, delayMs);
    timers.add(timer);
  });
  const respond = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', origin).pathname;
    const page = map.get(path);
    const answer = (status: number, headers: Record<string, string> = {}, body: string | Uint8Array = '') => {
      log.push(`${status} ${path}`);
      bytes += Buffer.byteLength(body);
      res.writeHead(status, headers).end(body);
    };
    if (!page) return answer(404, { 'content-type': 'text/plain' }, 'not found');
    if (page.status) return answer(page.status, { 'content-type': 'text/plain' }, `status ${page.status}`);
    if (page.redirect) return answer(301, { location: page.redirect });
    const etag = `"${createHash('sha256').update(page.body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) return answer(304, { etag });
    answer(
      200,
      { 'content-type': page.type ?? 'text/html; charset=utf-8', etag, 'last-modified': modified },
      page.body,
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const site: DocsSite = {
    origin,
    pages: map,
    log,
    bytesSent: () => bytes,
    maxInFlight: () => maxInFlight,
    setSitemap(paths) {
      const listed = paths ?? [...map.keys()].filter((p) => p !== '/sitemap.xml');
      const urls = listed.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
      map.set('/sitemap.xml', {
        type: 'application/xml',
        body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return site;
}

/** An HTML page with a title and a paragraph. */
export function htmlPage(title: string, text: string): DocsPage {
  return {
    body: `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
  };
}
