import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { TokenRecord, WidgetSettings } from '@docqa/contracts';
import { DEFAULT_LABELS, type LabelKey } from '@docqa/contracts/constants';
import { API_BASE, api } from '../api/admin-api';
import { createdTokens } from '../api/created-tokens';
import { session } from '../api/session';
import { textLines } from '../api/text-lines';
import '../components/copy-button';
import { errorView } from '../components/error-view';
import '../components/token-form';
import type { CreatedToken } from '../components/token-form';
import '../components/widget-preview';
import { WIDGET_SCRIPT } from '../components/widget-preview';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

/** Settings the form edits directly; the others (filter dropdowns…) are edited as JSON. */
const ADVANCED_KEYS = ['filters', 'api_filters', 'default_filters'] as const;

/**
 * The tenant's widget settings (`GET`/`PUT /admin/settings/`) in a form, a live preview of the real
 * widget with the unsaved values, and the three-line embed snippet with a widget token.
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
      const [settings, tokens] = await Promise.all([
        api.call<WidgetSettings>('admin/settings/', { signal }),
        api.call<{ tokens: TokenRecord[] }>('admin/tokens/', { signal }),
      ]);
      this.draft = settings;
      this.advanced = JSON.stringify(pick(settings), null, 2);
      const known = tokens.tokens.find((t) => t.widget && createdTokens.has(t.id));
      this.tokenId ??= known?.id;
      return { settings, widgetTokens: tokens.tokens.filter((t) => t.widget) };
    },
    () => [session.tenant] as const,
  );
  @state() private draft: WidgetSettings = {};
  @state() private advanced = '{}';
  @state() private tokenId?: string;
  @state() private saving = false;
  @state() private saved = '';
  @state() private error?: Error;

  override render() {
    const loaded = this.stored.value;
    return html`<h1 tabindex="-1">Widget</h1>
      <p class="muted">
        Settings stored here apply to every page that embeds the widget with a token of ${session.tenant}.
      </p>
      ${this.stored.status === 'error' ? errorView(this.stored.error) : nothing}
      ${
        loaded
          ? html`<div class="columns">
              <form class="card" @submit=${this.save} @input=${this.edit} novalidate>${this.form()}</form>
              <div class="preview">
                <section class="card">
                  <h2>Live preview</h2>
                  ${
                    this.previewToken
                      ? html`<widget-preview
                          .settings=${this.draft}
                          .token=${this.previewToken}
                        ></widget-preview>`
                      : html`<p class="empty">
                          Create a widget token below (or pick one created in this tab) to see the live
                          preview.
                        </p>`
                  }
                </section>
                ${this.embed(loaded.widgetTokens)}
              </div>
            </div>`
          : this.stored.status === 'pending'
            ? html`<p role="status">Loading settings…</p>`
            : nothing
      }`;
  }

  private form() {
    const d = this.draft;
    const labels = d.labels ?? {};
    return html`<h2>Settings</h2>
      <label for="mode">Mode</label>
      <select id="mode" name="mode">
        <option value="chat" ?selected=${d.mode !== 'question'}>Chat (follow-up questions)</option>
        <option value="question" ?selected=${d.mode === 'question'}>Single question</option>
      </select>
      <label
        ><input type="checkbox" name="popup" .checked=${d.popup ?? true} /> Popup (a button at the bottom
        right)</label
      >
      <label for="logo_url">Logo address</label>
      <input id="logo_url" name="logo_url" type="url" .value=${d.logo_url ?? ''} />
      <label for="examples">Example questions <span class="hint">One a line.</span></label>
      <textarea id="examples" name="examples" .value=${(d.examples ?? []).join('\n')}></textarea>
      <h3>Labels</h3>
      ${(Object.keys(DEFAULT_LABELS) as LabelKey[]).map(
        (key) =>
          html`<label for="label-${key}">${key}</label>
            <input
              id="label-${key}"
              name="label:${key}"
              placeholder=${DEFAULT_LABELS[key]}
              .value=${labels[key] ?? ''}
            />`,
      )}
      <label for="advanced"
        >Filters (JSON) <span class="hint">filters (dropdowns), api_filters and default_filters.</span></label
      >
      <textarea id="advanced" name="advanced" rows="6" .value=${this.advanced}></textarea>
      ${errorView(this.error)}
      <div role="status" class="success-text">${this.saved}</div>
      <p>
        <button type="submit" ?disabled=${this.saving}>${this.saving ? 'Saving…' : 'Save settings'}</button>
      </p>`;
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

  private get previewToken(): string | undefined {
    return this.tokenId ? createdTokens.get(this.tokenId) : undefined;
  }

  private async onToken(e: CustomEvent<CreatedToken>): Promise<void> {
    createdTokens.set(e.detail.record.id, e.detail.token);
    this.tokenId = e.detail.record.id;
    this.renderRoot.querySelector('details')?.removeAttribute('open');
    await this.stored.reload();
  }

  /** Keeps the draft in step with the form, so the preview follows every keystroke. */
  private edit(e: Event): void {
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const labels: Record<string, string> = {};
    for (const key of Object.keys(DEFAULT_LABELS)) {
      const v = String(data.get(`label:${key}`) ?? '');
      if (v.trim()) labels[key] = v;
    }
    this.advanced = String(data.get('advanced') ?? '');
    let advanced: WidgetSettings = {};
    try {
      advanced = pick(JSON.parse(this.advanced || '{}') as WidgetSettings);
      this.error = undefined;
    } catch {
      this.error = new Error('Filters (JSON) is not valid JSON.');
    }
    const logo = String(data.get('logo_url') ?? '').trim();
    const base = { ...this.stored.value?.settings };
    for (const key of ADVANCED_KEYS) delete base[key];
    this.draft = {
      ...base,
      ...advanced,
      mode: data.get('mode') === 'question' ? 'question' : 'chat',
      popup: data.get('popup') === 'on',
      examples: textLines(String(data.get('examples') ?? '')),
      labels,
      ...(logo ? { logo_url: logo } : { logo_url: undefined }),
    };
    this.saved = '';
  }

  private async save(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    this.edit(e);
    if (this.error) return;
    this.saving = true;
    try {
      const body = Object.fromEntries(Object.entries(this.draft).filter(([, v]) => v !== undefined));
      const saved = await api.call<WidgetSettings | undefined>('admin/settings/', { method: 'PUT', body });
      if (saved) this.draft = saved;
      this.saved = 'Settings saved. Pages that embed the widget show them on their next load.';
    } catch (err) {
      this.error = err as Error;
    } finally {
      this.saving = false;
    }
  }
}

/** The settings edited as JSON. */
function pick(settings: WidgetSettings): WidgetSettings {
  return Object.fromEntries(
    ADVANCED_KEYS.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]),
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'widget-page': WidgetPage;
  }
}
