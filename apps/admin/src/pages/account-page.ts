import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { session } from '../api/session';
import { errorView } from '../components/error-view';
import { StoreController } from '../store-controller';
import { sharedStyles } from '../styles/shared-styles';

/** Who is signed in, the tenant switcher (with several tenants) and sign-out. */
@customElement('account-page')
export class AccountPage extends LitElement {
  static override styles = [sharedStyles];

  private readonly auth = new StoreController(this, session);
  @state() private error?: Error;
  @state() private status = '';

  override render() {
    const me = this.auth.store.me;
    if (!me) return nothing;
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
        me.tenants.length > 1
          ? html`<section class="card">
              <h2>Tenant</h2>
              <label for="tenant"
                >Work on tenant
                <span class="hint"
                  >Every page shows the documents, tokens and conversations of this tenant.</span
                >
              </label>
              <select id="tenant" @change=${this.switchTenant}>
                ${me.tenants.map((t) => html`<option value=${t} ?selected=${t === session.tenant}>${t}</option>`)}
              </select>
              <p role="status" class="muted">${this.status}</p>
            </section>`
          : nothing
      }
      ${
        me.all_tenants
          ? html`<section class="card">
              <h2>Another tenant</h2>
              <form @submit=${this.otherTenant} class="row">
                <div>
                  <label for="other"
                    >Tenant name
                    <span class="hint"
                      >As an administrator of every tenant you may work on one not listed yet.</span
                    ></label
                  >
                  <input id="other" name="tenant" pattern="[a-z0-9][a-z0-9_-]{0,62}" required />
                </div>
                <button type="submit">Work on it</button>
              </form>
            </section>`
          : nothing
      }
      <p role="status" class="muted">${this.status}</p>
      <section class="card">
        <h2>Sign out</h2>
        <p class="muted">Ends this session on the server; other browsers stay signed in.</p>
        ${errorView(this.error)}
        <button type="button" class="danger" @click=${this.signOut}>Sign out</button>
      </section>`;
  }

  private switchTenant(e: Event): void {
    const tenant = (e.target as HTMLSelectElement).value;
    session.chooseTenant(tenant);
    this.status = `Now working on tenant ${tenant}.`;
  }

  private otherTenant(e: SubmitEvent): void {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('tenant') as HTMLInputElement;
    if (!input.reportValidity()) return;
    session.chooseTenant(input.value);
    this.status = `Now working on tenant ${input.value}.`;
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
