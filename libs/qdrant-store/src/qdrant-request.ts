import { DependencyUnavailableError } from '@docqa/errors';

/**
 * Qdrant refused a request (a 4xx other than 404 and 429): a bug or a mismatch such as a
 * collection made for another embedding size. Not an `AppError`, so clients see a generic 500
 * while the log keeps Qdrant's own message.
 */
export class QdrantRequestError extends Error {
  readonly code = 'qdrant_request_failed';

  constructor(
    readonly operation: string,
    readonly status: number,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Qdrant refused ${operation} (${status}): ${detail}`, options);
    this.name = 'QdrantRequestError';
  }
}

/**
 * Runs one Qdrant call. A missing collection (404) yields `onNotFound` when given; Qdrant being
 * unreachable, overloaded (429) or failing (5xx) becomes a retryable
 * {@link DependencyUnavailableError} (503 at the API); other refusals a {@link QdrantRequestError}.
 */
export async function qdrantRequest<T>(
  operation: string,
  call: () => Promise<T>,
  onNotFound?: () => T,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const status = statusOf(err);
    if (status === 404 && onNotFound) return onNotFound();
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      throw new QdrantRequestError(operation, status, detailOf(err), { cause: err });
    }
    // Names the setting to check, not its value: the message reaches clients (503, health).
    throw new DependencyUnavailableError(
      `The vector store (Qdrant at QDRANT_URL) is unavailable: ${operation} failed`,
      { cause: err },
    );
  }
}

/** HTTP status of a client error: the client's ApiError carries it as `status`. */
function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Qdrant's message from an error body `{status: {error}}`, else the error's own message. */
function detailOf(err: unknown): string {
  const data = (err as { data?: { status?: { error?: unknown } } }).data;
  const error = data?.status?.error;
  return typeof error === 'string' ? error : err instanceof Error ? err.message : String(err);
}
