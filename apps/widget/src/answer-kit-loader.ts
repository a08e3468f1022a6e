import type { ReactiveElement } from 'lit';
import { loadAnswerKit, type Kit } from './load-answer-kit';
import type { Turn } from './turn';
import { turnFrame } from './turn-frame';
import type { TurnViewContext } from './turn-view';

/**
 * The answer kit for an element that shows answers: {@link load} fetches it (when the visitor opens
 * or focuses the chat, or a first answer comes), then the element re-renders with the answers'
 * views, and their styles are added to its own.
 */
export class AnswerKitLoader {
  /** The kit, once loaded. */
  kit?: Kit;
  private loading = false;

  constructor(private readonly host: ReactiveElement) {}

  /** Starts loading the kit, unless it has loaded or is loading. */
  load(): void {
    if (this.kit || this.loading) return;
    this.loading = true;
    loadAnswerKit().then(
      (kit) => {
        kit.adoptAnswerStyles(this.host.renderRoot);
        this.kit = kit;
        this.host.requestUpdate();
      },
      // Offline: the answers stay plain text, and the next render tries again.
      () => (this.loading = false),
    );
  }

  /** The turns' views, `prefix-<index>` naming each one's elements. */
  turns(turns: Turn[], prefix: string, context: TurnViewContext) {
    if (turns.length) this.load();
    const view = this.kit?.turnView;
    return turns.map((t, i) => (view ? view(t, `${prefix}-${i}`, context) : turnFrame(t, `${prefix}-${i}`)));
  }
}
