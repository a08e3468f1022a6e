import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Calls `onShortcut` when the visitor presses Ctrl-K (Cmd-K on a Mac) anywhere on the page,
 * while the host is connected, unless the page handled the keys itself (its own search, say).
 *
 * The keys are read last: on the window, where a key event ends its way up, by a listener added
 * once the page has loaded, after the page's own scripts added theirs. A site's search that opens
 * with the same keys (Rspress's, on the document; Starlight's, on the window) handles them first
 * and keeps them, whether or not it looks whether someone handled them before it: read first, the
 * widget opened beside the site's search.
 */
export class ShortcutController implements ReactiveController {
  private listening = false;

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

  private readonly listen = (): void => {
    if (this.listening) return;
    this.listening = true;
    window.addEventListener('keydown', this.onKey);
  };

  hostConnected(): void {
    if (document.readyState === 'complete') this.listen();
    else window.addEventListener('load', this.listen, { once: true });
  }

  hostDisconnected(): void {
    window.removeEventListener('load', this.listen);
    window.removeEventListener('keydown', this.onKey);
    this.listening = false;
  }
}
