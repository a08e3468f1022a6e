import type { ConnectionOptions } from 'bullmq';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { coalesceWritesOf, type RedisSendOptions } from './coalesce-writes';
import { FailoverSafeSentinelConnector } from './sentinel-connector';

/** A Redis node's address. */
export interface RedisNode {
  host: string;
  port: number;
}

/**
 * Where docqa's Redis is: one server by URL, a master found through Sentinel, or a Redis Cluster.
 * A plain string is a single server's URL (tests and tools pass their own server's URL).
 */
export type RedisTarget =
  | string
  | { kind: 'single'; url: string }
  | {
      kind: 'sentinel';
      sentinels: RedisNode[];
      /** Name of the master the sentinels watch. */
      name: string;
      password?: string;
      sentinelPassword?: string;
    }
  | { kind: 'cluster'; nodes: RedisNode[]; password?: string };

/** The settings {@link redisTarget} reads (a subset of `@docqa/config`'s Config). */
export interface RedisSettings {
  redisUrl: string;
  redisSentinels?: RedisNode[];
  redisSentinelName: string;
  redisSentinelPassword?: string;
  redisClusterNodes?: RedisNode[];
  redisPassword?: string;
}

/** The Redis the settings describe: the cluster, else the sentinels' master, else `REDIS_URL`. */
export function redisTarget(settings: RedisSettings): RedisTarget {
  if (settings.redisClusterNodes)
    return { kind: 'cluster', nodes: settings.redisClusterNodes, password: settings.redisPassword };
  if (settings.redisSentinels)
    return {
      kind: 'sentinel',
      sentinels: settings.redisSentinels,
      name: settings.redisSentinelName,
      password: settings.redisPassword,
      sentinelPassword: settings.redisSentinelPassword,
    };
  return { kind: 'single', url: settings.redisUrl };
}

/** How a target reads in logs, without its passwords. */
export function describeRedisTarget(target: RedisTarget): string {
  const t = typeof target === 'string' ? { kind: 'single' as const, url: target } : target;
  const list = (nodes: RedisNode[]) => nodes.map((n) => `${n.host}:${n.port}`).join(',');
  if (t.kind === 'cluster') return `cluster ${list(t.nodes)}`;
  if (t.kind === 'sentinel') return `sentinel ${t.name}@${list(t.sentinels)}`;
  return t.url.replace(/\/\/[^@/]*@/, '//');
}

/**
 * What a connection is for:
 * - `command`: request-path commands; fails fast (no offline queue, a command time-out) so the
 *   API answers 503 at once when Redis is down or failing over instead of hanging.
 * - `blocking`: BullMQ workers and pub/sub subscribers; retries forever (`maxRetriesPerRequest: null`).
 */
export type RedisRole = 'command' | 'blocking';

/** Longest a request-path command may take before the API gives up on it (a 503). */
const COMMAND_TIMEOUT_MS = 5_000;

const retryStrategy = (times: number) => Math.min(times * 200, 2000);

/** ioredis options of a connection to one data node for `role`. */
function nodeOptions(role: RedisRole, name: string, password?: string): RedisOptions {
  const base: RedisOptions = {
    connectionName: name,
    password,
    retryStrategy,
    // A master demoted by a failover answers READONLY until the client reconnects to the new one.
    reconnectOnError: (err) => /READONLY|LOADING/.test(err.message),
  };
  return role === 'command'
    ? {
        ...base,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: COMMAND_TIMEOUT_MS,
      }
    : { ...base, maxRetriesPerRequest: null };
}

/**
 * A new, not yet connected client of `target` for `role`: the one connection factory of every
 * docqa process. A Cluster client is returned as a `Redis`: it offers the same commands (routed
 * by key slot), `defineCommand`, `multi` and `pipeline`, which is all docqa's stores use.
 */
export function createRedis(
  target: RedisTarget,
  role: RedisRole,
  name = 'docqa',
  send: RedisSendOptions = {},
): Redis {
  const t = typeof target === 'string' ? { kind: 'single' as const, url: target } : target;
  if (t.kind === 'cluster') {
    const node = nodeOptions(role, name, t.password);
    const options: ClusterOptions = {
      lazyConnect: true,
      redisOptions: node,
      enableOfflineQueue: role === 'blocking',
      maxRedirections: 16,
      retryDelayOnFailover: 200,
      retryDelayOnClusterDown: 200,
      retryDelayOnTryAgain: 200,
      slotsRefreshTimeout: 2000,
      clusterRetryStrategy: retryStrategy,
    };
    return new Cluster(t.nodes, options) as unknown as Redis;
  }
  const options: RedisOptions = { ...nodeOptions(role, name), lazyConnect: true };
  const redis =
    t.kind === 'sentinel' ? new Redis({ ...options, ...sentinelOptions(t) }) : new Redis(t.url, options);
  if (send.coalesceWrites) coalesceWritesOf(redis);
  return redis;
}

function sentinelOptions(t: Extract<RedisTarget, { kind: 'sentinel' }>): RedisOptions {
  return {
    sentinels: t.sentinels,
    name: t.name,
    password: t.password,
    sentinelPassword: t.sentinelPassword,
    sentinelRetryStrategy: retryStrategy,
    // Reconnects as soon as a sentinel announces a new master, not on the next failed command,
    // without ending a client that is reconnecting when the announcement comes.
    failoverDetector: true,
    Connector: FailoverSafeSentinelConnector,
  };
}

