export * from './docqa-client';
export * from './problem-error';
export * from './answer-timeout-error';
export * from './answer-events';
export { retryAfterMs, type HttpTransportOptions } from './http-transport';
export * from './insights-client';
