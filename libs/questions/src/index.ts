export * from './answer-writer';
export * from './question-processor';
export * from './question-service';
