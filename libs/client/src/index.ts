/** The typed TypeScript SDK of the API, used by the CLI, the widget and tests. */
export {
  DocqaClient,
  type DocqaClientOptions,
  type DocumentCreateInput,
  type DocumentPage,
  type QuestionInput,
  type QuestionPoll,
  type SearchInput,
  type StreamQuestionInput,
  type StreamTarget,
} from './docqa-client';
export { DocqaProblemError } from './problem-error';
export { AnswerTimeoutError } from './answer-timeout-error';
export { isFinalEvent, readAnswerEvents, type StreamedEvent } from './answer-events';
export { retryAfterMs, type HttpTransportOptions } from './http-transport';
export {
  InsightsClient,
  type ConversationsParams,
  type InsightsParams,
  type PeriodParams,
} from './insights-client';
export { EvalsClient } from './evals-client';
