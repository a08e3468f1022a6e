import type { Logger } from 'pino';

/**
 * A process's graceful stop: on the first SIGTERM or SIGINT it logs `message`, awaits `close`
 * (later signals are ignored meanwhile) and exits with 0; with 1 when `close` fails, its error
 * logged.
 */
export function stopOnSignals(logger: Logger, message: string, close: () => Promise<unknown>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    let code = 0;
    try {
      await close();
    } catch (err) {
      logger.error({ err }, 'stopping failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
