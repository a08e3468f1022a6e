import type { Problem } from '@docqa/contracts';
import { AppError } from './app-error';
import { InternalError } from './errors';

const PROBLEM_BASE = 'https://docqa.dev/problems/';

/** Turns any thrown value into RFC 9457 problem details (contracts' `Problem`); unknown errors become a generic 500. */
export function toProblem(err: unknown, instance?: string): Problem {
  const appError = err instanceof AppError ? err : new InternalError('An unexpected error occurred.');
  const problem: Problem = {
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
