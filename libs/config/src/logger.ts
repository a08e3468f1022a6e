import pino, { type Logger } from 'pino';
import type { Config } from './settings';

/** The process logger: JSON lines to stdout (pino), at `LOG_LEVEL`. */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel, base: { service: name } });
}
