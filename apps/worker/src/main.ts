/**
 * Worker process: consumes the `questions` and `ingest` queues.
 * Composition root only: config → clients → consumers; SIGTERM/SIGINT close gracefully.
 */
import { ConfigError, createLogger, loadConfig } from '@docqa/config';
import { Metrics, startMetricsServer } from '@docqa/metrics';
import { createKnowledgeBase, startWorker } from '@docqa/worker-runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'docqa-worker');
  const knowledgeBase = await createKnowledgeBase(config, logger);
  const metrics = new Metrics('worker');
  const worker = await startWorker(config, {
    answerer: knowledgeBase.answerer,
    logger,
    consumers: knowledgeBase.consumers,
    metrics,
  });
  const metricsServer = config.metricsPort
    ? await startMetricsServer({
        registry: metrics.registry,
        port: config.metricsPort,
        host: config.metricsHost,
      })
    : null;
  logger.info({ concurrency: config.workerConcurrency, metrics: metricsServer?.url }, 'worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing the answers in hand');
    await worker.close();
    await Promise.all([knowledgeBase.close(), metricsServer?.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
