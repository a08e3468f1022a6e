/**
 * Batches of items written one batch at a time, while the caller goes on preparing the next
 * batch: a store write (native LanceDB work, or a network call) overlaps the embedding of the
 * documents after it. Items with the same key never share a batch, so a later one replaces an
 * earlier one in write order.
 */
export class WritePipeline<T> {
  private pending: T[] = [];
  private pendingKeys = new Set<string>();
  private pendingSize = 0;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      /** Writes one batch; the next batch starts only once it has settled. */
      write: (batch: T[]) => Promise<void>;
      /** The item's identity: a second item with the same key goes into the next batch. */
      key: (item: T) => string;
      /** The item's share of a batch (e.g. its chunks). */
      size: (item: T) => number;
      /** Batch size that starts a write. */
      batchSize: number;
    },
  ) {}

  /** Adds an item; starts a write when the batch is full (waiting only for the previous write). */
  async add(item: T): Promise<void> {
    const { key, size, batchSize } = this.options;
    if (this.pendingKeys.has(key(item))) await this.flush();
    this.pending.push(item);
    this.pendingKeys.add(key(item));
    this.pendingSize += size(item);
    if (this.pendingSize >= batchSize) await this.flush();
  }

  /** Starts writing what is pending once the write before it has settled; does not wait for it. */
  async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.pendingKeys = new Set();
    this.pendingSize = 0;
    await this.inFlight;
    if (!batch.length) return;
    this.inFlight = this.options.write(batch);
    // Awaited by the next flush or by drain; until then a rejection is not "unhandled".
    this.inFlight.catch(() => undefined);
  }

  /** Writes what is pending and waits for every write; rejects with a write's error. */
  async drain(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }
}
