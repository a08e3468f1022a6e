/**
 * API process. Composition root only: config → clients → HTTP server; SIGTERM/SIGINT drain it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, createLogger, loadConfig } from '@docqa/config';
import { createApiServices, startApi } from '@docqa/api-server';
import { VERSION } from '@docqa/contracts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'docqa-api');
  const services = await createApiServices(config, logger);
  const widgetDir = join(__dirname, '../widget');
  const adminDir = join(__dirname, '../admin');
  const api = await startApi(config, services, {
    logger,
    version: VERSION,
    widgetDir: existsSync(widgetDir) ? widgetDir : undefined,
    adminDir: existsSync(adminDir) ? adminDir : undefined,
    demoToken: config.demoToken,
  });
  logger.info({ url: api.url }, 'api ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api stopping');
    await api.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
