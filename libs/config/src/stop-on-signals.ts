import type { Logger } from 'pino';

/**
 * A process's graceful stop: on the first SIGTERM or SIGINT it logs `message`, awaits `close`
 * (later signals are ignored meanwhile) and exits with 0.
 */
export function stopOnSignals(logger: Logger, message: string, close: () => Promise<unknown>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
