import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  AppError,
  DependencyUnavailableError,
  HeadersTooLargeError,
  InternalError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
  toProblem,
} from '@docqa/errors';
import type { RouteTable } from './route';

/** Answers unmatched requests: 405 with `Allow` when the path exists with other methods, else 404. */
export function notFound(routes: RouteTable, basePath: string): RequestHandler {
  return (req) => {
    const path = req.path.startsWith(basePath) ? req.path.slice(basePath.length) : null;
    const allowed = path === null ? [] : routes.methodsFor(path);
    if (allowed.length) {
      throw new MethodNotAllowedError(`${req.method} is not supported here; use ${allowed.join(', ')}`, {
        headers: { Allow: allowed.join(', ') },
      });
    }
    // A path of the API asked without its base path (`POST /mcp`): say where the API is.
    const elsewhere = path === null && routes.methodsFor(req.path).includes(req.method);
    const hint = elsewhere ? `; the API is under ${basePath}/ (${req.method} ${basePath}${req.path})` : '';
    throw new NotFoundError(`no route for ${req.method} ${req.path}${hint}`);
  };
}

/** The one place errors become RFC 9457 responses; no stack trace or HTML ever leaves. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const error = normalise(err);
    if (error.status >= 500) logger.error({ err, reqId: req.id }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    if (error instanceof UnauthenticatedError) res.setHeader('WWW-Authenticate', 'Bearer realm="docqa"');
    res
      .status(error.status)
      .type('application/problem+json')
      .send(JSON.stringify(toProblem(error, instanceOf(req))));
  };
}

function instanceOf(req: Request): string {
  return req.originalUrl.split('?')[0]!;
}

/** Maps errors raised by Express and body-parser to ours. */
function normalise(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof URIError) return new ValidationError('the URL is not validly percent-encoded');
  if (isRedisUnavailable(err)) return new DependencyUnavailableError('Redis is unavailable', { cause: err });
  return fromBodyParser(err) ?? new InternalError('unexpected error', { cause: err });
}

/**
 * body-parser (and raw-body under it) reject what the client sent with an http-errors 4xx: a
 * body too large, not JSON, in an unknown encoding, labelled compressed but not (zlib's error),
 * or cut off by the client. All of them are the client's doing, never a 500.
 */
function fromBodyParser(err: unknown): AppError | undefined {
  const e = err as { type?: string; status?: number; expose?: boolean; message?: string; body?: unknown };
  const status = e?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const options = { cause: err };
  switch (e.type) {
    case 'entity.too.large':
      return new PayloadTooLargeError('the request body is too large', options);
    case 'entity.parse.failed':
      // Strict parsing refuses JSON that is not an object or array (`null`, `"hi"`) too.
      return new ValidationError(
        isJson(e.body) ? 'the request body must be a JSON object' : 'the request body is not valid JSON',
        options,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError(e.message ?? 'unsupported body encoding', options);
    case 'request.aborted':
      return new ValidationError('the client aborted the request', options);
    case undefined:
      // zlib's error for a body whose Content-Encoding does not match its bytes.
      return new ValidationError('the request body is not validly encoded for its Content-Encoding', options);
    default:
      return new ValidationError(e.expose && e.message ? e.message : 'the request body is invalid', options);
  }
}

function isJson(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * ioredis' and Redis' ways of saying the server cannot be reached or is failing over (a Sentinel
 * or Cluster master being replaced): the request may be retried, so a 503, never a 500.
 */
const REDIS_UNAVAILABLE = new RegExp(
  [
    'ECONNREFUSED|ECONNRESET|Connection is closed|enableOfflineQueue|Stream isn.t writeable',
    'Command timed out|Too many Cluster redirections|Failed to refresh slots cache',
    'None of startup nodes is available|Cluster isn.t ready|All sentinels are unreachable',
    '^(CLUSTERDOWN|TRYAGAIN|READONLY|LOADING|MASTERDOWN|NOREPLICAS)',
  ].join('|'),
);

function isRedisUnavailable(err: unknown): boolean {
  const e = err as { name?: string; message?: string };
  return (
    e?.name === 'MaxRetriesPerRequestError' ||
    e?.name === 'ClusterAllFailedError' ||
    REDIS_UNAVAILABLE.test(e?.message ?? '')
  );
}

/**
 * Answers what Node's HTTP parser refuses before any route sees it (a request slower than
 * `requestTimeout`, headers over `maxHeaderSize`, a request that is not HTTP) with problem details,
 * as every other error, instead of Node's bare status line; then closes the connection. Listen on
 * the server's `clientError`.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as Socket).bytesWritten > 0)
    return void socket.destroy();
  const error =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new RequestTimeoutError('the request did not arrive in time')
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new HeadersTooLargeError('the request headers are too large')
        : new ValidationError('the request is not valid HTTP');
  const body = JSON.stringify(toProblem(error));
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
