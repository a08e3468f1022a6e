import type { Problem } from '@docqa/contracts';
import { formatIn } from '../format';

/**
 * A problem response (RFC 9457) of the API, or a network failure (`status` 0), with a sentence an
 * administrator can act on in `message`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem?: Problem;

  constructor(status: number, message: string, problem?: Problem) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }

  /** Builds the error of a failed response, reading its problem body when it has one. */
  static async from(res: Response): Promise<ApiError> {
    let problem: Problem | undefined;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      problem = (await res.json().catch(() => undefined)) as Problem | undefined;
    }
    return new ApiError(res.status, messageOf(res, problem), problem);
  }
}

/** The wait the API's rate limits put at the end of their message. */
const SERVER_WAIT = /; retry in \d+ s$/;

function messageOf(res: Response, problem?: Problem): string {
  const detail = problem?.detail ?? problem?.title;
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after'));
    // The server's own message says when in seconds ("…; retry in 891 s"): said once, in the locale's units.
    if (seconds > 0)
      return `${(detail ?? 'Too many requests').replace(SERVER_WAIT, '')}. Try again ${formatIn(seconds * 1000)}.`;
    if (detail && /\bretry\b|\btry again\b/i.test(detail)) return detail;
    return `${detail ?? 'Too many requests'}. Try again in a few seconds.`;
  }
  if (res.status >= 500 && !detail) return 'The server could not do this right now. Try again in a moment.';
  return detail ?? `The server answered ${res.status} ${res.statusText}.`;
}

/** The error of a request that never got an answer. */
export const networkError = () =>
  new ApiError(0, 'Cannot reach the docqa server. Check that it is running and try again.');
