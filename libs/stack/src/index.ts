export * from './start-stack';
