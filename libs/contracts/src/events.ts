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
export type AnswerEventType = AnswerEvent['type'];
