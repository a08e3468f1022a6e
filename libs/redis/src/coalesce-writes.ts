import type { Writable } from 'node:stream';
import { Cluster, type Redis } from 'ioredis';

/** How a connection sends its commands. */
export interface RedisSendOptions {
  /**
   * Writes the commands issued in one turn of the event loop to the socket together (corked until
   * the turn ends): one socket write, and one read of Redis, for the commands of many concurrent
   * requests instead of one each. For a `command` connection that serves concurrent requests (the
   * API's): their Redis round trips cost the API and Redis most of a request's CPU time
   * (docs/benchmarks.md, "API"). Nothing else changes: each command is still sent and answered on
   * its own, in order, and a connection lost meanwhile fails them as it fails commands in flight.
   * (ioredis's own auto-pipelining, which waits for each batch's replies before sending the next,
   * left the API answering 503 for good after a Sentinel failover in the failover spec.)
   * Single servers and Sentinel; a Cluster's connections are left as they are. @defaultValue false
   */
  coalesceWrites?: boolean;
}

/** Streams whose writes are already coalesced. */
const coalesced = new WeakSet<object>();

/**
 * Coalesces the writes of a connection (see {@link RedisSendOptions.coalesceWrites}): of its
 * socket now, and of each new one it reconnects with; for connections made elsewhere too (BullMQ's).
 */
export function coalesceWritesOf(redis: Redis | Cluster): void {
  // A Cluster's node connections are its own; they are left as they are.
  if (redis instanceof Cluster) return;
  if (redis.stream) coalesceWrites(redis.stream);
  redis.on('connect', () => coalesceWrites(redis.stream));
}

/**
 * Corks `stream` at its first write in a turn of the event loop and uncorks it once the turn's
 * I/O callbacks have run (`setImmediate`), so the turn's writes leave in one system call.
 */
function coalesceWrites(stream: Writable): void {
  if (coalesced.has(stream)) return;
  coalesced.add(stream);
  const write = stream.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork();
  };
  stream.write = function (this: Writable, ...args: Parameters<Writable['write']>) {
    if (!corked) {
      corked = true;
      stream.cork();
      setImmediate(uncork);
    }
    return write.apply(this, args);
  } as Writable['write'];
}
