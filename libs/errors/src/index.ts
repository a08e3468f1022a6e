export { AppError } from './app-error';
export {
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
  ValidationError,
} from './errors';
export { toProblem } from './problem';
