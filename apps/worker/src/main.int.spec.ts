import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  freePort,
  startLoggedProcess,
  startOwnRedis,
  type LoggedProcess,
  type OwnRedis,
} from '@docqa/testing';

const worker = join(resolve(__dirname, '../../..'), 'dist/apps/worker/main.js');

describe('worker process', () => {
  let redis: OwnRedis;
  let started: LoggedProcess | undefined;
  let dataDir: string;
  const start = (env: Record<string, string> = {}) =>
    (started = startLoggedProcess(worker, {
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DEMO: 'false',
      ...env,
    }));

  beforeAll(async () => {
    redis = await startOwnRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-worker-main-'));
  });
  afterEach(() => {
    if (started && started.child.exitCode === null) {
      // The test ended before the process did: say how far the process got.
      console.warn(`still running after logging: ${started.messages().slice(-20).join(' | ')}`);
      started.child.kill('SIGKILL');
    }
  });
  afterAll(async () => {
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('started while Redis is down, waits with a JSON log line and starts once Redis is back', async () => {
    await redis.stop();
    const { child, exited, stderr, nextMessage } = start();
    const waiting = await nextMessage(/Redis .*unavailable/);
    expect(waiting.level).toBe(40);
    await redis.restart();
    await nextMessage(/worker ready/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr()).toBe('');
  });

  it('rides out a Redis outage with its metrics on, logging only JSON lines', async () => {
    const port = await freePort();
    const { child, exited, stderr, nextMessage } = start({ METRICS_PORT: String(port) });
    await nextMessage(/worker ready/);
    await redis.stop();
    // Every connection retries on the same back-off: by the third failed attempt of the question
    // worker's, the one the queue metrics share has failed too.
    for (let i = 0; i < 3; i++) await nextMessage(/questions worker error/);
    await redis.restart();
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr()).toBe('');
  }, 60_000);

  it('stopped while Redis is down, exits after its grace period without an error', async () => {
    await redis.restart();
    const { child, exited, stderr, nextMessage } = start();
    await nextMessage(/worker ready/);
    await redis.stop();
    await nextMessage(/questions worker error/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(started!.messages()).not.toContain('stopping failed');
    expect(stderr()).toBe('');
  }, 60_000);

  // Linux keeps a priority per thread, listed under /proc.
  (existsSync('/proc/self/task') ? it : it.skip)(
    'runs every thread of its own at the CPU priority WORKER_NICE names, below the API',
    async () => {
      await redis.restart();
      const { child, exited, nextMessage } = start({ WORKER_NICE: '7' });
      await nextMessage(/worker ready/);
      const tasks = `/proc/${child.pid}/task`;
      // A thread's stat: "tid (name) state …", its niceness the 17th field after the name.
      const nices = readdirSync(tasks).map((tid) => {
        const stat = readFileSync(`${tasks}/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
      expect(nices.length).toBeGreaterThan(3);
      // Never raised: a test run at a lower priority than 7 leaves the worker at its own.
      expect(new Set(nices)).toEqual(new Set([Math.max(7, getPriority())]));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    60_000,
  );
});
