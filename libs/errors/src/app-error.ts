/** Options every application error accepts. */
export interface AppErrorOptions {
  detail?: string;
  cause?: unknown;
  /** Field-level validation failures, for 400 responses. */
  errors?: { path: string; message: string }[];
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

/**
 * Base class of every error docqa raises on purpose. `code` is stable across processes (a job
 * failed in the worker is recognised by it, never by `instanceof`); `status` is the HTTP status
 * the API answers with.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  abstract readonly title: string;
  /** Whether a retry of the same work may succeed. */
  readonly retryable: boolean = false;
  readonly errors?: { path: string; message: string }[];
  readonly headers?: Record<string, string>;

  constructor(message: string, options: AppErrorOptions = {}) {
    super(options.detail ?? message, { cause: options.cause });
    this.name = new.target.name;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}
