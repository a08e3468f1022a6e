import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Loads data for an element: runs `load` when the values returned by `args` change (the tenant,
 * a filter, an id) and on `reload()`, aborting the previous run and any run of a disconnected
 * host. The host re-renders on every state change.
 */
export class LoadController<T, A extends readonly unknown[]> implements ReactiveController {
  status: 'pending' | 'complete' | 'error' = 'pending';
  value?: T;
  error?: Error;
  private last?: A;
  private abort?: AbortController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly load: (args: A, signal: AbortSignal) => Promise<T>,
    private readonly args: () => A,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const args = this.args();
    if (this.last && args.length === this.last.length && args.every((a, i) => a === this.last![i])) return;
    this.last = args;
    void this.run(args);
  }

  hostDisconnected(): void {
    this.abort?.abort();
    this.last = undefined;
  }

  /** Loads again with the current arguments (after a change made on the page). */
  reload(): Promise<void> {
    return this.run(this.args());
  }

  private async run(args: A): Promise<void> {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.status = 'pending';
    this.host.requestUpdate();
    try {
      const value = await this.load(args, abort.signal);
      if (abort.signal.aborted) return;
      this.value = value;
      this.error = undefined;
      this.status = 'complete';
    } catch (err) {
      if (abort.signal.aborted) return;
      this.error = err as Error;
      this.status = 'error';
    }
    this.host.requestUpdate();
  }
}
