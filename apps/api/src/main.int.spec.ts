import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  freePort,
  startLoggedProcess,
  startOwnRedis,
  type LoggedProcess,
  type OwnRedis,
} from '@docqa/testing';

const api = join(resolve(__dirname, '../../..'), 'dist/apps/api/main.js');

describe('api process', () => {
  let redis: OwnRedis;
  let started: LoggedProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'docqa-api-main-'));
  });
  afterAll(async () => {
    if (started && started.child.exitCode === null) {
      // The test ended before the process did: say how far the process got.
      console.warn(`still running after logging: ${started.messages().slice(-20).join(' | ')}`);
      started.child.kill('SIGKILL');
    }
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('started while Redis is down, waits with a JSON log line and starts once Redis is back', async () => {
    await redis.stop();
    started = startLoggedProcess(api, {
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DEMO: 'false',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    const { child, exited, stderr, nextMessage } = started;
    const waiting = await nextMessage(/Redis .*unavailable/);
    expect(waiting.level).toBe(40);
    await redis.restart();
    await nextMessage(/api ready/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr()).toBe('');
  });
});
