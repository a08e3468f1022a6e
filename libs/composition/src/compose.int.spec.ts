import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { loadConfig } from '@docqa/config';
import { startOwnRedis, type OwnRedis } from '@docqa/testing';
import { composeApi } from './compose-api';
import { composeWorker } from './compose-worker';

describe('the composed API and worker', () => {
  let redis: OwnRedis;
  let probe: Redis;
  const dataDir = mkdtempSync(join(tmpdir(), 'docqa-compose-'));

  beforeAll(async () => {
    redis = await startOwnRedis();
    probe = new Redis(redis.url);
  });
  afterAll(async () => {
    probe.disconnect();
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The names of the connections Redis holds, but the test's own. */
  async function connectionNames(): Promise<string[]> {
    const list = (await probe.call('CLIENT', 'LIST')) as string;
    return list
      .trim()
      .split('\n')
      .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
      .filter((name) => name.startsWith('docqa'))
      .sort();
  }

  it('open one command connection per process (and the pub/sub, answer-path and BullMQ ones), and close them all', async () => {
    const config = loadConfig({ REDIS_URL: redis.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const logger = pino({ level: 'silent' });
    const api = await composeApi(config, { logger, version: 'test' });
    const worker = await composeWorker(config, { logger });
    try {
      expect((await fetch(`${api.url}/api/v2/health?mode=minimal`)).status).toBe(200);
      const names = await connectionNames();
      const count = (name: string) => names.filter((n) => n === name).length;
      expect(count('docqa-api')).toBe(1);
      expect(count('docqa-api-sub')).toBe(1);
      expect(count('docqa-worker-store')).toBe(1);
      expect(count('docqa-worker')).toBe(1);
      // The document service, sources and the store binding share the process's connection.
      expect(names.filter((n) => /^docqa-(documents|sources|store-binding)$/.test(n))).toEqual([]);
    } finally {
      await worker.close(1000);
      await api.close();
    }
    for (let i = 0; i < 100 && (await connectionNames()).length; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await connectionNames()).toEqual([]);
  });
});
