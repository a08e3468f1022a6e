export { Metrics } from './metrics';
export { startMetricsServer, type MetricsServer } from './metrics-server';
