import { LitElement, css, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { IntegrationKind, Integrations } from '@docqa/contracts';
import { API_BASE, api } from '../api/admin-api';
import { session } from '../api/session';
import '../components/confirm-dialog';
import type { ConfirmDialog } from '../components/confirm-dialog';
import '../components/copy-button';
import { errorView } from '../components/error-view';
import '../components/integration-form';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

const NAMES: Record<IntegrationKind, string> = { slack: 'Slack', discord: 'Discord' };

/** The URLs each platform is given, relative to the API's base. */
const URLS: Record<IntegrationKind, [label: string, path: string][]> = {
  slack: [
    ['Event Subscriptions → Request URL', 'integrations/slack/events'],
    ['Slash Commands → /docqa → Request URL', 'integrations/slack/commands'],
    ['Interactivity & Shortcuts → Request URL', 'integrations/slack/interactions'],
  ],
  discord: [['General Information → Interactions Endpoint URL', 'integrations/discord/interactions']],
};

/**
 * The tenant's Slack app and Discord application (`GET`/`PUT`/`DELETE /admin/integrations/…`):
 * what is connected (never a secret), the form that connects or replaces each, the URLs to paste in
 * the platform's settings, and disconnecting. See docs/channels.md.
 */
@customElement('integrations-page')
export class IntegrationsPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      dd {
        margin: 0 0 0.75rem;
      }
      dd code {
        display: block;
        word-break: break-all;
      }
      .urls {
        overflow-x: auto;
      }
      /* On a phone a label above its URL: beside the longest label, a URL and its button ran off. */
      @media (max-width: 40rem) {
        .urls {
          display: block;
        }
      }
    `,
  ];

  private readonly integrations = new LoadController(
    this,
    (_args, signal) => api.call<Integrations>('admin/integrations/', { signal }),
    () => [session.tenant] as const,
  );
  @query('confirm-dialog') private confirm!: ConfirmDialog;
  @state() private status = '';
  @state() private error?: Error;

  override render() {
    const value = this.integrations.value;
    return html`<h1 tabindex="-1">Integrations</h1>
      <p class="muted">
        Answer questions in Slack and Discord with ${session.tenant}'s knowledge base. Secrets are stored
        encrypted and never shown again. Step by step: the Slack and Discord page of the docs.
      </p>
      <p role="status">${this.status}</p>
      ${this.integrations.status === 'error' ? errorView(this.integrations.error) : nothing}
      ${this.error ? errorView(this.error) : nothing}
      ${value ? (['slack', 'discord'] as const).map((kind) => this.section(kind, value)) : nothing}
      <confirm-dialog></confirm-dialog>`;
  }

  private section(kind: IntegrationKind, value: Integrations) {
    const slack = kind === 'slack' ? value.slack : null;
    const discord = kind === 'discord' ? value.discord : null;
    const current = slack ?? discord;
    return html`<section class="card" aria-labelledby="${kind}-title">
      <h2 id="${kind}-title">${NAMES[kind]}</h2>
      ${
        current
          ? html`<p>
              Connected:
              ${
                slack
                  ? html`workspace <strong>${slack.team_name ?? slack.team_id}</strong> (${slack.team_id})`
                  : html`application <strong>${discord?.application_id}</strong>`
              },
              set ${formatDate(current.updated_at)}.
              <button type="button" class="secondary" @click=${() => this.disconnect(kind)}>
                Disconnect
              </button>
            </p>`
          : html`<p class="muted">Not connected.</p>`
      }
      ${
        kind === 'slack' && value.slack_install_url
          ? html`<p><a href=${value.slack_install_url}>Add to Slack</a> (the app’s OAuth install flow)</p>`
          : nothing
      }
      <integration-form
        .kind=${kind}
        ?connected=${Boolean(current)}
        @integration-saved=${() => this.saved(kind)}
      ></integration-form>
      <h3>URLs to paste in ${NAMES[kind]}</h3>
      <dl class="urls">
        ${URLS[kind].map(([label, path]) => {
          const url = new URL(API_BASE + path, location.origin).href;
          return html`<dt>${label}</dt>
            <dd><code>${url}</code> <copy-button .value=${url} label="Copy URL"></copy-button></dd>`;
        })}
      </dl>
      ${
        kind === 'discord'
          ? html`<p class="hint">
              Then register the <code>/ask</code> command:
              <code>docqa integrations discord register --tenant ${session.tenant}</code>
            </p>`
          : nothing
      }
    </section>`;
  }

  private async saved(kind: IntegrationKind): Promise<void> {
    this.status = `${NAMES[kind]} connected.`;
    await this.integrations.reload();
  }

  private async disconnect(kind: IntegrationKind): Promise<void> {
    const ok = await this.confirm.ask(
      `Disconnect ${NAMES[kind]}? It stops answering at once, and its secrets are forgotten.`,
      'Disconnect',
    );
    if (!ok) return;
    this.error = undefined;
    try {
      await api.call(`admin/integrations/${kind}`, { method: 'DELETE' });
      this.status = `${NAMES[kind]} disconnected.`;
      await this.integrations.reload();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'integrations-page': IntegrationsPage;
  }
}
