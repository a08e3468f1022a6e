import { z } from './zod';

/**
 * A metadata filter. `eq`: the property equals the value (any of them for an array).
 * `contains`: a list property includes the value (any of them), or a string property contains the
 * value as a case-insensitive word or phrase. Several filters must all hold; an unknown property
 * matches nothing.
 */
export const FilterSchema = z
  .object({
    type: z.enum(['eq', 'contains']),
    property: z.string().min(1).max(200),
    value: z.union([z.string().max(1000), z.array(z.string().max(1000)).min(1).max(100)]),
  })
  .strict()
  .openapi('Filter', { example: { type: 'eq', property: 'product', value: 'cli' } });

export type Filter = z.infer<typeof FilterSchema>;

export const FiltersSchema = z.array(FilterSchema).max(20);
