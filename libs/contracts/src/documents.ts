import { unionError, z } from './zod';
import { DocVersionSchema } from './versions';

/**
 * A document's format: Markdown (Hugo, Docusaurus and MkDocs content detected and normalised),
 * HTML, plain text, AsciiDoc or reStructuredText; all are turned into Markdown for chunking.
 */
export const DocumentContentTypeSchema = z.enum([
  'text/markdown',
  'text/html',
  'text/plain',
  'text/asciidoc',
  'text/x-rst',
]);
export type DocumentContentType = z.infer<typeof DocumentContentTypeSchema>;

/**
 * The docs generator a Markdown document is written for, whose markup (shortcodes, admonitions,
 * tabs) is turned into what its readers see, and whose rules make its pages' URLs and anchors;
 * `markdown` is plain CommonMark/GitHub Markdown. Detected from the content when not named.
 */
export const MarkdownDialectSchema = z.enum([
  'markdown',
  'hugo',
  'docusaurus',
  'mkdocs',
  'vitepress',
  'mdbook',
  'gitbook',
  'mintlify',
  'docsify',
  'jekyll',
  'nuxt',
  'redocly',
]);
export type MarkdownDialect = z.infer<typeof MarkdownDialectSchema>;

/**
 * The URL style a docs site publishes its pages in, which its generator takes from a setting the
 * docs' files may not hold (Antora's playbook, Sphinx's builder on the command line): `html` for
 * `guide/install.html` (a folder's page `guide/index.html`: Antora's `default`
 * `html_extension_style`, Sphinx's `html` builder, MkDocs' `use_directory_urls: false`, Hugo's
 * `uglyURLs`, VitePress's default), `folder` for `guide/install/` (Antora's `indexify`, Sphinx's
 * `dirhtml`, MkDocs' and Hugo's defaults), `clean` for `guide/install` (VitePress's `cleanUrls`,
 * Docusaurus's default). A folder's page is its folder (`guide/`) in every style. Absent: each
 * generator's default.
 */
export const PageUrlStyleSchema = z.enum(['html', 'folder', 'clean']);
export type PageUrlStyle = z.infer<typeof PageUrlStyleSchema>;

/** A document id: given by the caller, or made by the API. */
export const DocumentIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:/@-]+$/, 'letters, digits and _ . : / @ - only');

/** One document of `POST /documents/`. */
export const DocumentInputSchema = z
  .object({
    id: DocumentIdSchema.optional(),
    title: z.string().min(1).max(500),
    // Shown to people as a link (API clients, the widget): only web addresses, never `javascript:`.
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    content: z.string().min(1),
    content_type: DocumentContentTypeSchema.default('text/markdown'),
    version: DocVersionSchema.optional().openapi({
      description:
        'The docs version the document describes (`2.x`, `v1`, `cloud`); kept in its metadata as `version` (wins over a metadata `version`). Without one it applies to every version.',
    }),
    metadata: z
      .record(
        z.string(),
        z.union([z.string(), z.number(), z.boolean(), z.array(z.string())], { error: unionError }),
      )
      .optional(),
  })
  .openapi('DocumentInput');
export type DocumentInput = z.infer<typeof DocumentInputSchema>;

export const DocumentsRequestSchema = z
  .object({
    documents: z
      .array(DocumentInputSchema)
      .min(1)
      .max(1000)
      .superRefine((documents, ctx) => {
        // Two documents of one call under one id: one would silently replace the other.
        const first = new Map<string, number>();
        documents.forEach(({ id }, i) => {
          if (id === undefined) return;
          const earlier = first.get(id);
          if (earlier === undefined) first.set(id, i);
          else
            ctx.addIssue({
              code: 'custom',
              path: [i, 'id'],
              message: `repeats the id of document ${earlier}`,
            });
        });
      }),
  })
  .openapi('DocumentsRequest', {
    example: {
      documents: [
        {
          id: 'tokens',
          title: 'Tokens',
          url: 'https://docs.example.com/tokens',
          content: '# Tokens\n\nCreate one with `docqa tokens create --tenant acme --scopes ask`.',
          content_type: 'text/markdown',
          metadata: { product: 'cli' },
        },
      ],
    },
  });

