export { FinalFailure, QuestionProcessor, type QuestionEndLog } from './question-processor';
export { QuestionService } from './question-service';
