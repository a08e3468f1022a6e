/** Prometheus metrics of a process and the server that exposes them. */
export { Metrics, type QueueJobCounts } from './metrics';
export { startMetricsServer, type MetricsServer } from './metrics-server';
