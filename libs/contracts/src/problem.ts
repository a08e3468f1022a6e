import { z } from './zod';

/** RFC 9457 problem details: the body of every error response. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem', {
    example: {
      type: 'https://docqa.dev/problems/not-found',
      title: 'Not Found',
      status: 404,
      detail: 'question q_123 was not found',
    },
  });

export type Problem = z.infer<typeof ProblemSchema>;
