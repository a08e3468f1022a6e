import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { CreateTokenRequest, Scope, TokenRecord } from '@docqa/contracts';
import { SCOPES } from '@docqa/contracts/constants';
import { api } from '../api/admin-api';
import { parseFilterLines } from '../api/filter-lines';
import { textLines } from '../api/text-lines';
import { errorView } from './error-view';
import { sharedStyles } from '../styles/shared-styles';

/** A token as `POST /admin/tokens/` answers it: the clear value (shown once) and its record. */
export interface CreatedToken {
  token: string;
  record: TokenRecord;
}

/**
 * The form that creates an API or widget token (`POST /admin/tokens/`). A widget token carries the
 * `ask` scope only and needs at least one origin; the server checks everything again and its
 * refusal (e.g. an invalid origin) is shown in the form, with nothing created.
 *
 * @fires token-created - `CustomEvent<CreatedToken>` once the server created the token
 */
@customElement('token-form')
export class TokenForm extends LitElement {
  static override styles = [sharedStyles];

  /** Start as a widget token (the Widget page's form). */
  @property({ type: Boolean }) widget = false;
  @state() private busy = false;
  @state() private error?: Error;

  override render() {
    return html`<form @submit=${this.submit} novalidate>
      <label for="name">Name <span class="hint">What the token is for, e.g. "docs site".</span></label>
      <input id="name" name="name" maxlength="100" />
      <fieldset>
        <legend>Kind</legend>
        <label
          ><input type="radio" name="kind" value="api" ?checked=${!this.widget} @change=${this.kind} /> API
          token</label
        >
        <label
          ><input type="radio" name="kind" value="widget" ?checked=${this.widget} @change=${this.kind} />
          Widget token
          <span class="hint"
            >Public in your pages' source: asks questions only, from the origins below.</span
          ></label
        >
      </fieldset>
      <fieldset ?disabled=${this.widget}>
        <legend>Scopes</legend>
        ${SCOPES.map(
          (s) =>
            html`<label
              ><input type="checkbox" name="scopes" value=${s} ?checked=${s === 'ask'} /> ${s}</label
            >`,
        )}
      </fieldset>
      <label for="origins"
        >Allowed origins
        <span class="hint"
          >One a line, e.g. https://docs.example.com. A widget token needs at least one.</span
        ></label
      >
      <textarea id="origins" name="origins"></textarea>
      <label for="filters"
        >Filters
        <span class="hint"
          >Applied to every question of the token, one a line: "product = cloud" or "tags ~ api".</span
        ></label
      >
      <textarea id="filters" name="filters"></textarea>
      <div class="row">
        <div>
          <label for="expires">Expires after (days) <span class="hint">Empty: never.</span></label>
          <input id="expires" name="expires" type="number" min="1" max="3650" inputmode="numeric" />
        </div>
        <div>
          <label for="rate"
            >Rate limit (questions a minute) <span class="hint">Empty: the server's default.</span></label
          >
          <input id="rate" name="rate" type="number" min="1" inputmode="numeric" />
        </div>
      </div>
      ${errorView(this.error)}
      <p><button type="submit" ?disabled=${this.busy}>${this.busy ? 'Creating…' : 'Create token'}</button></p>
    </form>`;
  }

  private kind(e: Event): void {
    this.widget = (e.target as HTMLInputElement).value === 'widget';
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const formEl = e.target as HTMLFormElement;
    this.error = undefined;
    let body: Partial<CreateTokenRequest>;
    try {
      body = this.request(new FormData(formEl));
    } catch (err) {
      this.error = err as Error;
      return;
    }
    this.busy = true;
    try {
      const created = await api.call<CreatedToken>('admin/tokens/', { method: 'POST', body });
      formEl.reset();
      this.dispatchEvent(
        new CustomEvent('token-created', { detail: created, bubbles: true, composed: true }),
      );
    } catch (err) {
      this.error = err as Error;
    } finally {
      this.busy = false;
    }
  }

  private request(form: FormData): Partial<CreateTokenRequest> {
    const lines = (name: string) => textLines(String(form.get(name) ?? ''));
    const number = (name: string) => {
      const v = String(form.get(name) ?? '').trim();
      return v ? Number(v) : null;
    };
    const name = String(form.get('name') ?? '').trim();
    return {
      ...(name ? { name } : {}),
      widget: this.widget,
      scopes: this.widget ? ['ask'] : (form.getAll('scopes') as Scope[]),
      origins: lines('origins'),
      filters: parseFilterLines(String(form.get('filters') ?? '')),
      expires_in_days: number('expires'),
      rate_limit: number('rate'),
    };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'token-form': TokenForm;
  }
}
