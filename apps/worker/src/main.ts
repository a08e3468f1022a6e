/**
 * Worker process: consumes the `questions`, `ingest`, `sources` and `deliveries` queues.
 * Composition root only: config → composed worker (@docqa/composition) → metrics; SIGTERM/SIGINT
 * close gracefully.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
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
  lowerPriority(config.workerNice, logger);
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

/**
 * Lowers the CPU priority of this process's threads to `nice` (never raises one: that needs
 * privileges), so that an API on the same cores serves searches and answers first while an
 * ingestion runs. On Linux a priority is a thread's: each thread listed in `/proc/self/task` is
 * set (LanceDB's runtime and V8's threads exist before `main` runs), and a thread started later
 * takes its creator's. Elsewhere the process's.
 */
function lowerPriority(nice: number, logger: Logger): void {
  let threads: number[] = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc: the process's priority is all there is to set.
  }
  try {
    for (const thread of threads) if (getPriority(thread) < nice) setPriority(thread, nice);
  } catch (err) {
    logger.warn({ err: (err as Error).message, nice }, 'could not lower the worker’s CPU priority');
  }
}

main().catch((err) => {
  // Settings errors come before the logger exists; anything later is a JSON line like the rest.
  if (startedLogger) startedLogger.fatal({ err }, 'worker failed to start');
  else console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
