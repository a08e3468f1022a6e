import { Queue, type ConnectionOptions } from 'bullmq';
import { dropBullConnections, releaseBullConnection } from '@docqa/redis';

/** Options shared by the producers and workers of docqa's queues. */
export interface QueueOptions {
  connection: ConnectionOptions;
  /** BullMQ key prefix (`Keys.queuePrefix()`). */
  prefix: string;
  /** Attempts per job; back-off between them is exponential from 1 s. */
  attempts: number;
}

/** How long finished jobs are kept: an hour once completed, a day once failed. */
export const KEEP_FINISHED = { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } };

/**
 * A producer of one of docqa's queues: the BullMQ queue with its error listener, closed without
 * hanging on a Redis that is gone.
 */
export abstract class QueueProducer<T> {
  readonly queue: Queue<T>;

  /** `onError` receives connection errors (BullMQ queues must have an error listener). */
  constructor(
    name: string,
    options: Omit<QueueOptions, 'attempts'>,
    onError: (err: Error) => void = () => undefined,
  ) {
    this.queue = new Queue<T>(name, { connection: options.connection, prefix: options.prefix });
    this.queue.on('error', onError);
  }

  /** Closes the queue; when Redis is unreachable, drops the connection instead of waiting for it. */
  async close(): Promise<void> {
    await closeQueue(this.queue);
  }
}

/** Closes a BullMQ queue (and its Cluster client) without hanging on a Redis that is gone. */
export async function closeQueue(queue: Queue): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    // A close that fails (Redis gone: "Stream isn't writeable") is a connection to drop as well.
    queue.close().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 1000))),
  ]);
  clearTimeout(timer);
  if (!closed) await dropBullConnections(queue);
  await releaseBullConnection(queue.opts.connection);
}
