/**
 * One read of a key for every request that asks for it in the same turn of the event loop: the
 * first asks Redis, the others of that turn share its answer. A read issued on a connection that
 * coalesces its writes (see `RedisSendOptions.coalesceWrites`) leaves when the turn ends, after
 * every request that shares it has started, so each gets what a read of its own sent in that turn
 * would have answered: nothing is cached past the turn, and no request sees a value older than
 * its own start. (On a connection that does not coalesce, a Cluster's, the read leaves at once: a
 * request later in the same turn may get the answer to a read sent microseconds before it began.)
 * Meant for per-request reads of data that many concurrent requests read alike (a tenant's docs
 * versions, read by every question).
 */
export class TurnSharedReads<T> {
  private readonly pending = new Map<string, Promise<T>>();

  /** The answer of `load()` for `key`, shared with the other reads of `key` in this turn. */
  read(key: string, load: () => Promise<T>): Promise<T> {
    const shared = this.pending.get(key);
    if (shared) return shared;
    const read = load();
    this.pending.set(key, read);
    // Dropped when the turn's I/O callbacks have run: when a coalesced connection sends the read.
    setImmediate(() => this.pending.delete(key));
    return read;
  }
}
