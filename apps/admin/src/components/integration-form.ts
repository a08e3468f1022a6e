import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { IntegrationKind } from '@docqa/contracts';
import { FormErrors, type FormField } from '../api/form-errors';
import { describedBy, fieldErrorView, formErrorsView, invalid } from './error-view';
import { postForm } from './post-form';
import { sharedStyles } from '../styles/shared-styles';

/** One secret or id the form asks for: its request field, label, hint and what it must look like. */
interface Input extends FormField {
  name: string;
  hint: string;
  pattern: RegExp;
  rule: string;
  secret: boolean;
}

const input = (
  kind: IntegrationKind,
  name: string,
  label: string,
  hint: string,
  pattern: RegExp,
  rule: string,
  secret = true,
): Input => ({
  path: `body.${name}`,
  id: `${kind}-${name.replace(/_/g, '-')}`,
  name,
  label,
  hint,
  pattern,
  rule,
  secret,
});

/** The inputs of each integration, as `PUT /admin/integrations/{kind}` takes them. */
const INPUTS: Record<IntegrationKind, Input[]> = {
  slack: [
    input(
      'slack',
      'signing_secret',
      'Signing secret',
      'Basic Information → App Credentials.',
      /^[0-9a-fA-F]{16,128}$/,
      'Paste the signing secret (hexadecimal).',
    ),
    input(
      'slack',
      'bot_token',
      'Bot token',
      'OAuth & Permissions → Bot User OAuth Token (xoxb-…).',
      /^xoxb-[\w-]{10,250}$/,
      'Paste the bot token, which starts with xoxb-.',
    ),
  ],
  discord: [
    input(
      'discord',
      'application_id',
      'Application id',
      'General Information → Application ID.',
      /^\d{15,25}$/,
      'Paste the application id (digits).',
      false,
    ),
    input(
      'discord',
      'public_key',
      'Public key',
      'General Information → Public Key.',
      /^[0-9a-fA-F]{64}$/,
      'Paste the public key (64 hexadecimal digits).',
      false,
    ),
    input(
      'discord',
      'bot_token',
      'Bot token',
      'Bot → Reset Token.',
      /^[\w.-]{30,200}$/,
      'Paste the bot token.',
    ),
  ],
};

/**
 * Connects the tenant's Slack app or Discord application (`PUT /admin/integrations/{kind}`). The
 * secrets are sent once and stored encrypted; the form never shows stored ones, so saving again
 * replaces them all.
 *
 * @fires integration-saved - `CustomEvent<IntegrationKind>` once the server stored it
 */
@customElement('integration-form')
export class IntegrationForm extends LitElement {
  static override styles = [sharedStyles];

  @property() kind: IntegrationKind = 'slack';
  /** Whether the tenant has this integration already (the button then says Replace). */
  @property({ type: Boolean }) connected = false;
  @state() busy = false;
  @state() errors = FormErrors.none;

  override render() {
    const e = this.errors;
    const inputs = INPUTS[this.kind];
    return html`<form @submit=${this.submit} novalidate>
      ${inputs.map(
        (i) =>
          html`<label for=${i.id}>${i.label} <span class="hint" id="${i.id}-hint">${i.hint}</span></label>
            <input
              id=${i.id}
              name=${i.name}
              type=${i.secret ? 'password' : 'text'}
              autocomplete="off"
              spellcheck="false"
              aria-describedby=${describedBy(e, i.id, `${i.id}-hint`)}
              aria-invalid=${invalid(e, i.id)}
            />
            ${fieldErrorView(e, i.id)}`,
      )}
      ${formErrorsView(e, inputs)}
      <p>
        <button type="submit" ?disabled=${this.busy}>
          ${this.busy ? 'Saving…' : this.connected ? 'Replace' : 'Connect'}
        </button>
      </p>
    </form>`;
  }

  private async submit(ev: SubmitEvent): Promise<void> {
    ev.preventDefault();
    const formEl = ev.target as HTMLFormElement;
    const form = new FormData(formEl);
    const inputs = INPUTS[this.kind];
    const body = Object.fromEntries(inputs.map((i) => [i.name, String(form.get(i.name) ?? '').trim()]));
    const problems = inputs
      .filter((i) => !i.pattern.test(body[i.name]!))
      .map((i): [string, string] => [i.id, i.rule]);
    const saved = await postForm<unknown>(this, {
      path: `admin/integrations/${this.kind}`,
      method: 'PUT',
      body,
      problems,
      fields: inputs,
      notDone: 'Nothing was saved.',
    });
    if (saved === undefined && this.errors !== FormErrors.none) return;
    formEl.reset();
    this.dispatchEvent(
      new CustomEvent('integration-saved', { detail: this.kind, bubbles: true, composed: true }),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'integration-form': IntegrationForm;
  }
}
