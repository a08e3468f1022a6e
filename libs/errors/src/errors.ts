import { AppError } from './app-error';

/** 400: a body, parameter or header failed validation. */
export class ValidationError extends AppError {
  readonly code = 'validation_failed';
  readonly status = 400;
  readonly title = 'Bad Request';
}

/** 401: no token, an unknown token or an expired one. */
export class UnauthenticatedError extends AppError {
  readonly code = 'unauthenticated';
  readonly status = 401;
  readonly title = 'Unauthorized';
}

/** 403: the token lacks a scope, or the request comes from an origin the token does not allow. */
export class ForbiddenError extends AppError {
  readonly code = 'forbidden';
  readonly status = 403;
  readonly title = 'Forbidden';
}

/** 403: the admin's role in the tenant is below what the operation needs. */
export class RoleForbiddenError extends AppError {
  readonly code = 'role_forbidden';
  readonly status = 403;
  readonly title = 'Forbidden';
}

/** 409: the change would leave a tenant without an owner. */
export class LastOwnerError extends AppError {
  readonly code = 'last_owner';
  readonly status = 409;
  readonly title = 'Conflict';
}

/** 404: no such record for this tenant (another tenant's records also answer this). */
export class NotFoundError extends AppError {
  readonly code = 'not_found';
  readonly status = 404;
  readonly title = 'Not Found';
}

/** 405: the path exists but not with this method. */
export class MethodNotAllowedError extends AppError {
  readonly code = 'method_not_allowed';
  readonly status = 405;
  readonly title = 'Method Not Allowed';
}

/** 408: the request (headers and body) did not arrive within `REQUEST_TIMEOUT_MS`. */
export class RequestTimeoutError extends AppError {
  readonly code = 'request_timeout';
  readonly status = 408;
  readonly title = 'Request Timeout';
}

/** 409: an `Idempotency-Key` reused with a different body. */
export class IdempotencyConflictError extends AppError {
  readonly code = 'idempotency_conflict';
  readonly status = 409;
  readonly title = 'Conflict';
}

/** 409: a record of that name exists already (an evaluation set created twice). */
export class AlreadyExistsError extends AppError {
  readonly code = 'already_exists';
  readonly status = 409;
  readonly title = 'Conflict';
}

/** 413: the body exceeds the configured limit. */
export class PayloadTooLargeError extends AppError {
  readonly code = 'payload_too_large';
  readonly status = 413;
  readonly title = 'Content Too Large';
}

/** 415: a body that is not JSON. */
export class UnsupportedMediaTypeError extends AppError {
  readonly code = 'unsupported_media_type';
  readonly status = 415;
  readonly title = 'Unsupported Media Type';
}

/** 431: the request's headers are larger than the server reads (Node's `maxHeaderSize`, 16 KB). */
export class HeadersTooLargeError extends AppError {
  readonly code = 'headers_too_large';
  readonly status = 431;
  readonly title = 'Request Header Fields Too Large';
}

/** An error a retry of the same work may get past: a limit, or a dependency that is down. */
abstract class RetryableError extends AppError {
  override readonly retryable = true;
}

/** 429: a rate limit was hit; carries `Retry-After`. */
export class RateLimitedError extends RetryableError {
  readonly code = 'rate_limited';
  readonly status = 429;
  readonly title = 'Too Many Requests';
}

/** 503: a dependency (Redis, the vector store, a model) is down. */
export class DependencyUnavailableError extends RetryableError {
  readonly code = 'dependency_unavailable';
  readonly status = 503;
  readonly title = 'Service Unavailable';
}

/** A model call failed in a way a retry may fix (429, 5xx, time-out, broken stream). */
export class ModelUnavailableError extends RetryableError {
  readonly code = 'model_unavailable';
  readonly status = 503;
  readonly title = 'Model Unavailable';
}

/** A model call failed in a way no retry fixes (400, 401, 404 from the model server). */
export class ModelRequestError extends AppError {
  readonly code = 'model_request_failed';
  readonly status = 502;
  readonly title = 'Model Request Failed';
}

/** 500: anything unexpected; its message is never shown to clients. */
export class InternalError extends AppError {
  readonly code = 'internal';
  readonly status = 500;
  readonly title = 'Internal Server Error';
}

/**
 * A document could not be fetched from its URL: an HTTP error status, a time-out, a body over the
 * size cap, or a content type no loader reads. The message says which, for ingest summaries.
 */
export class FetchFailedError extends AppError {
  readonly code = 'fetch_failed';
  readonly status = 502;
  readonly title = 'Bad Gateway';
}

/** 502: a service docqa calls for the caller (GitHub) refused the request; the detail says how. */
export class UpstreamRefusedError extends AppError {
  readonly code = 'upstream_refused';
  readonly status = 502;
  readonly title = 'Bad Gateway';
}

/** A sync of a source is already running; this one waits its turn. */
export class SyncBusyError extends AppError {
  readonly code = 'sync_busy';
  readonly status = 409;
  readonly title = 'Conflict';
}
