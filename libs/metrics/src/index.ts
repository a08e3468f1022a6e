export { Metrics, type QueueJobCounts } from './metrics';
export { startMetricsServer, type MetricsServer } from './metrics-server';
