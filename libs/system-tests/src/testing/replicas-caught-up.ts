import { cli } from '@docqa/testing';

/**
 * Whether every replica of the master on `port` has received all it was sent (its replication
 * offset), so that killing the master now loses nothing: Redis replicates asynchronously, and what
 * a master acknowledged within the replication lag dies with it.
 */
export async function replicasCaughtUp(port: number): Promise<boolean> {
  const info = await cli(port, 'INFO', 'replication');
  const offset = Number(/master_repl_offset:(\d+)/.exec(info)?.[1]);
  const replicas = [...info.matchAll(/^slave\d+:.*\boffset=(\d+)/gm)].map((m) => Number(m[1]));
  return replicas.length > 0 && replicas.every((replica) => replica >= offset);
}
