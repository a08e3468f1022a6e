import { z } from './zod';
import { MarkdownDialectSchema, PageUrlStyleSchema } from './documents';
import { VersionPatternSchema } from './versions';
import { LocaleSchema } from './locale';

/** Kinds of source (see DESIGN §11). */
export const SourceTypeSchema = z.enum(['sitemap', 'url', 'github', 'llms_txt']);
export type SourceType = z.infer<typeof SourceTypeSchema>;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Shortest and longest interval a schedule may have. */
export const SCHEDULE_LIMITS_MS = { min: 15 * UNIT_MS.m, max: 30 * UNIT_MS.d } as const;

/** The interval of a schedule such as `6h`, in ms; undefined for a cron expression. */
export function scheduleIntervalMs(schedule: string): number | undefined {
  const match = /^(\d+)(m|h|d)$/.exec(schedule);
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : undefined;
}

/** Five cron fields (minute hour day month weekday) of digits, `*`, ranges, steps and lists. */
const CRON = /^([\d*/,-]+\s+){4}[\d*/,A-Za-z-]+$/;

/** `15m`..`30d`, or a five-field cron expression (UTC). */
export const ScheduleSchema = z
  .string()
  .trim()
  .refine(
    (value) => {
      const ms = scheduleIntervalMs(value);
      if (ms === undefined) return CRON.test(value);
      return ms >= SCHEDULE_LIMITS_MS.min && ms <= SCHEDULE_LIMITS_MS.max;
    },
    { message: 'use an interval from 15m to 30d (e.g. 6h, 1d) or a five-field cron expression' },
  )
  .openapi({ example: '6h' });

const Globs = z.array(z.string().min(1).max(300)).max(100);
const HttpUrl = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { message: 'an http(s) URL' });

/** Body of `POST /sources/`. */
export const SourceRequestSchema = z
  .object({
    type: SourceTypeSchema,
    /** The sitemap, page or llms.txt URL (sitemap, url, llms_txt). */
    url: HttpUrl.optional(),
    /** `owner/name` (github). */
    repo: z
      .string()
      // Neither part may be `.` or `..`: the repo is a path of GitHub's API (`/repos/{repo}/…`).
      .regex(/^(?!\.{1,2}\/)[\w.-]+\/(?!\.{1,2}$)[\w.-]+$/, 'owner/name')
      .optional(),
    /** @defaultValue the repository's default branch */
    branch: z.string().min(1).max(200).optional(),
    /** A token for a private repository; stored encrypted, never returned. */
    token: z.string().min(1).max(500).optional(),
    include: Globs.optional(),
    exclude: Globs.optional(),
    metadata: z.record(z.string(), z.string().max(500)).optional(),
    schedule: ScheduleSchema.optional(),
    /** Where the documents are published (github: document URLs point there). */
    base_url: HttpUrl.optional(),
    /** The docs generator of the Markdown files (github). @defaultValue detected per file */
    dialect: MarkdownDialectSchema.optional(),
    /**
     * The URL style the site publishes pages in (github): `html` (`page.html`) or `folder`
     * (`page/`). @defaultValue the generator's own (Antora and Sphinx `html`, Hugo and MkDocs
     * `folder`, an `mkdocs.yml`'s `use_directory_urls` where the repository has one)
     */
    page_urls: PageUrlStyleSchema.optional(),
    language: LocaleSchema.optional().openapi({
      description:
        'The language a site in several languages is read in (github), one it is translated into (`ja`): its pages in that language, published under `/ja/`, and the default language’s where it has none. Default: the site’s default language (translations are skipped).',
    }),
    version_pattern: VersionPatternSchema.optional().openapi({
      description:
        'The version rule: a regular expression with a named capture `version`, matched against each page’s URL (or file path), e.g. `/docs/(?<version>\\d+\\.x)/`. A page it does not match keeps a front-matter `version`, else has none.',
    }),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'github' && !body.repo)
      ctx.addIssue({ code: 'custom', path: ['repo'], message: 'a github source needs repo' });
    if (body.type !== 'github' && !body.url)
      ctx.addIssue({ code: 'custom', path: ['url'], message: `a ${body.type} source needs url` });
  })
  .openapi('SourceRequest', {
    example: {
      type: 'sitemap',
      url: 'https://docs.example.com/sitemap.xml',
      include: ['guide/**'],
      metadata: { product: 'docs' },
      schedule: '6h',
    },
  });
export type SourceRequest = z.infer<typeof SourceRequestSchema>;

