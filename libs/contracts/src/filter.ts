import { unionError, z } from './zod';

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
    value: z.union([z.string().max(1000), z.array(z.string().max(1000)).min(1).max(100)], {
      error: unionError,
    }),
  })
  .strict()
  .openapi('Filter', { example: { type: 'eq', property: 'product', value: 'cli' } });

export type Filter = z.infer<typeof FilterSchema>;

const FilterValueSchema = FilterSchema.shape.value;

/**
 * Filters as the specification shows them: an object of metadata property to value (or values),
 * each meaning `eq`. Read as the equivalent list of `eq` filters.
 */
export const FilterMapSchema = z
  .record(FilterSchema.shape.property, FilterValueSchema)
  .refine((map) => Object.keys(map).length <= 20, { message: 'at most 20 properties' })
  .transform((map): Filter[] =>
    Object.entries(map).map(([property, value]) => ({ type: 'eq', property, value })),
  )
  .openapi('FilterMap', {
    description: 'Shorthand: `{"property": "value" | ["v1", "v2"]}`, each entry an `eq` filter.',
    example: { product: 'cli', tags: ['setup', 'tokens'] },
  });

/**
 * Filters of a question, a search or the widget: a list of {@link FilterSchema}, or the object
 * shorthand of {@link FilterMapSchema}. Always a list once parsed.
 */
export const FiltersSchema = z.union([z.array(FilterSchema).max(20), FilterMapSchema], {
  error: unionError,
});
