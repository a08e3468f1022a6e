import { html } from 'lit';
import type { FormErrors } from '../api/form-errors';
import type { TokenAction } from '../api/source-token';
import { formField } from './form-field';

const HINT = 'For a private repository (read access to its contents). Stored encrypted; never shown again.';

/** The password field of an access token (`token`): typed, never filled in from the server. */
function tokenInput(errors: FormErrors, label: string) {
  return formField(
    errors,
    { id: 'token', label, hint: HINT },
    (aria) =>
      html`<input
        id="token"
        name="token"
        type="password"
        autocomplete="off"
        spellcheck="false"
        aria-describedby=${aria.describedBy}
        aria-invalid=${aria.invalid}
      />`,
  );
}

/**
 * A repository's access token in a source form: a password field to set one (adding a source, or
 * editing one without a token); editing a source with a token stored, a choice to keep it, replace
 * it (the field then shows) or remove it.
 */
export function tokenField(
  errors: FormErrors,
  stored: boolean,
  action: TokenAction,
  choose: (action: TokenAction) => void,
) {
  if (!stored) return tokenInput(errors, 'Access token');
  const option = (value: TokenAction, label: string) =>
    html`<label
      ><input
        type="radio"
        name="token-action"
        value=${value}
        .checked=${action === value}
        @change=${() => choose(value)}
      />
      ${label}</label
    >`;
  return html`<fieldset id="token-action">
      <legend>Access token</legend>
      <p class="hint">An access token is stored for this repository.</p>
      ${option('keep', 'Keep the stored token')} ${option('replace', 'Replace it')}
      ${option('remove', 'Remove it')}
    </fieldset>
    ${action === 'replace' ? tokenInput(errors, 'New access token') : ''}`;
}
