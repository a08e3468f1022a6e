import { DependencyUnavailableError } from '@docqa/errors';

/** Where the CLI minted the token it calls the API with (see `cliToken`), as error messages name it. */
export interface MintedToken {
  /** The Redis, without passwords (`describeRedisTarget`). */
  redis: string;
  /** The key prefix (REDIS_PREFIX). */
  prefix: string;
}

/** Options of {@link apiFetch}. */
export interface ApiFetchOptions {
  /** The API base URL, as errors name it. */
  baseUrl: string;
  /** Where the CLI minted the token, when it did. */
  minted?: MintedToken;
  /** The `fetch` to wrap (tests). @defaultValue `globalThis.fetch` */
  fetch?: typeof fetch;
}

/**
 * The `fetch` of the CLI's API clients, so that failures say what to do about them:
 * - a request that cannot reach the API throws an error naming the base URL and the cause
 *   (`cannot reach http://127.0.0.1:3999/api/v2/ (ECONNREFUSED)`), not fetch's "fetch failed";
 * - a 401 to a token the CLI minted itself (`minted`) says where it was minted: refused at the
 *   first request, the API reads another Redis or prefix; refused after the API took it, it
 *   expired or was revoked during the command. The problem's detail says so.
 */
export function apiFetch({ baseUrl, minted, fetch: fetchImpl = fetch }: ApiFetchOptions): typeof fetch {
  let accepted = false;
  return async (input, init) => {
    let res: Response;
    try {
      res = await fetchImpl(input, init);
    } catch (err) {
      if (init?.signal?.aborted) throw err;
      throw new DependencyUnavailableError(`cannot reach ${baseUrl} (${networkCause(err)})`, { cause: err });
    }
    if (res.status !== 401 || !minted) {
      accepted ||= res.status !== 401;
      return res;
    }
    // The answer stays a 401 problem (status, code) with more detail: thrown from here instead, it
    // would look like a dropped connection, which the client retries for a GET.
    return withDetail(res, accepted ? expiredHint() : elsewhereHint(minted));
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

function elsewhereHint(minted: MintedToken): string {
  return (
    `the CLI minted this token itself, in the Redis at ${minted.redis} with prefix "${minted.prefix}", ` +
    'and the API does not know it: the API probably uses another Redis or prefix. Set REDIS_URL ' +
    'and REDIS_PREFIX as the API has them, or pass --token (DOCQA_TOKEN)'
  );
}

function expiredHint(): string {
  return (
    'the short-lived token the CLI minted for itself expired or was revoked while the command ran; ' +
    'run it again, or pass a --token (DOCQA_TOKEN) that lasts longer'
  );
}

/** The error answer with `hint` added to its problem's detail. */
async function withDetail(res: Response, hint: string): Promise<Response> {
  const text = await res.text();
  let problem: Record<string, unknown>;
  try {
    problem = JSON.parse(text) as Record<string, unknown>;
  } catch {
    problem = { type: 'about:blank', title: res.statusText || 'Unauthorized', status: res.status };
  }
  const detail = typeof problem.detail === 'string' ? `${problem.detail}; ${hint}` : hint;
  return new Response(JSON.stringify({ ...problem, detail }), {
    status: res.status,
    statusText: res.statusText,
    headers: { 'content-type': 'application/problem+json' },
  });
}
