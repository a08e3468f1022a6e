import type { QuestionRecords, StoredEvent } from '@docqa/records';
import type { ChangeFeed } from '@docqa/redis';

/**
 * Follows a question's event stream as it is written: the API's SSE and the worker's channel
 * deliveries read it the same way, from the start or from where a reader stopped.
 */
export class QuestionEvents {
  constructor(
    private readonly deps: {
      store: Pick<QuestionRecords, 'get' | 'getStored' | 'readEvents' | 'lastEventId'>;
      feed: Pick<ChangeFeed, 'waitForChange'>;
    },
  ) {}

  /**
   * The question's events after `lastEventId` (a stream id, `0` or `-` for the start, `$` for
   * what comes next; see `LastEventIdSchema`), as they happen, until `done` or `error`, the
   * signal aborts, or the answer is over with nothing left after `lastEventId` (a client resuming
   * after the last event, or from a later id, gets an empty stream that ends at once). Yields
   * `null` every `heartbeatMs` without events, for SSE heartbeats. NotFoundError for a question
   * of another tenant.
   */
  async *follow(
    tenant: string,
    id: string,
    opts: { lastEventId?: string; signal?: AbortSignal; heartbeatMs?: number } = {},
  ): AsyncGenerator<StoredEvent | null> {
    await this.deps.store.get(tenant, id);
    let last = await this.resumePoint(id, opts.lastEventId);
    while (!opts.signal?.aborted) {
      const batch = await this.deps.store.readEvents(id, last);
      for (const item of batch) {
        last = item.id;
        yield item;
        if (item.event.type === 'done' || item.event.type === 'error') return;
      }
      if (batch.length) continue;
      // The terminal event is written with the terminal status, atomically: a finished record
      // with nothing after `last` has nothing more to send.
      const stored = await this.deps.store.getStored(id);
      if (!stored || stored.record.is_ready) {
        yield* await this.deps.store.readEvents(id, last);
        return;
      }
      const changed = await this.deps.feed.waitForChange(id, {
        timeoutMs: opts.heartbeatMs ?? 15000,
        signal: opts.signal,
        alreadyChanged: async () => (await this.deps.store.readEvents(id, last, 1)).length > 0,
      });
      if (!changed && !opts.signal?.aborted) yield null;
    }
  }

  /** The stream id to read after: `-` and none mean the start, `$` the current last event. */
  private async resumePoint(id: string, lastEventId: string | undefined): Promise<string> {
    if (lastEventId === undefined || lastEventId === '-') return '0';
    if (lastEventId === '$') return (await this.deps.store.lastEventId(id)) ?? '0';
    return lastEventId;
  }
}
