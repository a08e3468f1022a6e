import type { Problem } from '@docqa/contracts';

/**
 * An error answer of the docqa API, carrying its RFC 9457 problem details (`problem`), its
 * status and the response headers (e.g. `Retry-After` of a 429 that outlived the retries).
 */
export class DocqaProblemError extends Error {
  constructor(
    readonly problem: Problem,
    readonly headers: Headers,
    /** What the caller may have got wrong, appended to the message (e.g. a `baseUrl` without `/api/v2/`). */
    hint?: string,
  ) {
    const fields = problem.errors?.map((e) => `${e.path}: ${e.message}`).join('; ');
    super(
      `${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''}${fields ? ` (${fields})` : ''}${hint ? `; ${hint}` : ''}`,
    );
    this.name = 'DocqaProblemError';
  }

  /** The HTTP status. */
  get status(): number {
    return this.problem.status;
  }

  /** The server's stable error code (e.g. `question_not_found`), when it sent one. */
  get code(): string | undefined {
    return this.problem.code;
  }
}
