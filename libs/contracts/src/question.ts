import { FiltersSchema } from './filter';
import { ProblemSchema } from './problem';
import { passagePlaceFields } from './search';
import { DEFAULT_QUESTION_LIMITS, type QuestionLimits } from './constants';
import { LocaleSchema } from './locale';
import { z } from './zod';
import { DocVersionSchema } from './versions';

export { DEFAULT_QUESTION_LIMITS, type QuestionLimits };

/**
 * The request schemas that carry questions, for the given limits: the API validates with (and
 * documents) the configured ones; the constants below use the defaults.
 */
export function questionRequestSchemas(limits: QuestionLimits) {
  const metadata = z
    .record(z.string(), z.unknown())
    .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= limits.metadataBytes, {
      message: `must be at most ${limits.metadataBytes} bytes as JSON`,
    });
  const question = z
    .object({
      question: z.string().trim().min(1).max(limits.questionChars),
      chat_id: z.string().min(1).max(100).optional(),
      filters: FiltersSchema.optional(),
      question_metadata: metadata.optional(),
      page_url: z
        .url({ protocol: /^https?$/ })
        .max(2000)
        .optional()
        .openapi({
          description:
            'The page the question is asked from: a question about “this page” is answered from it first; the portal’s conversation view shows it.',
        }),
      locale: LocaleSchema.optional().openapi({
        description: 'The asker’s language: the fixed phrases of the answer (“not found”) follow it.',
      }),
      version: DocVersionSchema.optional().openapi({
        description:
          'The docs version asked about (`GET /versions/`): answered from that version’s documents and unversioned ones, never another version’s. Without it a follow-up keeps its chat’s version, a new chat takes the default version; an unknown version is a 400 naming the known ones.',
      }),
    })
    .openapi('QuestionRequest', { example: { question: 'How do I rotate an API token?' } });
  return {
    /** Body of `POST /question/`. */
    question,
    /** Body of `POST /question/batch/`. */
    batch: z
      .object({ questions: z.array(question).min(1).max(limits.batchQuestions) })
      .openapi('BatchRequest', {
        example: {
          questions: [
            { question: 'How do I rotate an API token?' },
            { question: 'Which formats can I ingest?' },
          ],
        },
      }),
    /** Body of `POST /questions/` (widget, streamed answer). */
    stream: question
      .pick({ question: true, chat_id: true, filters: true, page_url: true, locale: true, version: true })
      .openapi('StreamQuestionRequest', { example: { question: 'How do I embed the widget?' } }),
  };
}

const defaultSchemas = questionRequestSchemas(DEFAULT_QUESTION_LIMITS);

/** Body of `POST /question/` at the default limits. */
export const QuestionRequestSchema = defaultSchemas.question;
export type QuestionRequest = z.infer<typeof QuestionRequestSchema>;

/** Body of `POST /questions/` (a question whose answer is streamed) at the default limits. */
export const StreamQuestionRequestSchema = defaultSchemas.stream;

/** Response of `POST /question/`. */
export const QuestionCreatedSchema = z
  .object({ question_id: z.string(), chat_id: z.string() })
  .openapi('QuestionCreated', { example: { question_id: 'q_3kq9x2', chat_id: 'c_7hd2mm' } });
export type QuestionCreated = z.infer<typeof QuestionCreatedSchema>;

export const QuestionStatusSchema = z.enum(['queued', 'retrieving', 'generating', 'ready', 'failed']);
export type QuestionStatus = z.infer<typeof QuestionStatusSchema>;

/**
 * A document behind an answer, one entry per document (its best passage). `[n]` in the answer's
 * `response` refers to `sources[n-1]`: cited sources come first, in the order of their first
 * citation, then the others by score. `url` links to the best passage's section (`page#anchor`)
 * when the document has a URL; `section` is that passage's heading path.
 */
export const SourceSchema = z
  .object({
    ...passagePlaceFields(
      'Heading path of the best passage as its reader sees it (inline markup removed, entities decoded), e.g. `Tokens › Revoking a token`',
    ),
    snippet: z.string(),
    score: z.number(),
    cited: z.boolean(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .openapi('Source');
export type Source = z.infer<typeof SourceSchema>;

/** Response of `GET /question/{id}/`: the question and its (partial while generating) answer. */
export const QuestionRecordSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    response: z.string(),
    is_ready: z.boolean(),
    chat_id: z.string(),
    status: QuestionStatusSchema,
    sources: z.array(SourceSchema),
    created_at: z.string(),
    updated_at: z.string(),
    error: ProblemSchema.optional(),
    page_url: z
      .string()
      .optional()
      .openapi({ description: 'The page the question was asked from, when given.' }),
    version: z
      .string()
      .optional()
      .openapi({ description: 'The docs version it was answered for; absent when the documents have none.' }),
  })
  .openapi('QuestionRecord', {
    example: {
      id: 'q_3kq9x2',
      text: 'How do I rotate an API token?',
      response: 'Create a new token with `docqa tokens create`, then revoke the old one [1].',
      is_ready: true,
      chat_id: 'c_7hd2mm',
      status: 'ready',
      sources: [],
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:01.200Z',
    },
  });
export type QuestionRecord = z.infer<typeof QuestionRecordSchema>;

/** Response of `GET /chat/{id}/` and `POST /conversation/`. */
export const ChatRecordSchema = z
  .object({ id: z.string(), created_at: z.string(), questions: z.array(QuestionRecordSchema) })
  .openapi('ChatRecord');
export type ChatRecord = z.infer<typeof ChatRecordSchema>;

/** Body of `POST /question/batch/` at the default limits. */
export const BatchRequestSchema = defaultSchemas.batch;
export type BatchRequest = z.infer<typeof BatchRequestSchema>;

export const BatchCreatedSchema = z
  .object({ questions: z.array(QuestionCreatedSchema) })
  .openapi('BatchCreated');
export type BatchCreated = z.infer<typeof BatchCreatedSchema>;

/** Body of `POST /question/{id}/feedback/`. */
export const FeedbackRequestSchema = z
  .object({
    rating: z.enum(['up', 'down']),
    details: z.string().max(4000).optional(),
    // Shown to admins as a link (the portal, exports): only web addresses, never `javascript:`.
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .openapi('FeedbackRequest', { example: { rating: 'down', details: 'It should mention --expires.' } });
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

/** Body of `POST /conversation/` (widget). */
export const ConversationRequestSchema = z
  .object({ chat_id: z.string().min(1).max(100) })
  .openapi('ConversationRequest', { example: { chat_id: 'c_7hd2mm' } });

/** Response of `POST /conversation/` (widget). */
export const ConversationSchema = z
  .object({ chat_id: z.string(), questions: z.array(QuestionRecordSchema) })
  .openapi('Conversation');
export type Conversation = z.infer<typeof ConversationSchema>;
