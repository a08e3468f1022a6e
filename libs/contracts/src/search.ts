import { FiltersSchema } from './filter';
import { z } from './zod';
import { DocVersionSchema } from './versions';

export const SearchModeSchema = z.enum(['semantic', 'keyword', 'hybrid']);
export type SearchMode = z.infer<typeof SearchModeSchema>;

/** Body of `POST /rag/search/`. */
export const SearchRequestSchema = z
  .object({
    query: z.string().trim().min(1).max(4000),
    filters: FiltersSchema.optional(),
    search_mode: SearchModeSchema.default('hybrid'),
    limit: z.number().int().min(1).max(50).default(10),
    question_metadata: z.record(z.string(), z.unknown()).optional(),
    tenants: z.array(z.string().min(1).max(100)).min(1).max(20).optional(),
    version: DocVersionSchema.optional().openapi({
      description:
        'The docs version to search (`GET /versions/`): its documents and unversioned ones, never another version’s; without it the default version. An unknown version is a 400 naming the known ones.',
    }),
  })
  .openapi('SearchRequest', { example: { query: 'rotate api token', search_mode: 'hybrid' } });
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

/**
 * Where a passage stands: its document, chunk, title, URL and heading path (`section`, described
 * by `sectionDescription`); shared by search results and an answer's sources.
 */
export function passagePlaceFields(sectionDescription: string) {
  return {
    document_id: z.string(),
    chunk_id: z.string(),
    title: z.string(),
    url: z.string().nullable(),
    section: z.string().optional().openapi({ description: sectionDescription }),
  };
}

export const SearchResultSchema = z
  .object({
    ...passagePlaceFields(
      'Heading path of the passage as its reader sees it (inline markup removed, entities decoded), e.g. `Tokens › Revoke a token`',
    ),
    text: z.string(),
    score: z.number(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .openapi('SearchResult');
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z
  .object({ results: z.array(SearchResultSchema), search_mode: SearchModeSchema, took_ms: z.number() })
  .openapi('SearchResponse');
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
