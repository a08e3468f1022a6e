import type { Config } from '@docqa/config';
import { portInUse } from './port-in-use';

/** The `/metrics` ports of `npm start`'s two processes. */
export interface MetricsPorts {
  api: number;
  worker: number;
}

/**
 * Where `npm start`'s processes serve `/metrics`: the API on `METRICS_PORT`, the worker on the port
 * after it (each process needs a port of its own; both got the same one, and the second to listen
 * died with EADDRINUSE). Null when `METRICS_PORT` is 0: neither serves metrics.
 */
export function metricsPorts(config: Pick<Config, 'metricsPort'>): MetricsPorts | null {
  if (!config.metricsPort) return null;
  if (config.metricsPort === 65535)
    throw new Error(
      'METRICS_PORT=65535 leaves no port for the worker: npm start uses METRICS_PORT and the next',
    );
  return { api: config.metricsPort, worker: config.metricsPort + 1 };
}

/**
 * Why `npm start` cannot listen where the settings say (the first port in use), or null; it says
 * so before it prints a demo token and admin that a process unable to listen would never serve.
 */
export async function busyPort(
  config: Config,
  publicUrl: string,
  metrics: MetricsPorts | null,
): Promise<string | null> {
  if (await portInUse(config.host, config.port))
    return (
      `Port ${config.port} is in use: is docqa already running (${publicUrl}/)? ` +
      `Stop what listens there, or start on another port: PORT=${config.port + 1} npm start`
    );
  for (const [process, port] of Object.entries(metrics ?? {}))
    if (await portInUse(config.metricsHost, port))
      return (
        `Port ${port} (the ${process}'s metrics) is in use: npm start serves the API's metrics on ` +
        `METRICS_PORT and the worker's on the next port; choose a METRICS_PORT with both free`
      );
  return null;
}
