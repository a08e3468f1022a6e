export * from './question-queue';
export * from './ingest-queue';
export * from './source-queue';
