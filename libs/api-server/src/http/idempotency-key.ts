import { z } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';

/** The `Idempotency-Key` header of the POST routes that support it (documentation). */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'Same key + same body → same ids; another body → 409.' }),
});

/** The `Idempotency-Key` of a request, checked: 1-200 visible ASCII characters. */
export function idempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(value))
    throw new ValidationError('Idempotency-Key must be 1-200 visible ASCII characters');
  return value;
}
