export * from './test-redis';
export * from './redis-server';
export * from './redis-topology';
export * from './openai-test-server';
export * from './free-port';
export * from './chromium';
export * from './get-raw';
