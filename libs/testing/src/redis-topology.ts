import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { waitForPort } from './redis-server';

const run = promisify(execFile);

/** One redis-server (or redis-sentinel) process of a topology, on 127.0.0.1. */
export interface RedisProcess {
  port: number;
  /** Kills it with SIGKILL, as a crash would. */
  kill(): Promise<void>;
}

/** A private Sentinel set-up: one master, one replica, three sentinels. */
export interface OwnSentinel {
  /** Name of the master the sentinels watch. */
  name: string;
  sentinels: { host: string; port: number }[];
  /** `REDIS_SENTINELS` and `REDIS_SENTINEL_NAME` for a docqa process. */
  env: Record<string, string>;
  /** The data nodes (index 0 started as the master). */
  nodes: RedisProcess[];
  /** The data node that is master now, as the sentinels see it. */
  master(): Promise<RedisProcess>;
  /** Stops every process and removes their files. */
  stop(): Promise<void>;
}

/** A private Redis Cluster: three masters, three replicas. */
export interface OwnCluster {
  nodes: RedisProcess[];
  /** `REDIS_CLUSTER_NODES` for a docqa process. */
  env: Record<string, string>;
  /** Ports of the current masters. */
  masterPorts(): Promise<number[]>;
  /** The node that is master of `key`'s hash slot now. */
  masterOf(key: string): Promise<RedisProcess>;
  /** Stops every process and removes their files. */
  stop(): Promise<void>;
}

/**
 * How quickly a dead master is replaced. Short so tests and benchmarks do not wait long; still
 * several pings long so a busy machine does not trigger false failovers.
 */
const DOWN_AFTER_MS = 1500;

/** Starts a Sentinel set-up on free loopback ports and waits until the sentinels agree on it. */
export async function startOwnSentinel(name = 'docqa'): Promise<OwnSentinel> {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-sentinel-'));
  const procs: Spawned[] = [];
  try {
    const master = await startServer(dir, []);
    procs.push(master);
    const replica = await startServer(dir, ['--replicaof', '127.0.0.1', String(master.port)]);
    procs.push(replica);
    await waitFor(async () => /master_link_status:up/.test(await cli(replica.port, 'INFO', 'replication')));
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const conf = join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${master.port} 2`,
          `sentinel down-after-milliseconds ${name} ${DOWN_AFTER_MS}`,
          `sentinel failover-timeout ${name} 10000`,
          `sentinel parallel-syncs ${name} 1`,
        ].join('\n'),
      );
      procs.push(await spawnOn(port, 'redis-sentinel', [conf]));
    }
    const sentinelProcs = procs.slice(2);
    // Every sentinel must know the replica and the other sentinels before a failover can happen.
    await waitFor(async () => {
      for (const s of sentinelProcs) {
        const info = await cli(s.port, 'INFO', 'sentinel');
        if (!/slaves=1,sentinels=3/.test(info)) return false;
      }
      return true;
    });
    const sentinels = sentinelProcs.map((s) => ({ host: '127.0.0.1', port: s.port }));
    return {
      name,
      sentinels,
      env: {
        REDIS_SENTINELS: sentinels.map((s) => `${s.host}:${s.port}`).join(','),
        REDIS_SENTINEL_NAME: name,
      },
      nodes: [master, replica],
      async master() {
        const reply = await cli(sentinels[0]!.port, 'SENTINEL', 'get-master-addr-by-name', name);
        const port = Number(reply.trim().split('\n')[1]);
        return [master, replica].find((n) => n.port === port)!;
      },
      stop: () => stopAll(procs, dir),
    };
  } catch (err) {
    await stopAll(procs, dir);
    throw err;
  }
}

/** Starts a Redis Cluster of three masters and three replicas and waits until it serves every slot. */
export async function startOwnCluster(): Promise<OwnCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-cluster-'));
  const procs: Spawned[] = [];
  try {
    for (let i = 0; i < 6; i++)
      procs.push(
        await startServer(dir, [
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          join(dir, `nodes-${i}.conf`),
          '--cluster-node-timeout',
          String(DOWN_AFTER_MS),
        ]),
      );
    await run('redis-cli', [
      '--cluster',
      'create',
      ...procs.map((p) => `127.0.0.1:${p.port}`),
      '--cluster-replicas',
      '1',
      '--cluster-yes',
    ]);
    await waitFor(async () => {
      for (const p of procs) if (!/cluster_state:ok/.test(await cli(p.port, 'CLUSTER', 'INFO'))) return false;
      return true;
    });
    // Replicas must have synced before a master may die without losing what it holds.
    await waitFor(async () => {
      const roles = await Promise.all(procs.map((p) => cli(p.port, 'INFO', 'replication')));
      return roles.every((r) => /role:master/.test(r) || /master_link_status:up/.test(r));
    });
    const list = procs.map((p) => `127.0.0.1:${p.port}`).join(',');
    return {
      nodes: procs,
      env: { REDIS_CLUSTER_NODES: list },
      async masterPorts() {
        const alive = procs.filter((p) => p.alive());
        const roles = await Promise.all(alive.map((p) => cli(p.port, 'ROLE').catch(() => '')));
        return alive.filter((_, i) => roles[i]!.startsWith('master')).map((p) => p.port);
      },
      async masterOf(key) {
        const alive = procs.find((p) => p.alive())!;
        const slot = Number((await cli(alive.port, 'CLUSTER', 'KEYSLOT', key)).trim());
        // CLUSTER NODES: `id host:port@bus flags master-id ping pong epoch link slot-range...`
        for (const line of (await cli(alive.port, 'CLUSTER', 'NODES')).trim().split('\n')) {
          const [, address, flags, , , , , , ...ranges] = line.split(' ');
          if (!flags!.includes('master') || flags!.includes('fail')) continue;
          const owns = ranges.some((r) => {
            const [from, to] = r.split('-').map(Number);
            return slot >= from! && slot <= (to ?? from)!;
          });
          const port = Number(address!.split('@')[0]!.split(':')[1]);
          if (owns) return procs.find((p) => p.port === port)!;
        }
        throw new Error(`no master serves slot ${slot}`);
      },
      stop: () => stopAll(procs, dir),
    };
  } catch (err) {
    await stopAll(procs, dir);
    throw err;
  }
}

/**
 * Resolves when `check` holds, polling every 100 ms; throws after `timeoutMs` (a failover on a
 * busy machine takes a few seconds).
 */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs one redis-cli command against a local port and returns its raw output. */
export async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), ...args]);
  return stdout;
}

interface Spawned extends RedisProcess {
  alive(): boolean;
}

function startServer(dir: string, extra: string[]): Promise<Spawned> {
  return freePort().then((port) =>
    spawnOn(port, 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      ...extra,
    ]),
  );
}

async function spawnOn(port: number, command: string, args: string[]): Promise<Spawned> {
  let child: ChildProcess | null = spawn(command, args, { stdio: 'ignore' });
  const exited = new Promise((r) => child!.once('exit', r));
  await waitForPort(port);
  return {
    port,
    alive: () => child !== null,
    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      child = null;
      await exited;
    },
  };
}

async function stopAll(procs: Spawned[], dir: string): Promise<void> {
  await Promise.all(procs.map((p) => p.kill()));
  rmSync(dir, { recursive: true, force: true });
}
