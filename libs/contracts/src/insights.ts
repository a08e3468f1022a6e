import { QuestionStatusSchema } from './question';
import { DocVersionSchema } from './versions';
import { z } from './zod';

/**
 * Where a question entered docqa: `POST /question/` (api), `POST /question/batch/` (batch),
 * `POST /questions/` with a widget token (widget; with a server token, api) or the MCP server's
 * `ask_question` tool (mcp), a Slack app mention, direct message or `/docqa` command (slack), or
 * a Discord `/ask` command (discord).
 */
export const ChannelSchema = z.enum(['api', 'widget', 'batch', 'mcp', 'slack', 'discord']).openapi('Channel');
export type Channel = z.infer<typeof ChannelSchema>;

/** Every channel, in the order reports list them. */
export const CHANNELS: readonly Channel[] = ChannelSchema.options;

export const FeedbackRatingSchema = z.enum(['up', 'down']);
export type FeedbackRating = z.infer<typeof FeedbackRatingSchema>;

/** A valid ISO date or date-time as a `Date`, read as UTC when it names no offset. */
function utcInstant(text: string): Date {
  if (!text.includes('T')) return new Date(`${text}T00:00:00Z`);
  return new Date(/(Z|[+-]\d\d:\d\d)$/.test(text) ? text : `${text}Z`);
}

/**
 * A date or a date-time, with or without seconds, fraction and offset (none: UTC), as a `Date`.
 * Zod's ISO formats check the day exists: `2026-11-31` is refused, not moved to 1 December.
 */
const instant = (description: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], {
      error:
        'must be a date (2026-11-01) or a date-time (2026-11-01T08:00:00Z), UTC unless an offset is given',
    })
    .transform(utcInstant)
    .optional()
    .openapi({
      type: 'string',
      format: 'date-time',
      description,
      example: '2026-11-01T00:00:00Z',
    });

/** `from` (inclusive) and `to` (exclusive) of a reporting period; dates or date-times, UTC. */
export const PeriodQuerySchema = z.object({
  from: instant('Start of the period, inclusive (default: 30 days before `to`).'),
  to: instant('End of the period, exclusive (default: now).'),
});
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;

/** A period of the question log and, optionally, the docs version its questions were asked in. */
export const LogQuerySchema = PeriodQuerySchema.extend({
  version: DocVersionSchema.optional().openapi({
    description:
      'Only questions asked in this docs version (`GET /versions/`); absent: every question. Search-box counts are not kept per version.',
  }),
});
export type LogQuery = z.infer<typeof LogQuerySchema>;

/** Query of `GET /admin/insights/`. */
export const InsightsQuerySchema = LogQuerySchema.extend({
  interval: z
    .enum(['day', 'week'])
    .default('day')
    .openapi({ description: 'Series bucket (weeks start on Monday, UTC).' }),
});
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

/** Counts of a period or of one bucket of the series. */
const CountsShape = {
  questions: z.number().int(),
  not_covered: z.number().int(),
  failed: z.number().int(),
  thumbs_up: z.number().int(),
  thumbs_down: z.number().int(),
  /** Median time from asking to a ready answer, ms (histogram, ±5 %); null without ready answers. */
  p50_ready_ms: z.number().int().nullable(),
};

/** One bucket of the insights series. */
export const InsightsBucketSchema = z
  .object({ start: z.string().openapi({ format: 'date-time' }), ...CountsShape })
  .openapi('InsightsBucket');
export type InsightsBucket = z.infer<typeof InsightsBucketSchema>;

/** Response of `GET /admin/insights/`. */
export const InsightsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(['day', 'week']),
    totals: z
      .object({
        ...CountsShape,
        /** Median time from asking to the first partial answer, ms; null without any. */
        p50_first_partial_ms: z.number().int().nullable(),
      })
      .openapi('InsightsTotals'),
    series: z.array(InsightsBucketSchema),
    /** Most asked questions, grouped by normalised text; `text` is one wording as asked. */
    top_questions: z.array(z.object({ text: z.string(), count: z.number().int() })),
    /** Documents cited most in answers. */
    top_documents: z.array(
      z.object({
        document_id: z.string(),
        title: z.string(),
        url: z.string().nullable(),
        citations: z.number().int(),
      }),
    ),
    /** Every channel, with zeros for unused ones. */
    by_channel: z.array(
      z.object({ channel: ChannelSchema, questions: z.number().int(), not_covered: z.number().int() }),
    ),
    /**
     * The widget's search box: searches counted once typing settles, those that found nothing, and
     * the queries (normalised) searched most, and most among those that found nothing.
     */
    searches: z
      .object({
        total: z.number().int(),
        no_results: z.number().int(),
        top: z.array(z.object({ text: z.string(), count: z.number().int() })),
        top_no_results: z.array(z.object({ text: z.string(), count: z.number().int() })),
      })
      .openapi('SearchInsights'),
  })
  .openapi('Insights');
export type Insights = z.infer<typeof InsightsSchema>;

