import { z } from './zod';

/** Longest docs version name (`2.x`, `v10`, `cloud`, `self-hosted`). */
export const DOC_VERSION_MAX_CHARS = 64;

/**
 * A docs version (DESIGN §17): the version of the product a document describes, and the one a
 * question, a search or the widget asks about. Kept in a document's metadata under `version`;
 * a document without one applies to every version.
 */
export const DocVersionSchema = z
  .string()
  .trim()
  .min(1)
  .max(DOC_VERSION_MAX_CHARS)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters')
  .openapi('DocVersion', { example: '2.x' });

/** The metadata key a document's version is kept under (and chunks are filtered on). */
export const VERSION_METADATA_KEY = 'version';

/** A document's version as its metadata holds it: a string (or number) under `version`, else none. */
export function versionOf(metadata: Record<string, unknown> | undefined): string | undefined {
  const value = metadata?.[VERSION_METADATA_KEY];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * A version rule of a source: a regular expression with a named capture `version`, matched
 * against each page's URL (or file path), e.g. `/docs/(?<version>\d+\.x)/`.
 */
export const VersionPatternSchema = z
  .string()
  .min(1)
  .max(300)
  .refine(
    (pattern) => {
      try {
        return new RegExp(pattern).source.includes('(?<version>');
      } catch {
        return false;
      }
    },
    { message: 'must be a regular expression with a named capture (?<version>…)' },
  )
  .openapi({ example: '/docs/(?<version>\\d+\\.x)/' });

/** The version a rule finds in `place` (a URL or a path), or none. */
export function versionByPattern(pattern: string | undefined, place: string): string | undefined {
  if (!pattern) return undefined;
  const found = new RegExp(pattern).exec(place)?.groups?.[VERSION_METADATA_KEY];
  return found && DocVersionSchema.safeParse(found).success ? found.trim() : undefined;
}

/** One version of a tenant's documents. */
export const VersionCountSchema = z
  .object({ version: z.string(), documents: z.number().int() })
  .openapi('VersionCount');

/** Response of `GET /versions/`. */
export const VersionListSchema = z
  .object({
    versions: z.array(VersionCountSchema).describe('Newest first (numbers compared as numbers).'),
    default: z
      .string()
      .nullable()
      .describe(
        'What questions and searches without a version use: the tenant’s setting, else the newest version; null when the documents have no versions.',
      ),
    default_setting: z.string().nullable().describe('The tenant’s setting (`PUT /admin/versions/`), if any.'),
    unversioned: z.number().int().describe('Documents without a version (they apply to every version).'),
  })
  .openapi('VersionList', {
    example: {
      versions: [
        { version: '2.x', documents: 120 },
        { version: '1.x', documents: 96 },
      ],
      default: '2.x',
      default_setting: null,
      unversioned: 4,
    },
  });
export type VersionList = z.infer<typeof VersionListSchema>;

/** Body of `PUT /admin/versions/`: the tenant's default version (`null`: the newest). */
export const DefaultVersionRequestSchema = z
  .object({ default: DocVersionSchema.nullable() })
  .strict()
  .openapi('DefaultVersionRequest', { example: { default: '2.x' } });

/** Versions newest first: `10.x` before `9.x`, `v2` before `v1` (digits compared as numbers). */
export function newestFirst(versions: Iterable<string>): string[] {
  return [...versions].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
}
