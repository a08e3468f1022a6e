export * from './test-redis';
export * from './redis-server';
export * from './openai-test-server';
