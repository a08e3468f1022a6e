import type { Logger } from 'pino';
import { summary } from './answer-relay';

/**
 * Work a channel does after it acknowledged a request (the platforms want an answer within
 * seconds): failures are logged, never thrown, and `idle()` waits for what is running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(task: () => Promise<unknown>): void {
    const promise = task()
      .then(() => undefined)
      .catch((err: unknown) => this.logger.error({ err: summary(err) }, 'a channel task failed'))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
