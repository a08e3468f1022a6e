export * from './keys';
export * from './ids';
export * from './question-store';
export * from './change-feed';
export * from './settings-store';
export * from './feedback-store';
export * from './redis';
export * from './key-layout';
