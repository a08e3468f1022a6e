import { Redis, type RedisOptions } from 'ioredis';

/**
 * Opens a Redis connection for one role:
 * - `command`: request-path commands; fails fast (no offline queue) so the API answers 503 at once
 *   when Redis is down instead of hanging.
 * - `blocking`: BullMQ workers and pub/sub subscribers; retries forever (`maxRetriesPerRequest: null`).
 */
export async function connectRedis(
  url: string,
  role: 'command' | 'blocking',
  name = 'docqa',
): Promise<Redis> {
  const options: RedisOptions =
    role === 'command'
      ? { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: name }
      : { lazyConnect: true, maxRetriesPerRequest: null, connectionName: name };
  const redis = new Redis(url, { ...options, retryStrategy: (times) => Math.min(times * 200, 2000) });
  redis.on('error', () => undefined); // reconnects on its own; callers see failures per command
  await redis.connect();
  return redis;
}

/** Closes a connection: politely when connected, at once when Redis is unreachable. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/**
 * Resolves once Redis at `url` answers, retrying for ever (every 200 ms, backing off to 2 s) and
 * reporting each failed attempt to `onRetry`: a process started before Redis (or while it
 * restarts) waits for it instead of exiting, as a running process rides out an outage.
 */
export async function waitForRedis(
  url: string,
  onRetry: (err: Error, attempt: number) => void,
): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectionName: 'docqa-wait',
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let attempt = 0;
  probe.on('error', (err: Error) => onRetry(err, ++attempt));
  await new Promise<void>((resolve) => {
    probe.once('ready', resolve);
    probe.connect().catch(() => undefined); // failures arrive as 'error' events; it keeps retrying
  });
  await closeRedis(probe);
}
