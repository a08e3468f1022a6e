import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Calls `onShortcut` when the visitor presses Ctrl-K (Cmd-K on a Mac) anywhere on the page,
 * while the host is connected, unless the page handled the keys itself (its own search, say).
 */
export class ShortcutController implements ReactiveController {
  constructor(
    host: ReactiveControllerHost,
    private readonly onShortcut: () => void,
  ) {
    host.addController(this);
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.key.toLowerCase() !== 'k') return;
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    e.preventDefault();
    this.onShortcut();
  };

  hostConnected(): void {
    document.addEventListener('keydown', this.onKey);
  }

  hostDisconnected(): void {
    document.removeEventListener('keydown', this.onKey);
  }
}
