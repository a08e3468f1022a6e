import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { CreateTokenRequest, Scope, TokenRecord } from '@docqa/contracts';
import { SCOPES } from '@docqa/contracts/constants';
import { parseFilterLines } from '../api/filter-lines';
import { FormErrors, type FormField } from '../api/form-errors';
import { textLines } from '../api/text-lines';
import { describedBy, fieldErrorView, formErrorsView, invalid } from './error-view';
import { formField, type FieldAria } from './form-field';
import { sharedStyles } from '../styles/shared-styles';
import { postForm } from './post-form';

/** A token as `POST /admin/tokens/` answers it: the clear value (shown once) and its record. */
export interface CreatedToken {
  token: string;
  record: TokenRecord;
}

/** The form's fields and the request paths they fill. */
const FIELDS: FormField[] = [
  { path: 'body.name', id: 'name', label: 'Name' },
  { path: 'body.widget', id: 'kind', label: 'Kind' },
  { path: 'body.scopes', id: 'scopes', label: 'Scopes' },
  { path: 'body.origins', id: 'origins', label: 'Allowed origins' },
  { path: 'body.filters', id: 'filters', label: 'Filters' },
  { path: 'body.expires_in_days', id: 'expires', label: 'Expires after (days)' },
  { path: 'body.rate_limit', id: 'rate', label: 'Rate limit' },
];

const ORIGINS = {
  id: 'origins',
  label: 'Allowed origins',
  hint: 'One a line, e.g. https://docs.example.com. A widget token needs at least one.',
};
const FILTERS = {
  id: 'filters',
  label: 'Filters',
  hint: 'Applied to every question of the token, one a line: "product = cloud" or "tags ~ api".',
};
const EXPIRES = {
  id: 'expires',
  label: 'Expires after (days)',
  hint: "Empty: the server's default for an API token (90 days unless changed); a widget token never expires.",
};

/** A plain text area of the form, `id` also its name. */
const textArea = (id: string, aria: FieldAria) =>
  html`<textarea
    id=${id}
    name=${id}
    aria-describedby=${aria.describedBy}
    aria-invalid=${aria.invalid}
  ></textarea>`;

const NOT_CREATED = 'The token was not created.';
/** The longest lifetime the server accepts, in days. */
const MAX_DAYS = 3650;

/**
 * The form that creates an API or widget token (`POST /admin/tokens/`). A widget token carries the
 * `ask` scope only and needs at least one origin. What can be checked here is checked before
 * sending (a scope, whole numbers, the filter lines); the server checks everything again, and each
 * of its refusals (e.g. an invalid origin) is shown under its field, with nothing created.
 *
 * @fires token-created - `CustomEvent<CreatedToken>` once the server created the token
 */
@customElement('token-form')
export class TokenForm extends LitElement {
  static override styles = [sharedStyles];

  /** Start as a widget token (the Widget page's form). */
  @property({ type: Boolean }) widget = false;
  @state() busy = false;
  /** "Never expires" is ticked: the token is made without an expiry, whatever its kind. */
  @state() never = false;
  @state() errors = FormErrors.none;

  override render() {
    const e = this.errors;
    return html`<form @submit=${this.submit} novalidate>
      ${formField(
        e,
        { id: 'name', label: 'Name', hint: 'What the token is for, e.g. "docs site".' },
        (aria) =>
          html`<input
            id="name"
            name="name"
            maxlength="100"
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          />`,
      )}
      <fieldset id="kind" aria-describedby=${describedBy(e, 'kind')}>
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
        ${fieldErrorView(e, 'kind')}
      </fieldset>
      <fieldset id="scopes" ?disabled=${this.widget} aria-describedby=${describedBy(e, 'scopes')}>
        <legend>Scopes</legend>
        ${SCOPES.map(
          (s) =>
            html`<label
              ><input
                type="checkbox"
                name="scopes"
                value=${s}
                ?checked=${s === 'ask'}
                aria-invalid=${invalid(e, 'scopes')}
              />
              ${s}</label
            >`,
        )}
        ${fieldErrorView(e, 'scopes')}
      </fieldset>
      ${formField(e, ORIGINS, (aria) => textArea('origins', aria))}
      ${formField(e, FILTERS, (aria) => textArea('filters', aria))}
      <div class="row">
        <div>
          ${formField(
            e,
            EXPIRES,
            (aria) =>
              html`<input
                  id="expires"
                  name="expires"
                  inputmode="numeric"
                  ?disabled=${this.never}
                  aria-describedby=${aria.describedBy}
                  aria-invalid=${aria.invalid}
                />
                <label
                  ><input
                    type="checkbox"
                    name="never"
                    ?checked=${this.never}
                    @change=${(ev: Event) => (this.never = (ev.target as HTMLInputElement).checked)}
                  />
                  Never expires</label
                >`,
          )}
        </div>
        <div>
          ${formField(
            e,
            { id: 'rate', label: 'Rate limit (questions a minute)', hint: "Empty: the server's default." },
            (aria) =>
              html`<input
                id="rate"
                name="rate"
                inputmode="numeric"
                aria-describedby=${aria.describedBy}
                aria-invalid=${aria.invalid}
              />`,
          )}
        </div>
      </div>
      ${formErrorsView(e, FIELDS)}
      <p><button type="submit" ?disabled=${this.busy}>${this.busy ? 'Creating…' : 'Create token'}</button></p>
    </form>`;
  }

  private kind(e: Event): void {
    this.widget = (e.target as HTMLInputElement).value === 'widget';
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const formEl = e.target as HTMLFormElement;
    const { body, problems } = this.request(new FormData(formEl));
    const created = await postForm<CreatedToken>(this, {
      path: 'admin/tokens/',
      body,
      problems,
      fields: FIELDS,
      notDone: NOT_CREATED,
    });
    if (!created) return;
    formEl.reset();
    this.never = false;
    this.dispatchEvent(new CustomEvent('token-created', { detail: created, bubbles: true, composed: true }));
  }

  /** The request of the form, and what is wrong with it as `[field id, message]`. */
  private request(form: FormData): { body: Partial<CreateTokenRequest>; problems: [string, string][] } {
    const problems: [string, string][] = [];
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const whole = (id: string, max: number, wrong: string) => {
      const v = text(id);
      if (!v) return null;
      if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max) return Number(v);
      problems.push([id, wrong]);
      return null;
    };
    const scopes = this.widget ? (['ask'] as Scope[]) : (form.getAll('scopes') as Scope[]);
    if (!scopes.length) problems.push(['scopes', 'Choose at least one scope.']);
    const origins = textLines(text('origins'));
    if (this.widget && !origins.length)
      problems.push(['origins', 'A widget token needs at least one allowed origin.']);
    let filters: CreateTokenRequest['filters'] = [];
    try {
      filters = parseFilterLines(text('filters'));
    } catch (err) {
      problems.push(['filters', (err as Error).message]);
    }
    const name = text('name');
    const body = {
      ...(name ? { name } : {}),
      widget: this.widget,
      scopes,
      origins,
      filters,
      // Absent: the server's default lifetime; null: never expires.
      expires_in_days: this.never
        ? null
        : (whole('expires', MAX_DAYS, `Enter a whole number of days, from 1 to ${MAX_DAYS}.`) ?? undefined),
      rate_limit: whole('rate', 1_000_000, 'Enter a whole number of questions a minute, 1 or more.'),
    };
    return { body, problems };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'token-form': TokenForm;
  }
}
