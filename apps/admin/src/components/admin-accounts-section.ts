import { LitElement, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { AdminAccount } from '@docqa/contracts';
import { ROLES } from '@docqa/contracts/constants';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import './admin-invite-form';
import type { CreatedAdmin } from '@docqa/contracts';
import './confirm-dialog';
import type { ConfirmDialog } from './confirm-dialog';
import './copy-button';
import { errorView } from './error-view';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

/**
 * The portal's admin accounts (`GET /admin/accounts/`), for an all-tenants admin: each with its
 * tenants, invite one (its one-time password shown once, to hand over), remove one after a
 * confirmation (their sessions end at once). The signed-in admin cannot remove themself.
 */
@customElement('admin-accounts-section')
export class AdminAccountsSection extends LitElement {
  static override styles = [sharedStyles];
  private readonly tables = new StackedTablesController(this);

  private readonly accounts = new LoadController(
    this,
    async (_args, signal) =>
      (await api.call<{ accounts: AdminAccount[] }>('admin/accounts/', { signal })).accounts,
    () => [session.me?.email, session.tenant] as const,
  );
  @state() private invited?: CreatedAdmin;
  @state() private status = '';
  @state() private error?: Error;
  @query('confirm-dialog') private confirm!: ConfirmDialog;

  override render() {
    return html`<h2 id="admins-title" tabindex="-1">Admin accounts</h2>
      <p class="muted">
        Who may sign in to this portal for this tenant, and their role here: owners do everything, editors the
        knowledge base and widget, viewers read insights and conversations.
      </p>
      ${this.invited ? this.password(this.invited) : nothing}
      <div role="status" class="muted">${this.status}</div>
      ${errorView(this.error)} ${this.list()}
      <details>
        <summary>Invite admin</summary>
        <admin-invite-form @admin-invited=${this.onInvited}></admin-invite-form>
      </details>
      <confirm-dialog></confirm-dialog>`;
  }

  private password({ account, password }: CreatedAdmin) {
    return html`<section class="card success secret" aria-labelledby="invited-title">
      <h3 id="invited-title" tabindex="-1">${account.email} invited</h3>
      <p>
        Give them this password to sign in, over a safe channel: this is the only time docqa shows it. Only
        its hash is stored.
      </p>
      <code data-testid="admin-password">${password}</code>
      <copy-button .value=${password} label="Copy password"></copy-button>
      <button type="button" class="secondary" @click=${() => (this.invited = undefined)}>
        I have handed it over
      </button>
    </section>`;
  }

  private list() {
    if (this.accounts.status === 'error') return errorView(this.accounts.error);
    const accounts = this.accounts.value;
    if (!accounts) return html`<p role="status">Loading admin accounts…</p>`;
    const me = session.me?.email;
    return html`<div class="table-wrap">
      <table aria-labelledby="admins-title">
        <thead>
          <tr>
            <th>Email</th>
            <th>Tenants</th>
            <th>Role here</th>
            <th>Created</th>
            <th><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          ${accounts.map(
            (a) =>
              html`<tr>
                <td>${a.email}${a.email === me ? html` <span class="badge">you</span>` : nothing}</td>
                <td>${a.all_tenants ? 'every tenant' : a.tenants.join(', ')}</td>
                <td>${this.roleCell(a)}</td>
                <td>${formatDate(a.created_at)}</td>
                <td>
                  ${
                    a.email === me
                      ? nothing
                      : html`<button
                          type="button"
                          class="danger"
                          aria-label="Remove ${a.email}"
                          @click=${() => this.removeAccount(a)}
                        >
                          Remove
                        </button>`
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  /** The account's role in the tenant, a select for an owner to change it (not for all-tenants admins). */
  private roleCell(a: AdminAccount) {
    const tenant = session.tenant ?? '';
    if (a.all_tenants) return 'owner';
    return html`<select aria-label="Role of ${a.email}" @change=${(e: Event) => this.changeRole(a, e)}>
      ${ROLES.map((r) => html`<option value=${r} .selected=${a.roles[tenant] === r}>${r}</option>`)}
    </select>`;
  }

  private async changeRole(account: AdminAccount, e: Event): Promise<void> {
    const select = e.target as HTMLSelectElement;
    const role = select.value;
    this.error = undefined;
    try {
      await api.call(`admin/accounts/${encodeURIComponent(account.email)}`, {
        method: 'PATCH',
        body: { role },
      });
      this.status = `${account.email} is now ${role} of ${session.tenant}.`;
    } catch (err) {
      this.error = err as Error;
      // Refused (the last owner): the select shows the role the admin still has.
      select.value = account.roles[session.tenant ?? ''] ?? role;
    }
    await this.accounts.reload();
  }

  private async onInvited(e: CustomEvent<CreatedAdmin>): Promise<void> {
    this.invited = e.detail;
    this.status = '';
    this.renderRoot.querySelector('details')?.removeAttribute('open');
    await this.accounts.reload();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#invited-title')?.focus();
  }

  private async removeAccount(account: AdminAccount): Promise<void> {
    const ok = await this.confirm.ask(
      `Remove the admin ${account.email} from ${session.tenant}? Their sessions there end at once.`,
      'Remove admin',
    );
    if (!ok) return;
    this.error = undefined;
    try {
      await api.call(`admin/accounts/${encodeURIComponent(account.email)}`, { method: 'DELETE' });
      if (this.invited?.account.email === account.email) this.invited = undefined;
      await this.accounts.reload();
      this.status = `${account.email} removed.`;
      // The focused Remove button left with its row: the list's heading takes the focus.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#admins-title')?.focus();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'admin-accounts-section': AdminAccountsSection;
  }
}
