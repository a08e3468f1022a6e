import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, startOwnRedis, type OwnRedis } from '@docqa/testing';

const root = resolve(__dirname, '../../..');

describe('api process', () => {
  let redis: OwnRedis;
  let child: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-api-main-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('started while Redis is down, waits with a JSON log line and starts once Redis is back', async () => {
    await redis.stop();
    child = spawn(process.execPath, [join(root, 'dist/apps/api/main.js')], {
      env: {
        ...process.env,
        REDIS_URL: redis.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DEMO: 'false',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      },
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
      throw new Error(`the API ended before logging ${pattern}; stderr: ${stderr}`);
    };

    const waiting = await nextMessage(/Redis .*unavailable/);
    expect(waiting.level).toBe(40);
    await redis.restart();
    await nextMessage(/api ready/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});
