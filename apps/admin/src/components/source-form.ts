import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { SourceRecord, SourceRequest, SourceType, SourceUpdate } from '@docqa/contracts';
import { FormErrors, type FormField } from '../api/form-errors';
import { tokenOf, type TokenAction } from '../api/source-token';
import { textLines } from '../api/text-lines';
import { formErrorsView } from './error-view';
import { formField } from './form-field';
import { sharedStyles } from '../styles/shared-styles';
import { MetadataRows } from './metadata-rows';
import { postForm } from './post-form';
import { tokenField } from './source-token-field';

const TYPES: { value: SourceType; label: string }[] = [
  { value: 'sitemap', label: 'Sitemap' },
  { value: 'url', label: 'Single page' },
  { value: 'llms_txt', label: 'llms.txt' },
  { value: 'github', label: 'GitHub repository' },
];

/** The form's fields and the request paths they fill. */
const FIELDS: FormField[] = [
  { path: 'body.type', id: 'type', label: 'Type' },
  { path: 'body.repo', id: 'repo', label: 'Repository' },
  { path: 'body.branch', id: 'branch', label: 'Branch' },
  { path: 'body.token', id: 'token', label: 'Access token' },
  { path: 'body.url', id: 'url', label: 'URL' },
  { path: 'body.include', id: 'include', label: 'Include' },
  { path: 'body.exclude', id: 'exclude', label: 'Exclude' },
  { path: 'body.schedule', id: 'schedule', label: 'Schedule' },
  { path: 'body.metadata', id: 'metadata', label: 'Metadata' },
];

const SCHEDULE = {
  id: 'schedule',
  label: 'Schedule',
  hint: '15m to 30d (e.g. 6h) or a cron expression; empty: sync on demand.',
};

const NOT_ADDED = 'The source was not added.';
const NOT_CHANGED = 'The source was not changed.';

/**
 * The form that adds a source (`POST /sources/`), or changes one (`PATCH /sources/{id}`, when
 * `source` is set): its address, globs, schedule, the metadata given to each of its documents (key
 * and value rows) and, for a GitHub repository, its branch and an access token (a password field;
 * the server stores it encrypted and never shows it again: editing, the token stored is kept,
 * replaced or removed). Editing keeps the type and address (another address is another source).
 * The form checks what it can before sending (an address, the metadata rows); the server checks
 * everything (URL, repository, globs, schedule, metadata) and each of its refusals is shown under
 * its field, with nothing created or changed.
 *
 * @fires source-created - `CustomEvent<SourceRecord>` once the server created the source
 * @fires source-updated - `CustomEvent<SourceRecord>` once the server changed the source edited
 * @fires edit-cancelled - when the edit was cancelled
 */
@customElement('source-form')
export class SourceForm extends LitElement {
  static override styles = [sharedStyles];

