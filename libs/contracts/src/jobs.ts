import { DocumentInputSchema } from './documents';
import { IntegrationKindSchema } from './integrations';
import { z } from './zod';

/** Names of the BullMQ queues. */
export const QUEUE_NAMES = {
  questions: 'questions',
  ingest: 'ingest',
  sources: 'sources',
  deliveries: 'deliveries',
} as const;

/** Payload of a `questions` job; the question record in Redis holds everything else. */
export const QuestionJobSchema = z.object({ question_id: z.string(), tenant: z.string() });
export type QuestionJob = z.infer<typeof QuestionJobSchema>;

/** Queue priority of a question: `batch` questions wait behind every `interactive` one. */
export type QuestionPriority = 'interactive' | 'batch';

/** Payload of an `ingest` job. */
export const IngestJobSchema = z.object({
  job_id: z.string(),
  tenant: z.string(),
  documents: z.array(DocumentInputSchema.extend({ id: z.string() })),
});
export type IngestJob = z.infer<typeof IngestJobSchema>;

/** A file of an upload, stored under the upload folder until its job ends. */
export const UploadedFileSchema = z.object({
  /** The file's name as uploaded (its document id comes from it). */
  name: z.string().min(1),
  /** Where it is stored, relative to the upload folder (`UPLOAD_DIR`). */
  path: z.string().min(1),
  bytes: z.number().int().min(0),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/**
 * Payload of an `ingest` job named {@link UPLOAD_JOB}: references to the stored files of an
 * upload, never their content; the worker parses them.
 */
export const UploadJobSchema = z.object({
  job_id: z.string(),
  tenant: z.string(),
  files: z.array(UploadedFileSchema).min(1),
  /** Added to every document's metadata. */
  metadata: z.record(z.string(), z.string()),
});
export type UploadJob = z.infer<typeof UploadJobSchema>;

/**
 * Payload of an `ingest` job named {@link REINDEX_JOB}: re-chunk the tenant's documents chunked
 * with an older chunking version, from their stored chunks; progress in the job record `job_id`.
 */
export const ReindexJobSchema = z.object({ job_id: z.string(), tenant: z.string() });
export type ReindexJob = z.infer<typeof ReindexJobSchema>;

/** Name of the `ingest` jobs that re-chunk a tenant's documents (`docqa reindex`). */
export const REINDEX_JOB = 'reindex';

/** Name of the `ingest` jobs of uploaded files (those of `POST /documents/` are named `ingest`). */
export const UPLOAD_JOB = 'upload';

/**
 * Payload of a `deliveries` job: a channel answer (or a short notice) the worker posts to Slack or
 * Discord. References only, never a credential: the bot token is read from the integration
 * (`integration`: the Slack workspace or Discord application id), a Discord interaction token from
 * the delivery's sealed state in Redis, kept under the job's id.
 */
export const ChannelDeliveryJobSchema = z.object({
  tenant: z.string(),
  channel: IntegrationKindSchema,
  integration: z.string(),
  /** The question whose answer is posted, followed through its event stream. */
  question_id: z.string().optional(),
  chat_id: z.string().optional(),
  /** Text posted instead of an answer (a member over their rate limit, an empty question). */
  notice: z.string().optional(),
  /** Slack: where to post. Without `thread_ts`, `announce` is posted first and starts the thread. */
  slack: z
    .object({ channel: z.string(), thread_ts: z.string().optional(), announce: z.string().optional() })
    .optional(),
});
export type ChannelDeliveryJob = z.infer<typeof ChannelDeliveryJobSchema>;
