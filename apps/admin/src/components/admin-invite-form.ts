import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { CreateAdminRequest, CreatedAdmin, Role } from '@docqa/contracts';
import { FormErrors, type FormField } from '../api/form-errors';
import { session } from '../api/session';
import { TENANT_RULE, isTenantName } from '../api/tenant-name';
import { formErrorsView } from './error-view';
import { formField } from './form-field';
import { sharedStyles } from '../styles/shared-styles';
import { postForm } from './post-form';

const FIELDS: FormField[] = [
  { path: 'body.email', id: 'admin-email', label: 'Email' },
  { path: 'body.all_tenants', id: 'admin-all', label: 'Every tenant' },
  { path: 'body.tenants', id: 'admin-tenants', label: 'Tenants' },
  { path: 'body.role', id: 'admin-role', label: 'Role' },
];

const NOT_INVITED = 'The admin was not invited.';

/**
 * The form that invites an admin (`POST /admin/accounts/`): an email, their role, and the tenants
 * they administer or every tenant (as an owner). What can be checked here is checked before sending (an email,
 * tenant names); the server's refusal (e.g. an admin of that email exists) is shown in the form.
 *
 * @fires admin-invited - `CustomEvent<CreatedAdmin>` once the server created the account
 */
@customElement('admin-invite-form')
export class AdminInviteForm extends LitElement {
  static override styles = [sharedStyles];

  @state() private allTenants = false;
  @state() busy = false;
  @state() errors = FormErrors.none;

  override render() {
    const e = this.errors;
    return html`<form @submit=${this.submit} novalidate>
      ${formField(
        e,
        { id: 'admin-email', label: 'Email' },
        (aria) =>
          html`<input
            id="admin-email"
            name="email"
            type="email"
            autocomplete="off"
            maxlength="320"
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          />`,
      )}
      <label for="admin-role">Role</label>
      <select id="admin-role" name="role" ?disabled=${this.allTenants}>
        <option value="owner">Owner: everything, including tokens, admins and the audit log</option>
        <option value="editor">Editor: knowledge base, sources and widget settings</option>
        <option value="viewer">Viewer: insights, conversations and gaps, read only</option>
      </select>
      ${session.me?.all_tenants ? this.everyTenant() : nothing}
      ${formField(
        e,
        { id: 'admin-tenants', label: 'Tenants', hint: 'One a line, e.g. acme.' },
        (aria) =>
          html`<textarea
            id="admin-tenants"
            name="tenants"
            .defaultValue=${session.tenant ?? ''}
            ?disabled=${this.allTenants}
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          ></textarea>`,
      )}
      ${formErrorsView(e, FIELDS)}
      <p><button type="submit" ?disabled=${this.busy}>${this.busy ? 'Inviting…' : 'Invite admin'}</button></p>
    </form>`;
  }

  /** The choice of every tenant, offered to an admin of every tenant only (the server refuses others). */
  private everyTenant() {
    return html`<label
      ><input
        type="checkbox"
        id="admin-all"
        name="all_tenants"
        .checked=${this.allTenants}
        @change=${(ev: Event) => (this.allTenants = (ev.target as HTMLInputElement).checked)}
      />
      Every tenant <span class="hint">Administers every tenant, and the admin accounts.</span></label
    >`;
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const formEl = e.target as HTMLFormElement;
    const { body, problems } = this.request(new FormData(formEl));
    const created = await postForm<CreatedAdmin>(this, {
      path: 'admin/accounts/',
      body,
      problems,
      fields: FIELDS,
      notDone: NOT_INVITED,
    });
    if (!created) return;
    formEl.reset();
    this.allTenants = false;
    this.dispatchEvent(new CustomEvent('admin-invited', { detail: created, bubbles: true, composed: true }));
  }

  /** The request of the form, and what is wrong with it as `[field id, message]`. */
  private request(form: FormData): { body: CreateAdminRequest; problems: [string, string][] } {
    const problems: [string, string][] = [];
    const email = String(form.get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) problems.push(['admin-email', 'Enter an email address.']);
    const tenants = this.allTenants
      ? []
      : String(form.get('tenants') ?? '')
          .split(/[\n,]/)
          .map((t) => t.trim())
          .filter(Boolean);
    const wrong = tenants.filter((t) => !isTenantName(t));
    if (wrong.length)
      problems.push(['admin-tenants', `Not a tenant name: ${wrong.join(', ')}. Use ${TENANT_RULE}.`]);
    else if (!this.allTenants && !tenants.length)
      problems.push(['admin-tenants', 'Name at least one tenant, or choose every tenant.']);
    const role = (this.allTenants ? 'owner' : String(form.get('role') ?? 'owner')) as Role;
    return { body: { email, tenants, all_tenants: this.allTenants, role }, problems };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'admin-invite-form': AdminInviteForm;
  }
}