  /** The source edited; none: the form adds one. */
  @property({ attribute: false }) source?: SourceRecord;
  @state() private type: SourceType = 'sitemap';
  @state() private tokenAction: TokenAction = 'keep';
  @state() busy = false;
  @state() errors = FormErrors.none;
  private readonly metadata = new MetadataRows(this);

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('source') && this.source) {
      this.type = this.source.type;
      this.tokenAction = 'keep';
      this.metadata.reset(this.source.metadata);
    }
  }

  override render() {
    const e = this.errors;
    const s = this.source;
    const verb = s ? ['Saving…', 'Save changes'] : ['Adding…', 'Add source'];
    return html`<form @submit=${this.submit} novalidate>
      ${s ? nothing : this.typeSelect()} ${this.type === 'github' ? this.repository(e) : this.address(e)}
      <div class="row">
        <div>
          ${formField(
            e,
            { id: 'include', label: 'Include', hint: 'Globs, one a line, e.g. guide/**' },
            (aria) =>
              html`<textarea
                id="include"
                name="include"
                .value=${s?.include.join('\n') ?? ''}
                aria-describedby=${aria.describedBy}
                aria-invalid=${aria.invalid}
              ></textarea>`,
          )}
        </div>
        <div>
          ${formField(
            e,
            { id: 'exclude', label: 'Exclude', hint: 'Globs, one a line.' },
            (aria) =>
              html`<textarea
                id="exclude"
                name="exclude"
                .value=${s?.exclude.join('\n') ?? ''}
                aria-describedby=${aria.describedBy}
                aria-invalid=${aria.invalid}
              ></textarea>`,
          )}
        </div>
      </div>
      ${formField(
        e,
        SCHEDULE,
        (aria) =>
          html`<input
            id="schedule"
            name="schedule"
            .value=${s?.schedule ?? ''}
            aria-describedby=${aria.describedBy}
            aria-invalid=${aria.invalid}
          />`,
      )}
      ${this.metadata.view(e)} ${formErrorsView(e, FIELDS)}
      <p>
        <button type="submit" ?disabled=${this.busy}>${this.busy ? verb[0] : verb[1]}</button>
        ${
          s
            ? html`<button
                type="button"
                class="secondary"
                @click=${() => this.dispatchEvent(new Event('edit-cancelled'))}
              >
                Cancel
              </button>`
            : nothing
        }
      </p>
    </form>`;
  }

  private typeSelect() {
    return html`<label for="type">Type</label>
      <select
        id="type"
        name="type"
        @change=${(e: Event) => (this.type = (e.target as HTMLSelectElement).value as SourceType)}
      >
        ${TYPES.map((t) => html`<option value=${t.value} ?selected=${t.value === this.type}>${t.label}</option>`)}
      </select>`;
  }

  /** A repository's name (none when editing: it stays) and branch, and its access token. */
  private repository(e: FormErrors) {
    const s = this.source;
    return html`<div class="row">
        ${
          s
            ? nothing
            : html`<div>
                ${formField(
                  e,
                  { id: 'repo', label: 'Repository', hint: 'owner/name' },
                  (aria) =>
                    html`<input
                      id="repo"
                      name="repo"
                      aria-describedby=${aria.describedBy}
                      aria-invalid=${aria.invalid}
                    />`,
                )}
              </div>`
        }
        <div>
          ${formField(
            e,
            { id: 'branch', label: 'Branch', hint: 'Empty: the default branch.' },
            (aria) =>
              html`<input
                id="branch"
                name="branch"
                .value=${s?.branch ?? ''}
                aria-describedby=${aria.describedBy}
                aria-invalid=${aria.invalid}
              />`,
          )}
        </div>
      </div>
      ${tokenField(e, Boolean(s?.has_token), this.tokenAction, (action) => (this.tokenAction = action))}`;
  }

  /** The address of a site, page or llms.txt (none when editing: it stays). */
  private address(e: FormErrors) {
    if (this.source) return nothing;
    return formField(
      e,
      { id: 'url', label: 'URL', hint: 'e.g. https://docs.example.com/sitemap.xml' },
      (aria) =>
        html`<input
          id="url"
          name="url"
          type="url"
          inputmode="url"
          aria-describedby=${aria.describedBy}
          aria-invalid=${aria.invalid}
        />`,
    );
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const formEl = e.target as HTMLFormElement;
    const { body, problems } = this.request(new FormData(formEl));
    const s = this.source;
    const saved = await postForm<SourceRecord>(this, {
      path: s ? `sources/${encodeURIComponent(s.id)}` : 'sources/',
      ...(s && { method: 'PATCH' as const }),
      body,
      problems,
      fields: FIELDS,
      notDone: s ? NOT_CHANGED : NOT_ADDED,
    });
    if (!saved) return;
    if (!s) {
      formEl.reset();
      this.metadata.reset();
      this.type = 'sitemap';
    }
    const event = s ? 'source-updated' : 'source-created';
    this.dispatchEvent(new CustomEvent(event, { detail: saved, bubbles: true, composed: true }));
  }

  /** The request of the form, and what is wrong with it as `[field id, message]`. */
  private request(form: FormData): {
    body: Partial<SourceRequest | SourceUpdate>;
    problems: [string, string][];
  } {
    const problems: [string, string][] = [];
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const lines = (name: string) => textLines(text(name));
    const github = this.type === 'github';
    const editing = Boolean(this.source);
    // Adding, an empty field is left out; editing, it clears the setting.
    const optional = (name: string) =>
      text(name) ? { [name]: text(name) } : editing ? { [name]: null } : {};
    if (!editing && github && !text('repo')) problems.push(['repo', 'Enter the repository as owner/name.']);
    if (!editing && !github && !text('url')) problems.push(['url', 'Enter the address of the source.']);
    let metadata: Record<string, string> = {};
    try {
      metadata = this.metadata.read();
    } catch (err) {
      problems.push(['metadata', (err as Error).message]);
    }
    // The token is sent as typed (a secret is not trimmed), and only for a repository.
    const token = tokenOf(String(form.get('token') ?? ''), Boolean(this.source?.has_token), this.tokenAction);
    if (token.problem) problems.push(['token', token.problem]);
    const body = {
      ...(!editing && { type: this.type, ...(github ? optional('repo') : optional('url')) }),
      ...(github && { ...optional('branch'), ...('token' in token && { token: token.token }) }),
      include: lines('include'),
      exclude: lines('exclude'),
      metadata,
      ...optional('schedule'),
    };
    return { body, problems };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'source-form': SourceForm;
  }
}
