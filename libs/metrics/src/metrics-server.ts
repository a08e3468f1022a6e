import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** A running `/metrics` listener. */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` of `registry` on a port of its own, apart from the public API, so that
 * scraping never needs a token and the metrics are never public by default (bind it to a private
 * address). Port 0 (METRICS_PORT's default) serves nothing: null.
 */
export async function startMetricsServer(opts: {
  registry: Registry;
  port: number;
  host: string;
}): Promise<MetricsServer | null> {
  if (!opts.port) return null;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    opts.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': opts.registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(err)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