/**
 * The `connection` option of a BullMQ queue or worker on `target`. BullMQ opens (and closes) its
 * own connections from options for a single server or Sentinel; for a Cluster it needs a client
 * instance, which the owner closes with {@link releaseBullConnection} after the queue or worker.
 * Cluster mode also needs a queue prefix with a hash tag (`Keys.queuePrefix()` has one).
 */
export function bullConnection(
  target: RedisTarget,
  role: RedisRole,
  name = 'docqa-queue',
): ConnectionOptions {
  const t = typeof target === 'string' ? { kind: 'single' as const, url: target } : target;
  if (t.kind === 'cluster') {
    const cluster = createRedis(t, role, name) as unknown as Cluster;
    cluster.on('error', () => undefined); // the queue or worker reports its own errors
    return cluster;
  }
  // Our back-off (at most 2 s), not BullMQ's (up to 20 s): a queue must come back with Redis.
  const options = nodeOptions(role, name);
  // ioredis options, which BullMQ passes on to ioredis (its own option type is a looser copy).
  if (t.kind === 'sentinel') return { ...options, ...sentinelOptions(t) } as ConnectionOptions;
  return { ...options, url: t.url } as ConnectionOptions;
}

/** Closes the client {@link bullConnection} made for a Cluster (other connections are BullMQ's). */
export async function releaseBullConnection(connection: unknown): Promise<void> {
  if (isCluster(connection)) await closeRedis(connection);
}

/**
 * Drops the connections of a BullMQ queue or worker, waiting for them to end at most `ms`: when
 * Redis is gone, ioredis never reports the end of a connection it was opening again, and BullMQ's
 * `disconnect()` waits for that report for ever (a worker stopped during an outage never exited).
 */
export async function dropBullConnections(owner: { disconnect(): Promise<void> }, ms = 1000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    owner.disconnect().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

/** Opens a connection to `target` for `role` (see {@link createRedis}) and waits until it is ready. */
export async function connectRedis(
  target: RedisTarget,
  role: RedisRole,
  name = 'docqa',
  send: RedisSendOptions = {},
): Promise<Redis> {
  const redis = createRedis(target, role, name, send);
  redis.on('error', () => undefined); // reconnects on its own; callers see failures per command
  await redis.connect();
  // A connection only ends for good when docqa closes it. Under Sentinel, ioredis ended one when a
  // failover was announced while it reconnected (FailoverSafeSentinelConnector now prevents that);
  // any other end is met the same way: opened again rather than answering "Connection is closed"
  // for ever.
  redis.on('end', () => {
    if (closing.has(redis)) return;
    setTimeout(() => {
      if (!closing.has(redis) && redis.status === 'end') redis.connect().catch(() => undefined);
    }, 200).unref();
  });
  return redis;
}

/** Connections docqa is closing (their end is expected). */
const closing = new WeakSet<object>();

/** Whether a client talks to a Redis Cluster. */
export function isCluster(redis: unknown): redis is Cluster {
  return redis instanceof Cluster;
}

/** The keys matching `pattern`, a batch at a time: those of every master on a Redis Cluster. */
export async function* scanKeys(redis: Redis | Cluster, pattern: string): AsyncGenerator<string[]> {
  for (const node of isCluster(redis) ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, found] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (found.length) yield found;
    } while (cursor !== '0');
  }
}

/** Every tenant for which the key `key(tenant)` exists (found by a scan). */
export async function tenantsWith(redis: Redis, key: (tenant: string) => string): Promise<string[]> {
  const [head, tail] = key('\n').split('\n') as [string, string];
  const glob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
  const tenants: string[] = [];
  for await (const found of scanKeys(redis, `${glob(head)}*${glob(tail)}`))
    tenants.push(...found.map((k) => k.slice(head.length, k.length - tail.length)));
  return tenants;
}

/** Closes a connection: politely when connected, at once when Redis is unreachable. */
export async function closeRedis(redis: Redis | Cluster): Promise<void> {
  closing.add(redis);
  if (redis.status === 'ready') await redis.quit().catch(() => undefined);
  // Also after QUIT: only disconnect() ends the subscriptions of a Sentinel client's failover
  // detector, which would otherwise keep the process alive (a CLI command that never exits).
  redis.disconnect();
}

/**
 * Resolves once Redis at `target` answers, retrying for ever (every 200 ms, backing off to 2 s)
 * and reporting each failed attempt to `onRetry`: a process started before Redis (or while it
 * restarts) waits for it instead of exiting, as a running process rides out an outage.
 */
export async function waitForRedis(
  target: RedisTarget,
  onRetry: (err: Error, attempt: number) => void,
): Promise<void> {
  const probe = createRedis(target, 'blocking', 'docqa-wait');
  let attempt = 0;
  probe.on('error', (err: Error) => onRetry(err, ++attempt));
  await new Promise<void>((resolve) => {
    probe.once('ready', resolve);
    probe.connect().catch(() => undefined); // failures arrive as 'error' events; it keeps retrying
  });
  await closeRedis(probe);
}
