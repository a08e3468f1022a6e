import { z } from './zod';

export const HealthModeSchema = z.enum(['minimal', 'basic', 'full']);
export type HealthMode = z.infer<typeof HealthModeSchema>;

export const HealthCheckSchema = z.object({
  status: z.enum(['ok', 'error']),
  latency_ms: z.number(),
  error: z.string().optional(),
});
export type HealthCheck = z.infer<typeof HealthCheckSchema>;

export const HealthResponseSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    mode: HealthModeSchema,
    checks: z.record(z.string(), HealthCheckSchema),
    version: z.string(),
  })
  .openapi('Health', {
    example: {
      status: 'ok',
      mode: 'basic',
      checks: {
        redis: { status: 'ok', latency_ms: 0.4 },
        vector_store: { status: 'ok', latency_ms: 1.2 },
        embeddings: { status: 'ok', latency_ms: 0.3 },
      },
      version: '0.1.0',
    },
  });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
