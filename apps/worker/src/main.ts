/**
 * Worker process: consumes the `questions`, `ingest`, `sources` and `deliveries` queues.
 * Composition root only: config → composed worker (@docqa/composition) → metrics; SIGTERM/SIGINT
 * close gracefully.
 */
import type { Logger } from 'pino';
import { ConfigError, exitIfNodeTooOld, createLogger, loadConfig, stopOnSignals } from '@docqa/config';
import { composeWorker } from '@docqa/composition';
import { Metrics, startMetricsServer } from '@docqa/metrics';
import { redisTarget, waitForRedis } from '@docqa/redis';

/** Set once the settings are read: from then on even a failed start is a JSON log line. */
let startedLogger: Logger | undefined;

async function main(): Promise<void> {
  exitIfNodeTooOld();
  const config = loadConfig();
  const logger = createLogger(config, 'docqa-worker');
  startedLogger = logger;
  await waitForRedis(redisTarget(config), (err, attempt) =>
    logger.warn({ err: err.message, attempt }, 'Redis is unavailable; waiting for it'),
  );
  const metrics = new Metrics('worker');
  const worker = await composeWorker(config, { logger, metrics });
  const metricsServer = await startMetricsServer({
    registry: metrics.registry,
    port: config.metricsPort,
    host: config.metricsHost,
  });
  logger.info({ concurrency: config.workerConcurrency, metrics: metricsServer?.url }, 'worker ready');

  stopOnSignals(logger, 'worker stopping: finishing the answers in hand', async () => {
    await worker.close();
    await metricsServer?.close();
  });
}

main().catch((err) => {
  // Settings errors come before the logger exists; anything later is a JSON line like the rest.
  if (startedLogger) startedLogger.fatal({ err }, 'worker failed to start');
  else console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
