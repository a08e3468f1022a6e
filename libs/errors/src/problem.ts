import { AppError } from './app-error';
import { InternalError } from './errors';

/** RFC 9457 problem details (the shape is also in @docqa/contracts for the OpenAPI document). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

const PROBLEM_BASE = 'https://docqa.dev/problems/';

/** Turns any thrown value into problem details; unknown errors become a generic 500. */
export function toProblem(err: unknown, instance?: string): ProblemDetails {
  const appError = err instanceof AppError ? err : new InternalError('An unexpected error occurred.');
  const problem: ProblemDetails = {
    type: PROBLEM_BASE + appError.code.replace(/_/g, '-'),
    title: appError.title,
    status: appError.status,
    detail: appError.message,
    code: appError.code,
  };
  if (instance) problem.instance = instance;
  if (appError.errors?.length) problem.errors = appError.errors;
  return problem;
}
