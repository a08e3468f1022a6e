import { DocumentInputSchema } from './documents';
import { z } from './zod';

/** Names of the BullMQ queues. */
export const QUEUE_NAMES = { questions: 'questions', ingest: 'ingest', sources: 'sources' } as const;

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
