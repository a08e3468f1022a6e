export * from './app-error';
export * from './errors';
export * from './problem';
