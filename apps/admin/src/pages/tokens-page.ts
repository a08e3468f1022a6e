import { LitElement, css, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { ListedToken, TokenRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { createdTokens } from '../api/created-tokens';
import { formatFilter } from '../api/filter-lines';
import { session } from '../api/session';
import '../components/admin-accounts-section';
import '../components/confirm-dialog';
import type { ConfirmDialog } from '../components/confirm-dialog';
import '../components/copy-button';
import { errorView } from '../components/error-view';
import '../components/token-form';
import type { CreatedToken } from '../components/token-form';
import { LoadController } from '../load-controller';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';
import { formatAgo, formatDate } from '../format';

/**
 * The tenant's API and widget tokens: create (the clear token shown once), list, revoke; for an
 * all-tenants admin, the portal's admin accounts as well.
 */
@customElement('tokens-page')
export class TokensPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .filters {
        list-style: none;
        margin: 0.25rem 0 0;
        padding: 0;
      }
      .filters code {
        overflow-wrap: anywhere;
      }
    `,
  ];
  private readonly tables = new StackedTablesController(this);

  private readonly tokens = new LoadController(
    this,
    (_args, signal) => api.call<{ tokens: ListedToken[] }>('admin/tokens/', { signal }),
    () => [session.tenant] as const,
  );
  @state() private created?: CreatedToken;
  @state() private status = '';
  @state() private error?: Error;
  @query('confirm-dialog') private confirm!: ConfirmDialog;

  override render() {
    return html`<h1 tabindex="-1">Tokens</h1>
      <p class="muted">
        API tokens let programs ask, search and ingest; widget tokens sit in your pages' source and only ask,
        from the origins you allow.
      </p>
      ${this.created ? this.secret(this.created) : nothing}
      <div role="status" class="muted">${this.status}</div>
      ${errorView(this.error)}
      <section class="card">
        <h2 id="tokens-title" tabindex="-1">Tokens of ${session.tenant}</h2>
        ${this.list()}
      </section>
      <section class="card">
        <h2>New token</h2>
        <token-form @token-created=${this.onCreated}></token-form>
      </section>
      ${
        session.role === 'owner'
          ? html`<section class="card">
              <admin-accounts-section></admin-accounts-section>
            </section>`
          : nothing
      }
      <confirm-dialog></confirm-dialog>`;
  }

  private secret({ token, record }: CreatedToken) {
    return html`<section class="card success secret" aria-labelledby="secret-title">
      <h2 id="secret-title" tabindex="-1">Token “${record.name ?? record.id}” created</h2>
      <p>Copy it now: this is the only time docqa shows it. Only its hash is stored.</p>
      <code data-testid="clear-token">${token}</code>
      <copy-button .value=${token} label="Copy token"></copy-button>
      <button type="button" class="secondary" @click=${() => (this.created = undefined)}>
        I have copied it
      </button>
    </section>`;
  }

  private list() {
    if (this.tokens.status === 'error') return errorView(this.tokens.error);
    const tokens = this.tokens.value?.tokens;
    if (!tokens) return html`<p role="status">Loading tokens…</p>`;
    if (!tokens.length) return html`<p class="empty">No tokens yet. Create one below.</p>`;
    return html`<div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind and scopes</th>
            <th>Origins</th>
            <th>Limits</th>
            <th>Created</th>
            <th>Last used</th>
            <th><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${tokens.map(
            (t) =>
              html`<tr>
                <td>
                  ${t.name ?? html`<span class="muted">unnamed</span>`}<br /><code class="muted"
                    >${t.id}</code
                  >
                </td>
                <td>
                  ${t.widget ? html`<span class="badge">widget</span> ` : nothing}${t.scopes.join(', ')}
                </td>
                <td>${t.origins.length ? t.origins.join(', ') : html`<span class="muted">none</span>`}</td>
                <td>
                  ${t.rate_limit ? `${t.rate_limit}/min` : 'default rate'}<br />
                  <span class="muted"
                    >${t.expires_at ? `expires ${formatDate(t.expires_at)}` : 'no expiry'}</span
                  >
                  ${
                    t.filters.length
                      ? html`<ul class="filters" aria-label="Filters">
                          ${t.filters.map((f) => html`<li><code>${formatFilter(f)}</code></li>`)}
                        </ul>`
                      : nothing
                  }
                </td>
                <td>${formatDate(t.created_at)}</td>
                <td>
                  ${
                    t.last_used_at
                      ? html`<time datetime=${t.last_used_at} title=${formatDate(t.last_used_at)}
                          >${formatAgo(t.last_used_at)}</time
                        >`
                      : html`<span class="muted">never</span>`
                  }
                </td>
                <td>
                  <button
                    type="button"
                    class="danger"
                    @click=${() => this.revoke(t)}
                    aria-label="Revoke ${t.name ?? t.id}"
                  >
                    Revoke
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private async onCreated(e: CustomEvent<CreatedToken>): Promise<void> {
    this.created = e.detail;
    if (e.detail.record.widget) createdTokens.set(e.detail.record.id, e.detail.token);
    this.status = '';
    await this.tokens.reload();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#secret-title')?.focus();
  }

  private async revoke(token: TokenRecord): Promise<void> {
    const name = token.name ?? token.id;
    const ok = await this.confirm.ask(
      `Revoke the token “${name}”? Programs and pages that use it stop working at once.`,
      'Revoke token',
    );
    if (!ok) return;
    this.error = undefined;
    try {
      await api.call(`admin/tokens/${encodeURIComponent(token.id)}`, { method: 'DELETE' });
      createdTokens.delete(token.id);
      if (this.created?.record.id === token.id) this.created = undefined;
      this.status = `Token “${name}” revoked.`;
      await this.tokens.reload();
      // The focused Revoke button left with its row: the list's heading takes the focus.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#tokens-title')?.focus();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tokens-page': TokensPage;
  }
}
