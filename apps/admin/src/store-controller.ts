import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Re-renders its host whenever `store` fires `change` (the session, the router). */
export class StoreController<T extends EventTarget> implements ReactiveController {
  private readonly onChange = () => this.host.requestUpdate();

  constructor(
    private readonly host: ReactiveControllerHost,
    readonly store: T,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.store.addEventListener('change', this.onChange);
  }

  hostDisconnected(): void {
    this.store.removeEventListener('change', this.onChange);
  }
}
