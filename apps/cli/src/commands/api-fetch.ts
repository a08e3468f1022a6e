import { DependencyUnavailableError } from '@docqa/errors';

/** Options of {@link apiFetch}. */
export interface ApiFetchOptions {
  /** The API base URL, as errors name it. */
  baseUrl: string;
  /** The `fetch` to wrap (tests). @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch;
}

/**
 * The `fetch` of the CLI's API clients: a request that cannot reach the API throws an error naming
 * the base URL and the cause (`cannot reach http://127.0.0.1:3999/api/v2/ (ECONNREFUSED)`), not
 * fetch's "fetch failed".
 */
export function apiFetch({ baseUrl, fetch: fetchImpl = fetch }: ApiFetchOptions): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchImpl(input, init);
    } catch (err) {
      if (init?.signal?.aborted) throw err;
      throw new DependencyUnavailableError(`cannot reach ${baseUrl} (${networkCause(err)})`, { cause: err });
    }
  };
}

/** The code of a network failure (`ECONNREFUSED`, `ENOTFOUND`), else its innermost message. */
export function networkCause(err: unknown): string {
  let message = String(err);
  for (let at: unknown = err, depth = 0; at instanceof Error && depth < 5; depth++) {
    const { code } = at as { code?: unknown };
    if (typeof code === 'string') return code;
    message = at.message;
    at = at instanceof AggregateError && at.errors.length ? at.errors[0] : at.cause;
  }
  return message;
}
