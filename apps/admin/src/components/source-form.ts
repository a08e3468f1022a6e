import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { SourceRecord, SourceRequest, SourceType } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { parseMetadataLines } from '../api/metadata-lines';
import { textLines } from '../api/text-lines';
import { errorView } from './error-view';
import { sharedStyles } from '../styles/shared-styles';

const TYPES: { value: SourceType; label: string }[] = [
  { value: 'sitemap', label: 'Sitemap' },
  { value: 'url', label: 'Single page' },
  { value: 'llms_txt', label: 'llms.txt' },
  { value: 'github', label: 'GitHub repository' },
];

/**
 * The form that adds a source (`POST /sources/`): its address, globs, schedule, the metadata given
 * to each of its documents and, for a GitHub repository, an access token (a password field; the
 * server stores it encrypted and never shows it again). The server checks everything (URL,
 * repository, globs, schedule, metadata); its refusal is shown in the form and nothing is created.
 *
 * @fires source-created - `CustomEvent<SourceRecord>` once the server created the source
 */
@customElement('source-form')
export class SourceForm extends LitElement {
  static override styles = [sharedStyles];

  @state() private type: SourceType = 'sitemap';
  @state() private busy = false;
  @state() private error?: Error;
  /** The metadata field could not be read (before anything was sent). */
  @state() private metadataError = false;

  override render() {
    const github = this.type === 'github';
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
                  <label for="repo">Repository <span class="hint">owner/name</span></label>
                  <input id="repo" name="repo" />
                </div>
                <div>
                  <label for="branch">Branch <span class="hint">Empty: the default branch.</span></label>
                  <input id="branch" name="branch" />
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
                aria-describedby="token-hint"
              />`
          : html`<label for="url"
                >URL <span class="hint">e.g. https://docs.example.com/sitemap.xml</span></label
              >
              <input id="url" name="url" type="url" inputmode="url" />`
      }
      <div class="row">
        <div>
          <label for="include">Include <span class="hint">Globs, one a line, e.g. guide/**</span></label>
          <textarea id="include" name="include"></textarea>
        </div>
        <div>
          <label for="exclude">Exclude <span class="hint">Globs, one a line.</span></label>
          <textarea id="exclude" name="exclude"></textarea>
        </div>
      </div>
      <label for="schedule"
        >Schedule
        <span class="hint">15m to 30d (e.g. 6h) or a cron expression; empty: sync on demand.</span></label
      >
      <input id="schedule" name="schedule" />
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
        aria-describedby="metadata-hint"
        aria-invalid=${this.metadataError ? 'true' : 'false'}
      ></textarea>
      ${errorView(this.error)}
      <p><button type="submit" ?disabled=${this.busy}>${this.busy ? 'Adding…' : 'Add source'}</button></p>
    </form>`;
  }

  private async submit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    const formEl = e.target as HTMLFormElement;
    this.error = undefined;
    this.metadataError = false;
    let body: Partial<SourceRequest>;
    try {
      body = this.request(new FormData(formEl));
    } catch (err) {
      this.error = err as Error;
      this.metadataError = true;
      formEl.querySelector<HTMLElement>('#metadata')?.focus();
      return;
    }
    this.busy = true;
    try {
      const created = await api.call<SourceRecord>('sources/', { method: 'POST', body });
      formEl.reset();
      this.type = 'sitemap';
      this.dispatchEvent(
        new CustomEvent('source-created', { detail: created, bubbles: true, composed: true }),
      );
    } catch (err) {
      this.error = err as Error;
    } finally {
      this.busy = false;
    }
  }

  private request(form: FormData): Partial<SourceRequest> {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const lines = (name: string) => textLines(text(name));
    const optional = (name: string) => (text(name) ? { [name]: text(name) } : {});
    // The token is sent as typed (a secret is not trimmed), and only for a repository.
    const token = String(form.get('token') ?? '');
    return {
      type: this.type,
      ...(this.type === 'github'
        ? { ...optional('repo'), ...optional('branch'), ...(token && { token }) }
        : optional('url')),
      include: lines('include'),
      exclude: lines('exclude'),
      metadata: parseMetadataLines(text('metadata')),
      ...optional('schedule'),
    };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'source-form': SourceForm;
  }
}
