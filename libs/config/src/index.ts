export * from './settings';
export * from './load-config';
export * from './logger';
