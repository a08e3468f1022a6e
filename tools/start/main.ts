/**
 * `npm start`: runs docqa on one machine. Starts a private redis-server when none answers at
 * REDIS_URL, then the API and one worker as child processes; on first start ingests docs/ into the
 * `demo` tenant; prints the URLs, a demo token and a demo admin of the portal. Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  API_V8_FLAGS,
  ConfigError,
  exitIfNodeTooOld,
  loadConfig,
  withNativeMemoryEnv,
  type Config,
} from '@docqa/config';
import { API_BASE_PATH } from '@docqa/contracts';
import { busyPort, metricsPorts, type MetricsPorts } from './metrics-ports';
import { redisAnswers, startPrivateRedis, stopPrivateRedis } from './redis-launcher';
import { prepareDemo, type Demo } from './demo';

const children: ChildProcess[] = [];
/** The private redis-server, once it is being started (null: Redis is the operator's). */
let privateRedis: Promise<ChildProcess | null> = Promise.resolve(null);

function startApp(name: 'api' | 'worker', env: NodeJS.ProcessEnv): void {
  if (stopping) return;
  const child = spawn(
    process.execPath,
    [
      ...(name === 'api' ? API_V8_FLAGS : []),
      '--enable-source-maps',
      join(__dirname, `../../apps/${name}/main.js`),
    ],
    {
      env: withNativeMemoryEnv(env),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.once('exit', (code, signal) => {
    if (!stopping) {
      console.error(`docqa ${name} exited (${signal ?? code}); stopping`);
      void stop(1);
    }
  });
  children.push(child);
}

/** Waits (30 s at most) until `url` answers 200: the banner names only what already serves. */
async function waitForAnswer(url: string, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

let stopping: Promise<never> | null = null;

/**
 * Stops docqa in order: the API and the worker first (each stops accepting, finishes or hands back
 * its jobs, then closes its queues and Redis connections), then the private redis-server they used.
 * A terminal's Ctrl-C has signalled them already; the SIGTERM is for a `kill` of this process.
 */
function stop(code = 0): Promise<never> {
  stopping ??= (async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    const redis = await privateRedis.catch(() => null);
    if (redis) await stopPrivateRedis(redis);
    process.exit(code);
  })();
  return stopping;
}

async function main(): Promise<void> {
  exitIfNodeTooOld();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  const config: Config = loadConfig();
  const publicUrl = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  const metrics = metricsPorts(config);
  const busy = await busyPort(config, publicUrl, metrics);
  if (busy) {
    console.error(busy);
    process.exit(1);
  }
  // Sentinel and Cluster set-ups are the operator's; only a missing single Redis is started here.
  const single = !config.redisSentinels && !config.redisClusterNodes;
  if (single && !(await redisAnswers(config.redisUrl))) {
    console.error(
      `No Redis at ${config.redisUrl}: starting a private redis-server (data in ${config.dataDir}/redis)`,
    );
    privateRedis = startPrivateRedis(config.redisUrl, config.dataDir);
    await privateRedis;
  }

  const demo = config.demo ? await prepareDemo(config, publicUrl) : null;
  const env = { ...process.env, ...(demo ? { DEMO_TOKEN: demo.widgetToken } : {}) };
  startApp('worker', { ...env, ...(metrics ? { METRICS_PORT: String(metrics.worker) } : {}) });
  startApp('api', { ...env, ...(metrics ? { METRICS_PORT: String(metrics.api) } : {}) });
  await waitForAnswer(`http://127.0.0.1:${config.port}${API_BASE_PATH}/health?mode=minimal`, 'the API');
  if (metrics) {
    const host = loopbackFor(config.metricsHost);
    await waitForAnswer(`http://${host}:${metrics.api}/metrics`, "the API's metrics");
    await waitForAnswer(`http://${host}:${metrics.worker}/metrics`, "the worker's metrics");
  }
  if (demo) await demo.ingest(`http://127.0.0.1:${config.port}${API_BASE_PATH}/`);
  console.error(banner(publicUrl, demo, metrics && { ...metrics, host: config.metricsHost }));
}

/** The address to reach a server listening on `host` from this machine (any-address → loopback). */
function loopbackFor(host: string): string {
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}

/** What `npm start` prints once docqa runs: where everything is, and the demo's token and admin. */
function banner(
  publicUrl: string,
  demo: Demo | null,
  metrics: (MetricsPorts & { host: string }) | null,
): string {
  const apiUrl = `${publicUrl}${API_BASE_PATH}/`;
  const metricsHost = metrics && loopbackFor(metrics.host);
  return [
    '',
    'docqa is running',
    `  API         ${apiUrl}`,
    `  Swagger UI  ${apiUrl}docs/swagger`,
    `  Portal      ${publicUrl}/admin/`,
    `  MCP server  ${apiUrl}mcp   (for coding assistants, see docs/mcp.md)`,
    ...(metrics
      ? [
          `  Metrics     http://${metricsHost}:${metrics.api}/metrics (API), ` +
            `http://${metricsHost}:${metrics.worker}/metrics (worker)`,
        ]
      : []),
    ...(demo
      ? [
          `  Demo page   ${publicUrl}/`,
          `  Demo token  ${demo.token}   (tenant "demo": ask, search, ingest; valid 30 days)`,
          `  Demo admin  ${demo.admin.email}  password ${demo.admin.password}   (tenant "demo"; new each start)`,
        ]
      : []),
    '  Stop with Ctrl-C.',
    '',
  ].join('\n');
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  void stop(1);
});
