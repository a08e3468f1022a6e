import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Level, Logger } from 'pino';
import type { Metrics } from '@docqa/metrics';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's `X-Request-Id` when well formed, else a new UUID. */
    id: string;
  }
}

const CALLER_ID = /^[\w.-]{1,100}$/;

/**
 * Gives every request an id (echoed in `X-Request-Id`) and logs it when it ends: errors and 5xx
 * at `error`, 4xx and requests the client aborted at `info`, the rest at `debug`. With `metrics`,
 * also counts it and its latency by route template (the matched route's path, as {@link markRoute}
 * recorded it where it runs; `static` for files, `unmatched` for the rest).
 *
 * pino-http did this before, but it builds a child logger and serialises the request on every
 * request even when the line is never written; that cost a quarter of `GET /question/{id}/`'s
 * throughput (docs/benchmarks.md). Here nothing is built until a line is actually written.
 */
export function requestLog(logger: Logger, metrics?: Metrics): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && CALLER_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = performance.now();
    // 'close' alone: a response emits it once, after 'finish' when it was sent in full, or when
    // the client left first (one listener a request rather than two added and removed; `on`, as
    // `once` would wrap it in a bound function and a state object, for an event that comes once).
    res.on('close', () => {
      if (metrics) observe(metrics, req, res, performance.now() - started);
      const aborted = !res.writableFinished;
      // A client that leaves before the response ends (an aborted upload, a closed stream) is
      // worth a line at info, whatever status the response had reached.
      const level: Level =
        res.statusCode >= 500 ? 'error' : res.statusCode >= 400 || aborted ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: req.id,
          // No headers: they carry bearer tokens.
          req: { method: req.method, url: req.originalUrl, remoteAddress: req.ip },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
          aborted: aborted || undefined,
        },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}

/** The route template a request matched, as {@link markRoute} recorded it. */
const ROUTE = Symbol('route');
type Marked = Response & { [ROUTE]?: string };

/**
 * Records the template of the route that matched (`/api/v2/question/:id/`), for the metrics. Call
 * first in a route's handler: when a handler fails, the error reaches the app's error handler
 * after the router has restored `req.baseUrl`, so by the time the response ends the template
 * would have lost the router's mount path.
 */
export function markRoute(req: Request, res: Response): void {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') (res as Marked)[ROUTE] ??= req.baseUrl + path;
}

function observe(metrics: Metrics, req: Request, res: Response, ms: number): void {
  const { statusCode } = res;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  const route =
    (res as Marked)[ROUTE] ??
    (typeof path === 'string' ? req.baseUrl + path : statusCode < 400 ? 'static' : 'unmatched');
  const labels = { route, method: req.method, status: String(statusCode) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, ms / 1000);
}
