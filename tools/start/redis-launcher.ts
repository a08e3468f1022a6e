import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';

/** Whether a Redis answers PING at `url` within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts a private `redis-server` for `url` (its port, data under `dataDir/redis`, append-only
 * file on so nothing is lost on a crash). Throws a message saying what to install when there is
 * no redis-server.
 *
 * It runs in a process group of its own: a terminal's Ctrl-C signals the whole foreground group,
 * and Redis would stop at once while the API and worker still close their queues and connections
 * through it (a worker then logged "Stream isn't writeable" and hung). {@link stopPrivateRedis}
 * stops it once they have exited.
 */
export async function startPrivateRedis(url: string, dataDir: string): Promise<ChildProcess> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      `No Redis answers at ${url} and redis-server is not installed.\n` +
        `Install it (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL.`,
    );
  }
  const { hostname, port } = new URL(url);
  const dir = resolve(join(dataDir, 'redis'));
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    [
      '--port',
      port || '6379',
      '--bind',
      hostname || '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
    ],
    { stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 100; i++) {
    if (await redisAnswers(url)) return child;
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`redis-server did not start on ${url}`);
}

/** Stops a private `redis-server` (SIGTERM: it syncs its append-only file) and waits for its exit. */
export async function stopPrivateRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
