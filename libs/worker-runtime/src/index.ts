export * from './worker-runtime';
export * from './question-worker';
export * from './ingest-worker';
export * from './source-worker';
export * from './knowledge-base';
