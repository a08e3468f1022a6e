import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { PreviewToken, TokenRecord, WidgetSettings } from '@docqa/contracts';
import { API_BASE, api } from '../api/admin-api';
import { createdTokens } from '../api/created-tokens';
import { session } from '../api/session';
import '../components/copy-button';
import { errorView } from '../components/error-view';
import '../components/token-form';
import type { CreatedToken } from '../components/token-form';
import '../components/widget-preview';
import '../components/widget-settings-form';
import { WIDGET_SCRIPT } from '../components/widget-preview';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

/** How long before a preview token ends the page asks for the next one. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The tenant's widget settings (`GET`/`PUT /admin/settings/`) in a form, a live preview of the real
 * widget with the unsaved values (with a short-lived preview token the server issues, so any admin
 * of the tenant sees it), and the three-line embed snippet with a widget token.
 */
@customElement('widget-page')
export class WidgetPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .columns {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        gap: 1rem;
        align-items: start;
      }
      @media (max-width: 60rem) {
        .columns {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      .preview {
        position: sticky;
        top: 0.5rem;
      }
    `,
  ];

  private readonly stored = new LoadController(
    this,
    async (_args, signal) => {
      const settings = await api.call<WidgetSettings>('admin/settings/', { signal });
      this.draft = settings;
      return settings;
    },
    () => [session.tenant] as const,
  );
  /** The tenant's widget tokens; loaded again after one is created here (the settings are not). */
  private readonly widgetTokens = new LoadController(
    this,
    async (_args, signal) => {
      const { tokens } = await api.call<{ tokens: TokenRecord[] }>('admin/tokens/', { signal });
      const widgetTokens = tokens.filter((t) => t.widget);
      this.tokenId ??= widgetTokens.find((t) => createdTokens.has(t.id))?.id;
      return widgetTokens;
    },
    () => [session.tenant] as const,
  );
  /** The preview's widget token (`POST /admin/widget/preview-token`), asked for again before it ends. */
  private readonly previewToken = new LoadController(
    this,
    async (_args, signal) => {
      const issued = await api.call<PreviewToken>('admin/widget/preview-token', { method: 'POST', signal });
      clearTimeout(this.renewal);
      const renewIn = Math.max(RENEW_BEFORE_MS, Date.parse(issued.expires_at) - Date.now() - RENEW_BEFORE_MS);
      this.renewal = setTimeout(() => void this.previewToken.reload(), renewIn);
      return issued.token;
    },
    () => [session.tenant] as const,
  );
  private renewal?: ReturnType<typeof setTimeout>;
  /** The settings being edited, which the live preview shows. */
  @state() private draft: WidgetSettings = {};
  @state() private tokenId?: string;

  override render() {
    const settings = this.stored.value;
    return html`<h1 tabindex="-1">Widget</h1>
      <p class="muted">
        Settings stored here apply to every page that embeds the widget with a token of ${session.tenant}.
      </p>
      ${this.stored.status === 'error' ? errorView(this.stored.error) : nothing}
      ${this.widgetTokens.status === 'error' ? errorView(this.widgetTokens.error) : nothing}
      ${
        settings
          ? html`<div class="columns">
              <widget-settings-form
                .settings=${settings}
                @draft-change=${(e: CustomEvent<WidgetSettings>) => (this.draft = e.detail)}
              ></widget-settings-form>
              <div class="preview">
                <section class="card">
                  <h2>Live preview</h2>
                  ${this.preview()}
                </section>
                ${this.embed(this.widgetTokens.value ?? [])}
              </div>
            </div>`
          : this.stored.status === 'pending'
            ? html`<p role="status">Loading settings…</p>`
            : nothing
      }`;
  }

  private embed(tokens: TokenRecord[]) {
    const clear = this.tokenId ? createdTokens.get(this.tokenId) : undefined;
    const apiUrl = new URL(API_BASE, location.origin).href;
    const snippet = [
      `<script>window.ASSISTANT_WIDGET = { api_url: ${JSON.stringify(apiUrl)}, api_token: ${JSON.stringify(clear ?? 'YOUR_WIDGET_TOKEN')} };</script>`,
      `<script type="module" src="${new URL(WIDGET_SCRIPT, location.origin).href}"></script>`,
      `<div id="assistant"></div>`,
    ].join('\n');
    return html`<section class="card">
      <h2>Embed</h2>
      <label for="token">Widget token</label>
      <select
        id="token"
        @change=${(e: Event) => (this.tokenId = (e.target as HTMLSelectElement).value || undefined)}
      >
        <option value="">Choose a widget token</option>
        ${tokens.map(
          (t) =>
            html`<option value=${t.id} ?selected=${t.id === this.tokenId}>
              ${t.name ?? t.id}
              (${t.origins.join(', ')})${createdTokens.has(t.id) ? '' : ' – value shown at creation only'}
            </option>`,
        )}
      </select>
      ${
        this.tokenId && !clear
          ? html`<p class="muted">
              docqa keeps only a hash of this token: put the value you copied when it was created in place of
              YOUR_WIDGET_TOKEN.
            </p>`
          : nothing
      }
      <p class="muted">Paste these three lines into a page of an allowed origin:</p>
      <pre><code data-testid="snippet">${snippet}</code></pre>
      <copy-button .value=${snippet} label="Copy snippet"></copy-button>
      <details>
        <summary>Create a widget token</summary>
        <token-form widget @token-created=${this.onToken}></token-form>
      </details>
    </section>`;
  }

  private preview() {
    const token = this.previewToken.value;
    if (token) return html`<widget-preview .settings=${this.draft} .token=${token}></widget-preview>`;
    if (this.previewToken.status === 'error') return errorView(this.previewToken.error);
    return html`<p role="status">Preparing the preview…</p>`;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.renewal);
  }

  private async onToken(e: CustomEvent<CreatedToken>): Promise<void> {
    createdTokens.set(e.detail.record.id, e.detail.token);
    this.tokenId = e.detail.record.id;
    this.renderRoot.querySelector('details')?.removeAttribute('open');
    await this.widgetTokens.reload();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'widget-page': WidgetPage;
  }
}
