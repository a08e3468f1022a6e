/**
 * API process. Composition root only: config → composed API (@docqa/composition) → metrics;
 * SIGTERM/SIGINT drain it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, exitIfNodeTooOld, createLogger, loadConfig, stopOnSignals } from '@docqa/config';
import { composeApi } from '@docqa/composition';
import { VERSION } from '@docqa/contracts';
import { Metrics, startMetricsServer } from '@docqa/metrics';
import { redisTarget, waitForRedis } from '@docqa/redis';

/** Set once the settings are read: from then on even a failed start is a JSON log line. */
let startedLogger: Logger | undefined;

async function main(): Promise<void> {
  exitIfNodeTooOld();
  const config = loadConfig();
  const logger = createLogger(config, 'docqa-api');
  startedLogger = logger;
  await waitForRedis(redisTarget(config), (err, attempt) =>
    logger.warn({ err: err.message, attempt }, 'Redis is unavailable; waiting for it'),
  );
  const metrics = new Metrics('api');
  const widgetDir = join(__dirname, '../widget');
  const swaggerUiDir = join(__dirname, '../../swagger-ui');
  const docsDir = join(__dirname, '../../../docs');
  const adminDir = join(__dirname, '../admin');
  const api = await composeApi(config, {
    logger,
    version: VERSION,
    widgetDir: existsSync(widgetDir) ? widgetDir : undefined,
    swaggerUiDir: existsSync(swaggerUiDir) ? swaggerUiDir : undefined,
    adminDir: existsSync(adminDir) ? adminDir : undefined,
    demoToken: config.demoToken,
    metrics,
    docsDir: existsSync(docsDir) ? docsDir : undefined,
  });
  const metricsServer = await startMetricsServer({
    registry: metrics.registry,
    port: config.metricsPort,
    host: config.metricsHost,
  });
  logger.info({ url: api.url, metrics: metricsServer?.url }, 'api ready');

  stopOnSignals(logger, 'api stopping', () => Promise.all([api.close(), metricsServer?.close()]));
}

main().catch((err) => {
  // Settings errors come before the logger exists; anything later is a JSON line like the rest.
  if (startedLogger) startedLogger.fatal({ err }, 'api failed to start');
  else console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
