import { LitElement, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { WidgetSettings } from '@docqa/contracts';
import { DEFAULT_LABELS, type LabelKey } from '@docqa/contracts/constants';
import { ANSWER_LABELS } from '@docqa/contracts/answer-labels';
import { SEARCH_LABELS } from '@docqa/contracts/search-labels';
import { api } from '../api/admin-api';
import { FormErrors, type FormField } from '../api/form-errors';
import { JSON_SETTINGS, jsonSettings, parseJsonSettings } from '../api/settings-json';
import { textLines } from '../api/text-lines';
import { describedBy, fieldErrorView, focusFirstInvalid, formErrorsView } from './error-view';
import { formField } from './form-field';
import { sharedStyles } from '../styles/shared-styles';

const DEFAULTS: Record<string, string> = { ...DEFAULT_LABELS, ...SEARCH_LABELS, ...ANSWER_LABELS };
const LABEL_KEYS = Object.keys(DEFAULTS) as LabelKey[];

/** The form's fields and the settings they edit. */
const FIELDS: FormField[] = [
  { path: 'body.mode', id: 'mode', label: 'Mode' },
  { path: 'body.popup', id: 'popup', label: 'Popup' },
  { path: 'body.logo_url', id: 'logo_url', label: 'Logo address' },
  { path: 'body.examples', id: 'examples', label: 'Example questions' },
  { path: 'body.labels', id: 'labels', label: 'Labels', inside: (key) => key },
  ...LABEL_KEYS.map((key) => ({ path: `body.labels.${key}`, id: `label-${key}`, label: key })),
  ...JSON_SETTINGS.map((key) => ({
    path: `body.${key}`,
    id: 'advanced',
    label: 'Filters (JSON)',
    inside: (rest: string) => [key, rest].filter(Boolean).join('.'),
  })),
];

const NOT_SAVED = 'The settings were not saved.';

/**
 * The form of the tenant's widget settings (`PUT /admin/settings/`): mode, popup, logo, example
 * questions, every label, and the filter settings as JSON (its unknown keys named, not dropped).
 * The server's refusals are shown under their fields.
 *
 * @fires draft-change - `CustomEvent<WidgetSettings>`: the settings as edited, on every change
 *   (the live preview follows them)
 */
@customElement('widget-settings-form')
export class WidgetSettingsForm extends LitElement {
  static override styles = [sharedStyles];

  /** The stored settings the form starts from. */
  @property({ attribute: false }) settings: WidgetSettings = {};
  @state() private draft: WidgetSettings = {};
  @state() private advanced = '{}';
  @state() private saving = false;
  @state() private saved = '';
  @state() private errors = FormErrors.none;

  override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('settings')) return;
    this.draft = this.settings;
    this.advanced = JSON.stringify(jsonSettings(this.settings), null, 2);
    this.errors = FormErrors.none;
    this.saved = '';
  }

  override render() {
    return html`<form class="card" @submit=${this.save} @input=${this.edit} novalidate>${this.form()}</form>`;
  }

  private form() {
    const d = this.draft;
    const labels = d.labels ?? {};
    const e = this.errors;
    return html`<h2>Settings</h2>
      ${formField(
        e,
        { id: 'mode', label: 'Mode' },
        (aria) =>
          html`<select
            id="mode"
            name="mode"
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          >
            <option value="chat" ?selected=${d.mode !== 'question' && d.mode !== 'search'}>
              Chat (follow-up questions)
            </option>
            <option value="question" ?selected=${d.mode === 'question'}>Single question</option>
            <option value="search" ?selected=${d.mode === 'search'}>
              Search box (results as you type, then Ask)
            </option>
          </select>`,
      )}
      <label
        ><input
          type="checkbox"
          id="popup"
          name="popup"
          .checked=${d.popup ?? true}
          aria-describedby=${describedBy(e, 'popup')}
        />
        Popup (a button at the bottom right)</label
      >
      ${fieldErrorView(e, 'popup')}
      ${formField(
        e,
        { id: 'logo_url', label: 'Logo address', hint: 'An http(s) address, a data:image URL or a path.' },
        (aria) =>
          html`<input
            id="logo_url"
            name="logo_url"
            .value=${d.logo_url ?? ''}
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          />`,
      )}
      ${formField(
        e,
        { id: 'examples', label: 'Example questions', hint: 'One a line.' },
        (aria) =>
          html`<textarea
            id="examples"
            name="examples"
            .value=${(d.examples ?? []).join('\n')}
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          ></textarea>`,
      )}
      <fieldset id="labels" aria-describedby=${describedBy(e, 'labels')}>
        <legend>Labels</legend>
        ${fieldErrorView(e, 'labels')}
        ${LABEL_KEYS.map((key) =>
          formField(
            e,
            { id: `label-${key}`, label: key },
            (aria) =>
              html`<input
                id="label-${key}"
                name="label:${key}"
                placeholder=${DEFAULTS[key]}
                .value=${labels[key] ?? ''}
                aria-describedby=${aria.describedBy}
                aria-invalid=${aria.invalid}
              />`,
          ),
        )}
      </fieldset>
      ${formField(
        e,
        {
          id: 'advanced',
          label: 'Filters (JSON)',
          hint: 'An object of filters (dropdowns), api_filters and default_filters.',
        },
        (aria) =>
          html`<textarea
            id="advanced"
            name="advanced"
            rows="6"
            .value=${this.advanced}
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          ></textarea>`,
      )}
      ${formErrorsView(e, FIELDS)}
      <div role="status" class="success-text">${this.saved}</div>
      <p>
        <button type="submit" ?disabled=${this.saving}>${this.saving ? 'Saving…' : 'Save settings'}</button>
      </p>`;
  }

  /** Keeps the draft in step with the form, so the preview follows every keystroke. */
  private edit(e: Event): void {
    const form = e.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const labels: Record<string, string> = {};
    for (const key of LABEL_KEYS) {
      const v = String(data.get(`label:${key}`) ?? '');
      if (v.trim()) labels[key] = v;
    }
    this.advanced = String(data.get('advanced') ?? '');
    let advanced: WidgetSettings = {};
    try {
      advanced = parseJsonSettings(this.advanced);
      this.errors = FormErrors.none;
    } catch (err) {
      // Shown under the field as the administrator types; saving is refused until it reads.
      this.errors = FormErrors.local('', FIELDS, [['advanced', (err as Error).message]]);
    }
    const logo = String(data.get('logo_url') ?? '').trim();
    const base = { ...this.settings };
    for (const key of JSON_SETTINGS) delete base[key];
    this.draft = {
      ...base,
      ...advanced,
      mode: modeOf(data.get('mode')),
      popup: data.get('popup') === 'on',
      examples: textLines(String(data.get('examples') ?? '')),
      labels,
      ...(logo ? { logo_url: logo } : { logo_url: undefined }),
    };
    this.saved = '';
    this.dispatchEvent(new CustomEvent('draft-change', { detail: this.draft }));
  }

  private async save(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    this.edit(e);
    if (!this.errors.empty) {
      this.errors = this.errors.withSummary(NOT_SAVED);
      return this.showErrors();
    }
    this.saving = true;
    try {
      const body = Object.fromEntries(Object.entries(this.draft).filter(([, v]) => v !== undefined));
      const saved = await api.call<WidgetSettings | undefined>('admin/settings/', { method: 'PUT', body });
      if (saved) this.draft = saved;
      this.dispatchEvent(new CustomEvent('draft-change', { detail: this.draft }));
      this.saved = 'Settings saved. Pages that embed the widget show them on their next load.';
    } catch (err) {
      this.errors = FormErrors.fromError(err as Error, FIELDS, NOT_SAVED);
      await this.showErrors();
    } finally {
      this.saving = false;
    }
  }

  private async showErrors(): Promise<void> {
    await this.updateComplete;
    focusFirstInvalid(this.renderRoot, this.errors, FIELDS);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'widget-settings-form': WidgetSettingsForm;
  }
}

/** The form's mode, `chat` unless it names another. */
function modeOf(value: FormDataEntryValue | null): 'chat' | 'question' | 'search' {
  return value === 'question' || value === 'search' ? value : 'chat';
}
