import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './load-config';
import { SETTINGS } from './settings';

describe('loadConfig', () => {
  it('gives every setting its documented default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      redisUrl: 'redis://127.0.0.1:6379',
      dataDir: '.data',
      vectorStore: 'embedded',
      searchIndexCacheMb: 256,
      embeddingsProvider: 'local',
      llmProvider: 'extractive',
      workerConcurrency: 8,
      workerNice: 10,
      demo: true,
    });
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', VECTOR_STORE: 'mysql' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', VECTOR_STORE: 'mysql' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT="eighty"/);
      expect((err as Error).message).toMatch(/VECTOR_STORE="mysql"/);
    }
  });

  it('requires QDRANT_URL with VECTOR_STORE=qdrant and an overlap smaller than the chunk size', () => {
    expect(() => loadConfig({ VECTOR_STORE: 'qdrant' })).toThrow(/QDRANT_URL/);
    expect(() => loadConfig({ CHUNK_SIZE: '200', CHUNK_OVERLAP: '200' })).toThrow(/CHUNK_OVERLAP/);
  });

  it('reads Sentinel and Cluster nodes as host:port lists, and refuses both at once', () => {
    const config = loadConfig({ REDIS_SENTINELS: 's1:26379,10.0.0.2:26380', REDIS_SENTINEL_NAME: 'main' });
    expect(config.redisSentinels).toEqual([
      { host: 's1', port: 26379 },
      { host: '10.0.0.2', port: 26380 },
    ]);
    expect(config.redisSentinelName).toBe('main');
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'n1:6379,n2' })).toThrow(
      /REDIS_CLUSTER_NODES="n1:6379,n2"/,
    );
    expect(() => loadConfig({ REDIS_SENTINELS: 's1:26379', REDIS_CLUSTER_NODES: 'n1:6379' })).toThrow(
      /not together with REDIS_CLUSTER_NODES/,
    );
  });

  it('reads a leading ~ of a folder as the home folder, and nowhere else', () => {
    expect(loadConfig({}).docqaConfigDir).toBe(join(homedir(), '.config/docqa'));
    expect(loadConfig({ DOCQA_CONFIG_DIR: '~' }).docqaConfigDir).toBe(homedir());
    expect(loadConfig({ DOCQA_CONFIG_DIR: '/etc/~/docqa' }).docqaConfigDir).toBe('/etc/~/docqa');
    expect(loadConfig({ DOCQA_CONFIG_DIR: '~other/docqa' }).docqaConfigDir).toBe('~other/docqa');
  });

  it('takes the TRUST_PROXY forms Express does and names the variable for any other', () => {
    for (const value of [
      'true',
      'false',
      '2',
      'loopback',
      '10.0.0.0/8, loopback',
      '10.0.0.0/255.0.0.0',
      '::1/128',
    ])
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(value.trim());
    for (const value of ['foo', ' ', '10.0.0.0/33', 'loopback,', 'yes'])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        new RegExp(`TRUST_PROXY=${JSON.stringify(value)}: must be true, false, a number of hops`),
      );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('matches the README configuration table, row for row', () => {
    const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
    const rows = new Map(
      [...readme.matchAll(/^\|\s*`([A-Z_]+)`\s*\|([^|]*)\|/gm)].map((m) => [m[1]!, m[2]!.trim()]),
    );
    for (const setting of Object.values(SETTINGS)) {
      expect(rows.has(setting.env)).toBe(true);
      const shown = setting.default === undefined ? '' : `\`${setting.default}\``;
      expect([setting.env, rows.get(setting.env)]).toEqual([setting.env, shown]);
    }
    expect([...rows.keys()].sort()).toEqual(
      Object.values(SETTINGS)
        .map((s) => s.env)
        .sort(),
    );
  });
});
