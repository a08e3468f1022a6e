import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, startOwnRedis, type OwnRedis } from '@docqa/testing';

const root = resolve(__dirname, '../../..');

describe('worker process', () => {
  let redis: OwnRedis;
  let child: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-worker-main-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('started while Redis is down, waits with a JSON log line and starts once Redis is back', async () => {
    await redis.stop();
    child = spawn(process.execPath, [join(root, 'dist/apps/worker/main.js')], {
      env: { ...process.env, REDIS_URL: redis.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => child!.once('exit', r));
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const nextMessage = async (pattern: RegExp): Promise<Record<string, unknown>> => {
      for (let line = await lines.next(); !line.done; line = await lines.next()) {
        const entry = JSON.parse(line.value) as Record<string, unknown>;
        if (pattern.test(String(entry.msg))) return entry;
      }
      throw new Error(`the worker ended before logging ${pattern}; stderr: ${stderr}`);
    };

    const waiting = await nextMessage(/Redis .*unavailable/);
    expect(waiting.level).toBe(40);
    await redis.restart();
    await nextMessage(/worker ready/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });

  it('rides out a Redis outage with its metrics on, logging only JSON lines', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [join(root, 'dist/apps/worker/main.js')], {
      env: {
        ...process.env,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DEMO: 'false',
        METRICS_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => child!.once('exit', r));
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const nextMessage = async (pattern: RegExp): Promise<void> => {
      for (let line = await lines.next(); !line.done; line = await lines.next())
        if (pattern.test(String((JSON.parse(line.value) as { msg: unknown }).msg))) return;
      throw new Error(`the worker ended before logging ${pattern}; stderr: ${stderr}`);
    };

    await nextMessage(/worker ready/);
    await redis.stop();
    // Every connection retries on the same back-off: by the third failed attempt of the question
    // worker's, the one the queue metrics share has failed too.
    for (let i = 0; i < 3; i++) await nextMessage(/questions worker error/);
    await redis.restart();
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 60_000);
});
