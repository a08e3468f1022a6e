/** The settings: one zod schema read once from the environment, the logger and the process helpers of the roots. */
export type { Config } from './settings';
export { ConfigError, loadConfig } from './load-config';
export { createLogger } from './logger';
export { NATIVE_MEMORY_ENV, withNativeMemoryEnv } from './native-memory-env';
export { exitIfNodeTooOld } from './node-version';
export { stopOnSignals } from './stop-on-signals';
