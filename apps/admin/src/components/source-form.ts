import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { SourceRecord, SourceRequest, SourceType } from '@docqa/contracts';
import { FormErrors, type FormField } from '../api/form-errors';
import { parseMetadataLines } from '../api/metadata-lines';
import { textLines } from '../api/text-lines';
import { describedBy, fieldErrorView, formErrorsView, invalid } from './error-view';
import { sharedStyles } from '../styles/shared-styles';
import { postForm } from './post-form';

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

const NOT_ADDED = 'The source was not added.';

/**
 * The form that adds a source (`POST /sources/`): its address, globs, schedule, the metadata given
 * to each of its documents and, for a GitHub repository, an access token (a password field; the
 * server stores it encrypted and never shows it again). The form checks what it can before sending
 * (an address, the metadata lines); the server checks everything (URL, repository, globs, schedule,
 * metadata) and each of its refusals is shown under its field, with nothing created.
 *
 * @fires source-created - `CustomEvent<SourceRecord>` once the server created the source
 */
@customElement('source-form')
export class SourceForm extends LitElement {
  static override styles = [sharedStyles];

  @state() private type: SourceType = 'sitemap';
  @state() busy = false;
  @state() errors = FormErrors.none;

  override render() {
    const github = this.type === 'github';
    const e = this.errors;
    return html`<form @submit=${this.submit} novalidate>
      <label for="type">Type</label>
      <select
        id="type"
        name="type"
        @change=${(e: Event) => (this.type = (e.target as HTMLSelectElement).value as SourceType)}
      >
        ${TYPES.map((t) => html`<option value=${t.value} ?selected=${t.value === this.type}>${t.label}</option>`)}
      </select>
      ${
        github
          ? html`<div class="row">
                <div>
                  <label for="repo">Repository <span class="hint" id="repo-hint">owner/name</span></label>
                  <input
                    id="repo"
                    name="repo"
                    aria-describedby=${describedBy(e, 'repo', 'repo-hint')}
                    aria-invalid=${invalid(e, 'repo')}
                  />
                  ${fieldErrorView(e, 'repo')}
                </div>
                <div>
                  <label for="branch"
                    >Branch <span class="hint" id="branch-hint">Empty: the default branch.</span></label
                  >
                  <input
                    id="branch"
                    name="branch"
                    aria-describedby=${describedBy(e, 'branch', 'branch-hint')}
                    aria-invalid=${invalid(e, 'branch')}
                  />
                  ${fieldErrorView(e, 'branch')}
                </div>
              </div>
              <label for="token"
                >Access token
                <span class="hint" id="token-hint"
                  >For a private repository (read access to its contents). Stored encrypted; never shown
                  again.</span
                ></label
              >
              <input
                id="token"
                name="token"
                type="password"
                autocomplete="off"
                spellcheck="false"
                aria-describedby=${describedBy(e, 'token', 'token-hint')}
                aria-invalid=${invalid(e, 'token')}
              />
              ${fieldErrorView(e, 'token')}`
          : html`<label for="url"
                >URL <span class="hint" id="url-hint">e.g. https://docs.example.com/sitemap.xml</span></label
              >
              <input
                id="url"
                name="url"
                type="url"
                inputmode="url"
                aria-describedby=${describedBy(e, 'url', 'url-hint')}
                aria-invalid=${invalid(e, 'url')}
              />
              ${fieldErrorView(e, 'url')}`
      }
      <div class="row">
        <div>
          <label for="include"
            >Include <span class="hint" id="include-hint">Globs, one a line, e.g. guide/**</span></label
          >
          <textarea
            id="include"
            name="include"
            aria-describedby=${describedBy(e, 'include', 'include-hint')}
            aria-invalid=${invalid(e, 'include')}
          ></textarea>
          ${fieldErrorView(e, 'include')}
        </div>
        <div>
          <label for="exclude">Exclude <span class="hint" id="exclude-hint">Globs, one a line.</span></label>
          <textarea
            id="exclude"
            name="exclude"
            aria-describedby=${describedBy(e, 'exclude', 'exclude-hint')}
            aria-invalid=${invalid(e, 'exclude')}
          ></textarea>
          ${fieldErrorView(e, 'exclude')}
        </div>
      </div>
      <label for="schedule"
        >Schedule
        <span class="hint" id="schedule-hint"
          >15m to 30d (e.g. 6h) or a cron expression; empty: sync on demand.</span
        ></label
      >
      <input
        id="schedule"
        name="schedule"
        aria-describedby=${describedBy(e, 'schedule', 'schedule-hint')}
        aria-invalid=${invalid(e, 'schedule')}
      />
      ${fieldErrorView(e, 'schedule')}
      <label for="metadata"
        >Metadata
        <span class="hint" id="metadata-hint"
          >Given to every document of the source, one "key = value" a line, e.g. "product = cloud". Questions
          and tokens can filter on it.</span
        ></label
      >
      <textarea
        id="metadata"
        name="metadata"
        aria-describedby=${describedBy(e, 'metadata', 'metadata-hint')}
        aria-invalid=${invalid(e, 'metadata')}
      ></textarea>
      ${fieldErrorView(e, 'metadata')} ${formErrorsView(e, FIELDS)}
      <p><button type="submit" ?disabled=${this.busy}>${this.busy ? 'Adding…' : 'Add source'}</button></p>
    </form>`;
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const formEl = e.target as HTMLFormElement;
    const { body, problems } = this.request(new FormData(formEl));
    const created = await postForm<SourceRecord>(this, {
      path: 'sources/',
      body,
      problems,
      fields: FIELDS,
      notDone: NOT_ADDED,
    });
    if (!created) return;
    formEl.reset();
    this.type = 'sitemap';
    this.dispatchEvent(new CustomEvent('source-created', { detail: created, bubbles: true, composed: true }));
  }

  /** The request of the form, and what is wrong with it as `[field id, message]`. */
  private request(form: FormData): { body: Partial<SourceRequest>; problems: [string, string][] } {
    const problems: [string, string][] = [];
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const lines = (name: string) => textLines(text(name));
    const optional = (name: string) => (text(name) ? { [name]: text(name) } : {});
    const github = this.type === 'github';
    if (github && !text('repo')) problems.push(['repo', 'Enter the repository as owner/name.']);
    if (!github && !text('url')) problems.push(['url', 'Enter the address of the source.']);
    let metadata: Record<string, string> = {};
    try {
      metadata = parseMetadataLines(text('metadata'));
    } catch (err) {
      problems.push(['metadata', (err as Error).message]);
    }
    // The token is sent as typed (a secret is not trimmed), and only for a repository.
    const token = String(form.get('token') ?? '');
    const body = {
      type: this.type,
      ...(github ? { ...optional('repo'), ...optional('branch'), ...(token && { token }) } : optional('url')),
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