/** Query of `GET /admin/conversations/`. */
export const ConversationsQuerySchema = LogQuerySchema.extend({
  feedback: FeedbackRatingSchema.optional().openapi({ description: 'Chats with at least one such rating.' }),
  not_covered: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({ description: 'true: chats with a not-covered answer; false: chats without one.' }),
  channel: ChannelSchema.optional(),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Words one of the chat’s questions contains.' }),
  cursor: z.string().max(200).optional().openapi({ description: '`next_cursor` of the previous page.' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConversationsQuery = z.infer<typeof ConversationsQuerySchema>;

/** One chat of `GET /admin/conversations/`, newest activity first. */
export const ConversationSummarySchema = z
  .object({
    chat_id: z.string(),
    first_question: z.string(),
    /** Questions of the chat. */
    questions: z.number().int(),
    last_at: z.string(),
    feedback: z.object({ up: z.number().int(), down: z.number().int() }),
    /** Questions of the chat answered "not covered". */
    not_covered: z.number().int(),
    channel: ChannelSchema,
    /** The docs version of its first question; null: none. */
    version: z.string().nullable(),
  })
  .openapi('ConversationSummary');
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z
  .object({ items: z.array(ConversationSummarySchema), next_cursor: z.string().nullable() })
  .openapi('ConversationList');
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** A rating given to an answer. */
export const LoggedFeedbackSchema = z
  .object({ rating: FeedbackRatingSchema, details: z.string().nullable(), url: z.string().nullable() })
  .openapi('LoggedFeedback');
export type LoggedFeedback = z.infer<typeof LoggedFeedbackSchema>;

/** A source of an answer as the portal shows it. */
export const ConversationSourceSchema = z
  .object({ document_id: z.string(), title: z.string(), url: z.string().nullable(), cited: z.boolean() })
  .openapi('ConversationSource');

/** One question of a chat opened in the portal. */
export const ConversationTurnSchema = z
  .object({
    question_id: z.string(),
    text: z.string(),
    asked_at: z.string(),
    channel: ChannelSchema,
    status: QuestionStatusSchema,
    not_covered: z.boolean(),
    /** The answer while the record exists (RECORD_TTL_DAYS); null once only the log holds the question. */
    answer: z.string().nullable(),
    sources: z.array(ConversationSourceSchema),
    feedback: LoggedFeedbackSchema.nullable(),
    first_partial_ms: z.number().int().nullable(),
    ready_ms: z.number().int().nullable(),
    /** The page the question was asked from (the widget sends it), while the record exists. */
    page_url: z.string().nullable(),
    /** The docs version it was answered for, while the record exists; null: none. */
    version: z.string().nullable().optional(),
  })
  .openapi('ConversationTurn');
export type ConversationTurn = z.infer<typeof ConversationTurnSchema>;

/** Response of `GET /admin/conversations/{chat_id}`. */
export const ConversationDetailSchema = z
  .object({
    chat_id: z.string(),
    /** `records` while the chat's records exist, `log` after they expired. */
    source: z.enum(['records', 'log']),
    questions: z.array(ConversationTurnSchema),
  })
  .openapi('ConversationDetail');
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

/** Query of `GET /admin/gaps/`. */
export const GapsQuerySchema = LogQuerySchema;

export const GapReasonSchema = z.enum(['not_covered', 'thumbs_down']);

/** A group of failed questions that mean the same thing. */
export const GapClusterSchema = z
  .object({
    id: z.string(),
    /** The cluster's most central question. */
    label: z.string(),
    count: z.number().int(),
    questions: z.array(
      z.object({
        question_id: z.string(),
        chat_id: z.string(),
        text: z.string(),
        at: z.string(),
        reason: GapReasonSchema,
      }),
    ),
    nearest_documents: z.array(
      z.object({ document_id: z.string(), title: z.string(), url: z.string().nullable() }),
    ),
  })
  .openapi('GapCluster');
export type GapCluster = z.infer<typeof GapClusterSchema>;

/** Response of `GET /admin/gaps/`: largest cluster first. */
export const GapsSchema = z.object({ clusters: z.array(GapClusterSchema) }).openapi('Gaps');
export type Gaps = z.infer<typeof GapsSchema>;

/** Query of `GET /admin/export/questions`. */
export const ExportQuerySchema = LogQuerySchema.extend({
  format: z.enum(['jsonl', 'csv']).default('jsonl'),
});
export type ExportQuery = z.infer<typeof ExportQuerySchema>;

/** One logged question: a line of the export, and what the question log keeps. */
export const LoggedQuestionSchema = z
  .object({
    question_id: z.string(),
    chat_id: z.string(),
    asked_at: z.string(),
    ended_at: z.string(),
    text: z.string(),
    channel: ChannelSchema,
    status: z.enum(['ready', 'failed']),
    not_covered: z.boolean(),
    first_partial_ms: z.number().int().nullable(),
    ready_ms: z.number().int().nullable(),
    cited_document_ids: z.array(z.string()),
    /** The docs version it was asked in; null: none (or logged before versions were). */
    version: z.string().nullable(),
    feedback: LoggedFeedbackSchema.nullable(),
  })
  .openapi('LoggedQuestion');
export type LoggedQuestion = z.infer<typeof LoggedQuestionSchema>;
