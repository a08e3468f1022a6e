import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { WidgetSettings } from '@docqa/contracts';
import { API_BASE } from '../api/admin-api';
import { sharedStyles } from '../styles/shared-styles';

/** The widget bundle the API serves: the preview runs the real one, not a copy. */
export const WIDGET_SCRIPT = '/widget/assistant-widget.js';

let widgetLoaded: Promise<void> | undefined;

/** Loads the widget module once, without letting it mount itself into the portal's page. */
function loadWidget(): Promise<void> {
  const w = window as unknown as { ASSISTANT_WIDGET?: Record<string, unknown> };
  w.ASSISTANT_WIDGET = { automount: false };
  widgetLoaded ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = WIDGET_SCRIPT;
    script.onload = () => resolve();
    script.onerror = () => {
      widgetLoaded = undefined;
      reject(new Error(`The widget bundle ${WIDGET_SCRIPT} could not be loaded (is it built?).`));
    };
    document.head.append(script);
  }).then(() => customElements.whenDefined('assistant-widget').then(() => undefined));
  return widgetLoaded;
}

/**
 * A live preview of the real widget (`/widget/assistant-widget.js`) with settings not yet saved:
 * they are passed as the page's own settings, which the widget puts over the stored ones. It is
 * shown inline (not as a popup) and rebuilt a moment after each change.
 */
@customElement('widget-preview')
export class WidgetPreview extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .frame {
        border: 1px solid var(--border);
        border-radius: 8px;
        padding: 0.75rem;
        background: var(--surface);
        min-height: 12rem;
      }
    `,
  ];

  /** The settings to show. */
  @property({ attribute: false }) settings: WidgetSettings = {};
  /** A clear widget token of the tenant. */
  @property() token = '';
  @state() private error = '';
  @query('.frame') private frame!: HTMLElement;
  private timer?: ReturnType<typeof setTimeout>;

  override updated(changed: PropertyValues<this>): void {
    if (!changed.has('settings') && !changed.has('token')) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.mount(), changed.has('token') ? 0 : 250);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private async mount(): Promise<void> {
    try {
      await loadWidget();
    } catch (err) {
      this.error = (err as Error).message;
      return;
    }
    // The widget's own element (its types live in the widget app): configured before it connects.
    const widget = document.createElement('assistant-widget') as HTMLElement & { config: object };
    widget.config = {
      ...this.settings,
      popup: false,
      api_url: new URL(API_BASE, location.origin).href,
      api_token: this.token,
    };
    this.frame.replaceChildren(widget);
  }

  override render() {
    return html`<div class="frame assistant_app" aria-label="Widget preview" role="region"></div>
      ${this.error ? html`<div class="alert" role="alert">${this.error}</div>` : ''}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'widget-preview': WidgetPreview;
  }
}
