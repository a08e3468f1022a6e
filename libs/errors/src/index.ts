/** The named errors and their RFC 9457 problem form. */
export { AppError } from './app-error';
export {
  AlreadyExistsError,
  DependencyUnavailableError,
  FetchFailedError,
  ForbiddenError,
  HeadersTooLargeError,
  IdempotencyConflictError,
  InternalError,
  LastOwnerError,
  MethodNotAllowedError,
  ModelRequestError,
  ModelUnavailableError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  RequestTimeoutError,
  RoleForbiddenError,
  SyncBusyError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  UpstreamRefusedError,
  ValidationError,
} from './errors';
export { toProblem } from './problem';
