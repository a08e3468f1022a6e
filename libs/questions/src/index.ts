/** Questions: recording and queueing them (the API) and answering a job into its record (the worker). */
export { FinalFailure, QuestionProcessor, type QuestionEndLog } from './question-processor';
export { QuestionEvents } from './question-events';
export { QuestionService } from './question-service';
