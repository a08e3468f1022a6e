import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Adds `.openapi()` to zod schemas so one schema gives the type, the validator and the doc entry.
extendZodWithOpenApi(z);

export { z };

/**
 * The message of a union no branch accepted (zod's own is "Invalid input", which says neither
 * where nor why): the issues of the branch that got furthest into the value, each after its path
 * (`0.type: Invalid option: expected one of "eq"|"contains"`); when every branch refused the value
 * itself, the types they expected (`expected array or record, received string`). Pass it as the
 * union's `error`.
 */
export function unionError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return undefined;
  const depth = (branch: z.core.$ZodIssue[]) => Math.max(0, ...branch.map((i) => i.path.length));
  const closest = issue.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
  if (depth(closest) > 0)
    return closest.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  const expected = [
    ...new Set(issue.errors.flatMap((b) => (b[0] && 'expected' in b[0] ? [b[0].expected] : []))),
  ];
  const received = /received (\w+)/.exec(issue.errors[0]?.[0]?.message ?? '')?.[1];
  return `Invalid input: expected ${expected.join(' or ') || 'another value'}${received ? `, received ${received}` : ''}`;
}
