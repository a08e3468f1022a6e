export * from './server';
export * from './app';
export * from './api-deps';
export * from './health-service';
export * from './http/route';
export * from './routes/documents';
export * from './routes/mcp';
export * from './knowledge-base';
export { staticAssets } from './http/static-assets';
