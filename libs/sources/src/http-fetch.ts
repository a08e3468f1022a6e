import { fetch as fetchThrough, type Dispatcher } from 'undici';
import { FetchFailedError } from '@docqa/errors';

/** The User-Agent docqa fetches with; robots.txt groups for `docqa` apply to it. */
export const DOCQA_USER_AGENT = 'docqa/0.1 (self-hosted documentation Q&A; ingest)';

const ACCEPT =
  'text/html, application/xhtml+xml, text/markdown;q=0.9, text/plain;q=0.8, application/pdf;q=0.8, ' +
  'application/xml;q=0.5, */*;q=0.1';

/** How pages are fetched. */
export interface FetchOptions {
  /** Time allowed for one request, body included, in ms. @defaultValue 15000 */
  timeoutMs?: number;
  /** Largest body accepted, in bytes. @defaultValue 10 MiB (the documents endpoint's limit) */
  maxBytes?: number;
  /** @defaultValue {@link DOCQA_USER_AGENT} */
  userAgent?: string;
  /** Cancels every request made with these options. */
  signal?: AbortSignal;
  /** Extra request headers (e.g. `If-None-Match`, `If-Modified-Since`, `Authorization`). */
  headers?: Record<string, string>;
  /**
   * Checked before the request and before following each redirect; throws to refuse the URL
   * (see `refusePrivateNetworks`). @defaultValue none
   */
  guard?: (url: URL) => Promise<void>;
  /**
   * The connections requests go through (see `PUBLIC_NETWORKS_ONLY`, which checks every address a
   * name resolves to when it connects). @defaultValue the process's global fetch
   */
  dispatcher?: Dispatcher;
  /** Counts requests sent and bytes received, for a sync's report. */
  meter?: { requests: number; bytes: number };
}

/** Redirects followed at most, when a guard checks each one. */
const MAX_REDIRECTS = 10;

/** A fetched response, whatever its status. */
export interface FetchedResource {
  /** The URL the response came from, after redirects. */
  url: string;
  status: number;
  /** The media type, lower case, without parameters; '' when the server sent none. */
  mediaType: string;
  /** The `charset` parameter of the Content-Type, when given. */
  charset?: string;
  /** The `ETag` and `Last-Modified` validators, when sent. */
  etag?: string;
  lastModified?: string;
  /**
   * When a rate-limited server lets requests through again (epoch seconds): `x-ratelimit-reset`
   * once `x-ratelimit-remaining` is 0, else `Retry-After`.
   */
  rateLimitReset?: number;
  body: Uint8Array;
}

/**
 * GETs a URL with a time-out, docqa's User-Agent and a cap on the body size, following redirects.
 * Any status is returned; network errors, time-outs and bodies over the cap throw a
 * {@link FetchFailedError} whose message says which.
 */
export async function fetchResource(url: string, options: FetchOptions = {}): Promise<FetchedResource> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const res = await request(url, options, signal);
    const [mediaType = '', ...params] = (res.headers.get('content-type') ?? '').split(';');
    const charset = params
      .map((p) => /^\s*charset\s*=\s*"?([^";\s]+)/i.exec(p)?.[1])
      .find(Boolean)
      ?.toLowerCase();
    const body = await readBody(res, maxBytes);
    if (options.meter) options.meter.bytes += body.byteLength;
    const etag = res.headers.get('etag');
    const lastModified = res.headers.get('last-modified');
    const rateLimitReset = rateLimitResetOf(res.headers);
    return {
      url: res.url || url,
      status: res.status,
      mediaType: mediaType.trim().toLowerCase(),
      ...(charset && { charset }),
      ...(etag && { etag }),
      ...(lastModified && { lastModified }),
      ...(rateLimitReset && { rateLimitReset }),
      body,
    };
  } catch (err) {
    throw fetchError(err, timeout.aborted, timeoutMs);
  }
}

function rateLimitResetOf(headers: Headers): number | undefined {
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.get('x-ratelimit-remaining') === '0' && reset > 0) return reset;
  const retryAfter = Number(headers.get('retry-after'));
  return retryAfter > 0 ? Math.ceil(Date.now() / 1000) + retryAfter : undefined;
}

/** One GET, following redirects; with a guard, each hop is checked before it is requested. */
async function request(url: string, options: FetchOptions, signal: AbortSignal): Promise<Response> {
  const headers = { 'user-agent': options.userAgent ?? DOCQA_USER_AGENT, accept: ACCEPT, ...options.headers };
  const { dispatcher } = options;
  const get = (target: string | URL, redirect: RequestRedirect): Promise<Response> =>
    dispatcher
      ? (fetchThrough(target, { signal, redirect, headers, dispatcher }) as unknown as Promise<Response>)
      : fetch(target, { signal, redirect, headers });
  if (!options.guard) {
    if (options.meter) options.meter.requests++;
    return get(url, 'follow');
  }
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    await options.guard(current);
    if (options.meter) options.meter.requests++;
    const res = await get(current, 'manual');
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || res.status === 304 || !location) return res;
    await res.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new FetchFailedError(`more than ${MAX_REDIRECTS} redirects`);
    current = new URL(location, current);
  }
}

/** The body of a fetched resource as text, in its charset (UTF-8 when none or an unknown one). */
export function decodeText(resource: Pick<FetchedResource, 'body' | 'charset'>): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(resource.charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(resource.body);
}

async function readBody(res: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new FetchFailedError(`larger than ${formatBytes(maxBytes)}`);
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function fetchError(err: unknown, timedOut: boolean, timeoutMs: number): Error {
  if (err instanceof FetchFailedError) return err;
  if (timedOut) return new FetchFailedError(`timed out after ${timeoutMs / 1000} s`, { cause: err });
  if (err instanceof Error && err.name === 'AbortError')
    return new FetchFailedError('cancelled', { cause: err });
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  // Refused where the connection looked its host up (see `publicLookup`).
  if (cause instanceof FetchFailedError) return cause;
  const why = cause?.code ?? cause?.message ?? (err as Error).message;
  return new FetchFailedError(`cannot fetch: ${why}`, { cause: err });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
