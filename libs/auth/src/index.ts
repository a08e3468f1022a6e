export * from './token';
export * from './token-store';
export * from './token-cache';
