import { API_BASE_PATH } from '@docqa/contracts/constants';
import { ApiError, networkError } from './api-error';

/** Where the API lives: the portal is served by the API itself, same origin. */
export const API_BASE = `${API_BASE_PATH}/`;

/** Options of one call. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or a FormData for multipart uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** A 401 of this call is an answer (sign-in), not an expired session. */
  allowUnauthenticated?: boolean;
}

/**
 * The portal's one API client: session cookie, the CSRF header on state-changing calls, the tenant
 * header, and problem+json answers turned into {@link ApiError}. A 401 on any other call fires
 * `expired` (the session ended: idle time-out, signed out elsewhere).
 */
export class AdminApi extends EventTarget {
  /** The session's CSRF token, sent as `X-CSRF-Token` on POST, PUT and DELETE. */
  csrfToken?: string;
  /** The tenant the portal works on, sent as `X-Docqa-Tenant`. */
  tenant?: string;

  constructor(private readonly base = API_BASE) {
    super();
  }

  /** Calls `path` (relative to `/api/v2/`) and returns its JSON body (undefined for 204). */
  async call<T>(path: string, opts: CallOptions = {}): Promise<T> {
    const res = await this.request(path, opts);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** Fetches `path` as a file (an export), with the same headers and errors as {@link call}. */
  async download(path: string, opts: CallOptions = {}): Promise<Blob> {
    return (await this.request(path, opts)).blob();
  }

  private async request(path: string, opts: CallOptions): Promise<Response> {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    if (this.tenant) headers['x-docqa-tenant'] = this.tenant;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await fetch(this.base + path + queryString(opts.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: opts.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw networkError();
    }
    if (!res.ok) {
      const error = await ApiError.from(res);
      if (res.status === 401 && !opts.allowUnauthenticated) this.dispatchEvent(new Event('expired'));
      throw error;
    }
    return res;
  }
}

function queryString(query: CallOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The client every page uses. */
export const api = new AdminApi();
