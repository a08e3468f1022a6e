import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { FormErrors, type FormField } from '../api/form-errors';
import { session } from '../api/session';
import { TENANT_PATTERN } from '@docqa/contracts/constants';
import { TENANT_RULE } from '../api/tenant-name';
import { errorView, focusFirstInvalid, formErrorsView } from '../components/error-view';
import { formField } from '../components/form-field';
import { StoreController } from '../store-controller';
import { sharedStyles } from '../styles/shared-styles';

const OTHER: FormField[] = [{ path: 'tenant', id: 'other', label: 'Tenant name' }];

/** Who is signed in, the tenant switcher (with several tenants) and sign-out. */
@customElement('account-page')
export class AccountPage extends LitElement {
  static override styles = [sharedStyles];

  private readonly auth = new StoreController(this, session);
  @state() private error?: Error;
  @state() private otherErrors = FormErrors.none;
  @state() private status = '';

  override render() {
    const me = this.auth.store.me;
    if (!me) return nothing;
    const current = session.tenant;
    const tenants = session.tenants;
    return html`<h1 tabindex="-1">Account</h1>
      <section class="card">
        <h2>Signed in</h2>
        <p>
          <strong>${me.email}</strong><br />
          <span class="muted">
            ${me.all_tenants ? 'Administrator of every tenant' : `Administrator of ${me.tenants.join(', ')}`}
          </span>
        </p>
      </section>
      ${
        tenants.length > 1
          ? html`<section class="card">
              <h2>Tenant</h2>
              <label for="tenant"
                >Work on tenant
                <span class="hint"
                  >Every page shows the documents, tokens and conversations of this tenant.</span
                >
              </label>
              <select id="tenant" @change=${this.switchTenant}>
                ${tenants.map((t) => html`<option value=${t} .selected=${t === current}>${t}</option>`)}
              </select>
            </section>`
          : nothing
      }
      ${me.all_tenants ? this.otherTenant() : nothing}
      <p role="status" class="muted">${this.status}</p>
      <section class="card">
        <h2>Sign out</h2>
        <p class="muted">Ends this session on the server; other browsers stay signed in.</p>
        ${errorView(this.error)}
        <button type="button" class="danger" @click=${this.signOut}>Sign out</button>
      </section>`;
  }

  private otherTenant() {
    const e = this.otherErrors;
    return html`<section class="card">
      <h2>Another tenant</h2>
      <form @submit=${this.chooseOther} class="row" novalidate>
        <div>
          ${formField(
            e,
            {
              id: 'other',
              label: 'Tenant name',
              hint: `As an administrator of every tenant you may work on one not listed yet: ${TENANT_RULE}.`,
            },
            (aria) =>
              html`<input
                id="other"
                name="tenant"
                pattern=${TENANT_PATTERN}
                required
                autocomplete="off"
                spellcheck="false"
                aria-describedby=${aria.describedBy}
                aria-invalid=${aria.invalid}
              />`,
          )}
        </div>
        <button type="submit">Work on it</button>
      </form>
      ${formErrorsView(e, OTHER)}
    </section>`;
  }

  private switchTenant(e: Event): void {
    this.choose((e.target as HTMLSelectElement).value);
  }

  private async chooseOther(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('tenant') as HTMLInputElement;
    const tenant = input.value.trim();
    this.otherErrors = tenant
      ? FormErrors.none
      : FormErrors.local('', OTHER, [['other', 'Enter the name of a tenant.']]);
    if (tenant && this.choose(tenant)) input.value = '';
    await this.updateComplete;
    focusFirstInvalid(this.renderRoot, this.otherErrors, OTHER);
  }

  /** Works on `tenant`; false (with the reason under the tenant name) when the admin cannot. */
  private choose(tenant: string): boolean {
    try {
      session.chooseTenant(tenant);
    } catch (err) {
      this.otherErrors = FormErrors.local('', OTHER, [['other', (err as Error).message]]);
      return false;
    }
    this.status = `Now working on tenant ${tenant}.`;
    return true;
  }

  private async signOut(): Promise<void> {
    this.error = undefined;
    try {
      await session.signOut();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-page': AccountPage;
  }
}
