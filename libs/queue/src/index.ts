export * from './question-queue';
export * from './ingest-queue';
