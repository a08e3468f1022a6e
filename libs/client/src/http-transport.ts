import type { Problem } from '@docqa/contracts';
import { DocqaProblemError } from './problem-error';

/** Options of {@link HttpTransport}. */
export interface HttpTransportOptions {
  /** The API base, ending in `/api/v2/` (a missing final slash is added). */
  baseUrl: string;
  /** Bearer token sent with every request. */
  token: string;
  /** The `fetch` to use (tests, proxies, other runtimes). @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch;
  /** Retries of a 429 (after its `Retry-After`) or a 503 (with exponential back-off). @defaultValue 3 */
  retries?: number;
  /** First back-off delay when the server sends no `Retry-After`; doubled per retry. @defaultValue 500 */
  backoffMs?: number;
}

/** One request to the API. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses besides 2xx that are answers, not errors (e.g. 304). */
  accept?: number[];
}

/**
 * Sends requests to the docqa API: bearer auth, JSON bodies, retries of 429 and 503 (and of
 * network failures for GET), and error answers turned into {@link DocqaProblemError}.
 */
export class HttpTransport {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(private readonly options: HttpTransportOptions) {
    this.baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 500;
  }

  /** Sends a request and returns the response (2xx or an accepted status); throws for the rest. */
  async request(path: string, init: RequestOptions = {}): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      ...init.headers,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(this.baseUrl + path, { method, headers, body, signal: init.signal });
      } catch (err) {
        // A GET changes nothing, so a dropped connection may be retried; a POST may not.
        if (method !== 'GET' || attempt >= this.retries || init.signal?.aborted) throw err;
        await sleep(this.backoff(attempt), init.signal);
        continue;
      }
      if (res.ok || init.accept?.includes(res.status)) return res;
      if ((res.status === 429 || res.status === 503) && attempt < this.retries) {
        await res.body?.cancel();
        await sleep(retryAfterMs(res.headers.get('retry-after')) ?? this.backoff(attempt), init.signal);
        continue;
      }
      const problem = await problemOf(res);
      throw new DocqaProblemError(problem, res.headers, this.routeHint(problem));
    }
  }

  /**
   * A 404 for the route itself (not for a record) most often means a `baseUrl` that is not the
   * API's base, e.g. the server's root: say so, with the base that was used.
   */
  private routeHint(problem: Problem): string | undefined {
    const noRoute = problem.code === 'not_found' && problem.detail?.startsWith('no route for');
    if (problem.status !== 404 || !(noRoute || !problem.code)) return undefined;
    return `is baseUrl ${this.baseUrl} the API's base URL, ending in /api/v2/?`;
  }

  /** Sends a request and parses its JSON answer. */
  async json<T>(path: string, init: RequestOptions = {}): Promise<T> {
    return (await (await this.request(path, init)).json()) as T;
  }

  private backoff(attempt: number): number {
    return this.backoffMs * 2 ** attempt;
  }
}

/** `Retry-After` as milliseconds: seconds or an HTTP date; `undefined` when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The problem of an error response; a body that is not a problem becomes one. */
async function problemOf(res: Response): Promise<Problem> {
  const text = await res.text();
  try {
    const parsed = JSON.parse(text) as Partial<Problem>;
    if (typeof parsed.title === 'string' && typeof parsed.status === 'number') return parsed as Problem;
  } catch {
    // not JSON: described below
  }
  return {
    type: 'about:blank',
    title: res.statusText || `HTTP ${res.status}`,
    status: res.status,
    detail: text.slice(0, 500) || undefined,
  };
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
