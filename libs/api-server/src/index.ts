export * from './server';
export * from './app';
export * from './api-deps';
export * from './health-service';
export * from './http/route';
export * from './routes/documents';
export * from './knowledge-base';
export { DEMO_EXAMPLES } from './demo-page';
export { DEMO_DOCS_PATH } from './demo-docs';
