import type { Logger } from 'pino';
import type { QuestionLimits } from '@docqa/contracts';

/** Settings and services every tool of one server shares. */
export interface ToolContext {
  logger: Logger;
  /** Sizes of questions (QUESTION_MAX_CHARS) for `ask_question`'s schema. */
  questionLimits: QuestionLimits;
  /** How long `ask_question` waits for an answer before it gives up, ms. */
  answerTimeoutMs: number;
  /** Longest document text `get_document` returns, characters. */
  documentMaxChars: number;
}