/**
 * Body of `PATCH /sources/{id}`: the fields given replace the source's (`type`, `url` and `repo`
 * stay: a source elsewhere is another source). `token` sets or replaces the access token, `null`
 * removes it; `null` also clears `branch`, `schedule` and `base_url`.
 */
export const SourceUpdateSchema = z
  .object({
    branch: z.string().min(1).max(200).nullable().optional().openapi({
      description: 'The branch to read (github); `null`: the default branch.',
    }),
    token: z.string().min(1).max(500).nullable().optional().openapi({
      description:
        'A new access token for a private repository (github), set or replacing the one stored; `null` removes it. Stored encrypted, never returned.',
    }),
    include: Globs.optional(),
    exclude: Globs.optional(),
    metadata: z.record(z.string(), z.string().max(500)).optional().openapi({
      description: "Replaces the metadata given to the source's documents.",
    }),
    schedule: ScheduleSchema.nullable().optional().openapi({ description: '`null`: sync on demand only.' }),
    base_url: HttpUrl.nullable().optional(),
    version_pattern: VersionPatternSchema.nullable().optional().openapi({
      description:
        'A new version rule (see `SourceRequest`); `null` removes it. Its next sync reads every page anew.',
    }),
  })
  .strict()
  .openapi('SourceUpdate', {
    example: { token: 'github_pat_…', metadata: { product: 'cloud' }, schedule: '1d' },
  });
export type SourceUpdate = z.infer<typeof SourceUpdateSchema>;

/** One page or file that a sync could not bring in, and why. */
export const SyncFailureSchema = z.object({ url: z.string(), reason: z.string() });
export type SyncFailure = z.infer<typeof SyncFailureSchema>;

/** One sync of a source: what it found. */
/**
 * What started a sync: a person (portal, API), the source's schedule, or the worker finding that
 * the vector store does not hold what the records describe (every page is read again).
 */
const SyncTriggerSchema = z.enum(['manual', 'schedule', 'rebuild']);

export const SyncRecordSchema = z
  .object({
    job_id: z.string(),
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    trigger: SyncTriggerSchema,
    /** Pages (or files) the source listed; 0 until it was listed. */
    listed: z
      .number()
      .int()
      .openapi({ description: 'Pages (or files) the source listed; 0 until it was listed.' }),
    /** Of those, pages read so far (unchanged, changed or failed): a running sync's progress. */
    read: z.number().int().openapi({
      description:
        "Of the pages listed, those read so far (unchanged, changed or failed): a running sync's progress. Its record is updated about once a second while it runs.",
    }),
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deleted: z.number().int(),
    failed: z.number().int(),
    failures: z.array(SyncFailureSchema),
    /** Chunks embedded and written (changed pages only). */
    chunks: z.number().int(),
    /** Why the whole sync failed (the source could not be listed); nothing was deleted. */
    error: z.string().optional(),
    /** Requests sent and bytes received. */
    requests: z.number().int(),
    bytes: z.number().int(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi('SyncRecord');
export type SyncRecord = z.infer<typeof SyncRecordSchema>;

/** A source as the API shows it (the token never appears). */
export const SourceRecordSchema = z
  .object({
    id: z.string(),
    type: SourceTypeSchema,
    url: z.string().nullable(),
    repo: z.string().nullable(),
    branch: z.string().nullable(),
    has_token: z.boolean(),
    include: z.array(z.string()),
    exclude: z.array(z.string()),
    metadata: z.record(z.string(), z.string()),
    schedule: z.string().nullable(),
    base_url: z.string().nullable(),
    /** The docs generator named for the Markdown files; absent when detected per file. */
    dialect: MarkdownDialectSchema.optional(),
    /** The URL style named for the site's pages; absent when the generator's own. */
    page_urls: PageUrlStyleSchema.optional(),
    /** The language the site is read in; absent when its default language. */
    language: z.string().optional(),
    /** The version rule; absent when the source has none. */
    version_pattern: z.string().optional(),
    created_at: z.string(),
    /** The latest syncs, newest first (`GET /sources/{id}` only). */
    syncs: z.array(SyncRecordSchema).optional(),
  })
  .openapi('SourceRecord');
export type SourceRecord = z.infer<typeof SourceRecordSchema>;

export const SourceListSchema = z.object({ sources: z.array(SourceRecordSchema) }).openapi('SourceList');

export const SyncAcceptedSchema = z.object({ job_id: z.string() }).openapi('SyncAccepted');

/** Payload of a `sources` job: sync one source. */
export const SourceSyncJobSchema = z.object({
  tenant: z.string(),
  source_id: z.string(),
  trigger: SyncTriggerSchema,
});
export type SourceSyncJob = z.infer<typeof SourceSyncJobSchema>;
