import { SEARCH_BOX_MAX_CHARS } from './constants';
import { FiltersSchema } from './filter';
import { z } from './zod';
import { DocVersionSchema } from './versions';

/** Control characters (C0, DEL, C1): never typed into a search box. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Body of `POST /search/`, the widget's as-you-type search. The query is taken as typed: a last
 * word not followed by a space is a prefix still being typed.
 */
export const SearchBoxRequestSchema = z
  .object({
    query: z
      .string()
      .max(SEARCH_BOX_MAX_CHARS)
      .refine((q) => q.trim().length > 0, { message: 'must not be empty' })
      .refine((q) => !CONTROL_CHARACTERS.test(q), { message: 'must not contain control characters' })
      .openapi({ description: 'What the visitor typed; a last word without a space after it is a prefix.' }),
    filters: FiltersSchema.optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(8)
      .openapi({ description: 'Most pages returned (each with up to three sections).' }),
    page_url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .openapi({ description: 'The page the visitor searches from (for insights).' }),
    version: DocVersionSchema.optional().openapi({
      description:
        'The docs version of the page: that version’s pages and unversioned ones; without it the default version.',
    }),
  })
  .strict()
  .openapi('SearchBoxRequest', {
    example: { query: 'rotate tok', page_url: 'https://docs.acme.test/tokens' },
  });
export type SearchBoxRequest = z.infer<typeof SearchBoxRequestSchema>;

/** One section found by the search box, under its page. */
export const SearchBoxResultSchema = z
  .object({
    document_id: z.string(),
    chunk_id: z.string(),
    title: z.string().openapi({ description: 'Title of the page.' }),
    url: z.string().nullable().openapi({ description: 'The page’s URL with the section’s anchor.' }),
    heading_path: z
      .array(z.string())
      .openapi({ description: 'Headings from the page’s top to the section, e.g. `["Tokens", "Revoke"]`.' }),
    snippet: z
      .string()
      .openapi({ description: 'Plain text around the matched words (never the whole passage).' }),
    highlights: z
      .array(z.array(z.number().int().min(0)).length(2))
      .openapi({ description: 'Matched words as `[start, end)` offsets (UTF-16) into `snippet`.' }),
  })
  .openapi('SearchBoxResult');
export type SearchBoxResult = z.infer<typeof SearchBoxResultSchema>;

/** Answer of `POST /search/`: sections grouped by page (a page's sections follow each other), best page first. */
export const SearchBoxResponseSchema = z
  .object({ results: z.array(SearchBoxResultSchema), took_ms: z.number() })
  .openapi('SearchBoxResponse');
export type SearchBoxResponse = z.infer<typeof SearchBoxResponseSchema>;
