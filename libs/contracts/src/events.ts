import { ProblemSchema } from './problem';
import { QuestionRecordSchema, QuestionStatusSchema, SourceSchema } from './question';
import { z } from './zod';

/**
 * Events of an answer's stream, as stored in the question's Redis Stream and sent over SSE
 * (`event: <type>`, `data: <json of data>`, `id: <stream id>`).
 */
export const AnswerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('question'), data: z.object({ question_id: z.string(), chat_id: z.string() }) }),
  z.object({
    type: z.literal('status'),
    data: z.object({
      status: QuestionStatusSchema,
      restarted: z.boolean().optional(),
      attempt: z.number().optional(),
    }),
  }),
  z.object({ type: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ type: z.literal('sources'), data: z.object({ sources: z.array(SourceSchema) }) }),
  z.object({ type: z.literal('done'), data: z.object({ record: QuestionRecordSchema }) }),
  z.object({ type: z.literal('error'), data: z.object({ problem: ProblemSchema }) }),
]);
export type AnswerEvent = z.infer<typeof AnswerEventSchema>;

/**
 * Where a client resumes an answer's stream (`Last-Event-ID` header or `last_event_id` query): the
 * id of the last event it received (`<ms>-<seq>` or `<ms>`), `0` or `-` for the start, `$` for
 * only what comes next.
 */
export const LastEventIdSchema = z
  .string()
  .max(100)
  .regex(/^(\d{1,20}(-\d{1,20})?|-|\$)$/, 'must be an event id such as 1732400000000-0, or - or $')
  .openapi({ description: 'Resume after this event id; `-` from the start, `$` from now on.' });
