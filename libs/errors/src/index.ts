export { AppError } from './app-error';
export {
  DependencyUnavailableError,
  FetchFailedError,
  ForbiddenError,
  IdempotencyConflictError,
  InternalError,
  MethodNotAllowedError,
  ModelRequestError,
  ModelUnavailableError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  SyncBusyError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';
export { toProblem } from './problem';
