export * from './server';
export * from './app';
export * from './api-deps';
export * from './health-service';
export * from './http/route';
export * from './routes/documents';
export * from './routes/sources';
export * from './knowledge-base';
