import type { Logger } from 'pino';
import type { QuestionLimits } from '@docqa/contracts';

/** Settings and services every tool of one server shares. */
export interface ToolContext {
  logger: Logger;
  /** Sizes of questions (QUESTION_MAX_CHARS) for `ask_question`'s schema. */
  questionLimits: QuestionLimits;
  /** How long `ask_question` and `get_answer` wait for an answer before they give up, ms. */
  answerTimeoutMs: number;
  /** Longest document text `get_document` returns, characters. */
  documentMaxChars: number;
}
