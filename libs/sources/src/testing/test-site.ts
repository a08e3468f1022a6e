import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One path of a {@link TestSite}. */
export interface TestRoute {
  /** @defaultValue 200 */
  status?: number;
  /** The Content-Type header. @defaultValue `text/html; charset=utf-8` */
  type?: string;
  /** The body; a function gets the site's origin (`http://127.0.0.1:PORT`), for absolute links. */
  body?: string | Uint8Array | ((origin: string) => string);
  /** Wait this long before answering, in ms. */
  delayMs?: number;
  /** More response headers (a `content-encoding` for a body already compressed). */
  headers?: Record<string, string>;
}

/** A local web site for tests of page, sitemap and robots.txt loading. */
export interface TestSite {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  /** Paths requested, in arrival order. */
  requests: string[];
  /** The User-Agent of each request, in arrival order. */
  userAgents: string[];
  /** Most requests that were being answered at the same moment. */
  maxInFlight(): number;
  /** Forgets the requests seen so far and the concurrency peak. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Serves fixed routes on 127.0.0.1 at a free port; other paths answer 404. Counts concurrent
 * requests so tests can check a concurrency bound.
 */
export async function startTestSite(routes: Record<string, TestRoute>): Promise<TestSite> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const route = routes[new URL(req.url ?? '/', origin).pathname];
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const body = typeof route.body === 'function' ? route.body(origin) : (route.body ?? '');
    res
      .writeHead(route.status ?? 200, {
        'content-type': route.type ?? 'text/html; charset=utf-8',
        ...route.headers,
      })
      .end(body);
  };

  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    userAgents.push(req.headers['user-agent'] ?? '');
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    const delayMs = routes[new URL(req.url ?? '/', origin).pathname]?.delayMs ?? 0;
    if (!delayMs) return answer(req, res);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) answer(req, res);
    }, delayMs);
    timers.add(timer);
  });
  // Longer than the client's idle time-out, so the client never reuses a socket being closed.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    userAgents,
    maxInFlight: () => maxInFlight,
    reset: () => {
      requests.length = 0;
      userAgents.length = 0;
      maxInFlight = inFlight;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
