/** The settings: one zod schema read once from the environment, the logger and the process helpers of the roots. */
export type { Config } from './settings';
export { API_V8_FLAGS } from './api-v8-flags';
export { ConfigError, loadConfig } from './load-config';
export { createLogger } from './logger';
export { NATIVE_MEMORY_ENV, withNativeMemoryEnv } from './native-memory-env';
export { exitIfNodeTooOld } from './node-version';
export { stopOnSignals } from './stop-on-signals';