export const IngestAcceptedSchema = z
  .object({ job_id: z.string(), document_ids: z.array(z.string()) })
  .openapi('IngestAccepted');
export type IngestAccepted = z.infer<typeof IngestAcceptedSchema>;

/**
 * `202` of `POST /documents/upload`: the job of the files queued, and the files refused up front.
 * A queued file that does not parse is reported by the job (`GET /jobs/{id}`, `errors`).
 */
export const UploadAcceptedSchema = IngestAcceptedSchema.extend({
  failed: z
    .array(z.object({ file: z.string(), reason: z.string() }))
    .describe(
      'Files refused up front (a kind no loader reads, a second file of the same name); a file that does not parse is reported by the job instead: `GET /jobs/{job_id}` counts it in `failed`, with its reason in `errors`.',
    ),
}).openapi('UploadAccepted');
export type UploadAccepted = z.infer<typeof UploadAcceptedSchema>;

/** The multipart form of `POST /documents/upload` (documentation; the route reads the parts). */
export const UploadFormSchema = z
  .object({
    files: z
      .array(z.string().openapi({ format: 'binary' }))
      .describe(
        'Markdown, MDX, AsciiDoc, reStructuredText, HTML, text or PDF files, by extension; the file name is the document id',
      ),
    metadata: z
      .string()
      .optional()
      .describe('JSON object of string values added to every document’s metadata, e.g. {"product":"cli"}'),
  })
  .openapi('UploadForm');

/** A stored document (without its chunks). */
export const DocumentRecordSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string().nullable(),
    content_type: DocumentContentTypeSchema,
    metadata: z.record(z.string(), z.unknown()),
    version: z
      .string()
      .optional()
      .describe('The docs version it describes (its metadata `version`); absent: every version.'),
    hash: z.string(),
    chunks: z.number().int(),
    chunking: z
      .number()
      .int()
      .optional()
      .describe(
        'The chunking version its chunks were made with; absent: before versions were recorded. `docqa reindex` re-chunks documents of an older one.',
      ),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('DocumentRecord');
export type DocumentRecord = z.infer<typeof DocumentRecordSchema>;

/** One chunk of a document as `GET /documents/{id}/chunks` shows it. */
export const DocumentChunkSchema = z
  .object({
    /** `<document_id>#<n>`. */
    chunk_id: z.string(),
    /** Heading path of the section the chunk comes from (`Install › Linux`); empty before any heading. */
    heading: z.string(),
    /** The document's URL with the section's anchor, when the document has a URL. */
    url: z.string().nullable(),
    text: z.string(),
  })
  .openapi('DocumentChunk');
export type DocumentChunk = z.infer<typeof DocumentChunkSchema>;

/** The chunks of one document, in document order. */
export const DocumentChunksSchema = z
  .object({ document_id: z.string(), chunks: z.array(DocumentChunkSchema) })
  .openapi('DocumentChunks');
export type DocumentChunks = z.infer<typeof DocumentChunksSchema>;

export const DocumentListSchema = z
  .object({ documents: z.array(DocumentRecordSchema), next_cursor: z.string().nullable() })
  .openapi('DocumentList');

export const JobStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);

/** Progress of an ingest job, `GET /jobs/{id}`. */
export const JobRecordSchema = z
  .object({
    id: z.string(),
    status: JobStatusSchema,
    total: z.number().int(),
    processed: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    chunks: z.number().int(),
    errors: z.array(z.object({ document_id: z.string(), message: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('JobRecord');
export type JobRecord = z.infer<typeof JobRecordSchema>;
