export * from './settings';
export * from './load-config';
export * from './logger';
export * from './node-version';
export * from './stop-on-signals';
