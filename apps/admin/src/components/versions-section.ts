import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { VersionList } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';
import { errorView } from './error-view';

/**
 * The knowledge base's docs versions (DESIGN §17): each with its document count, the documents
 * without one, and the default version questions and searches use, which an editor sets
 * (`PUT /admin/versions/`; "newest" clears the setting).
 */
@customElement('versions-section')
export class VersionsSection extends LitElement {
  static override styles = [sharedStyles];
  private readonly list = new LoadController(
    this,
    (_args, signal) => api.call<VersionList>('versions/', { signal }),
    () => [session.tenant] as const,
  );
  @state() private error?: Error;
  @state() private status = '';

  override render() {
    const list = this.list.value;
    if (this.list.status === 'error') return errorView(this.list.error);
    if (!list) return html`<p role="status">Loading versions…</p>`;
    if (!list.versions.length)
      return html`<h2>Versions</h2>
        <p class="empty">
          No document has a version: every question searches all documents. See “Versions” in the knowledge
          base docs to give documents one.
        </p>`;
    return html`<h2>Versions</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Documents</th>
          </tr>
        </thead>
        <tbody>
          ${list.versions.map(
            (v) =>
              html`<tr>
                <td>${v.version}${v.version === list.default ? ' (default)' : nothing}</td>
                <td>${v.documents}</td>
              </tr>`,
          )}
          <tr>
            <td>No version (every version)</td>
            <td>${list.unversioned}</td>
          </tr>
        </tbody>
      </table>
      <form @submit=${this.save}>
        <label for="default-version"
          >Default version <span class="hint">What questions and searches without a version use.</span></label
        >
        <select id="default-version" name="default">
          <option value="" ?selected=${list.default_setting === null}>
            The newest (${list.versions[0]!.version})
          </option>
          ${list.versions.map(
            (v) =>
              html`<option value=${v.version} ?selected=${v.version === list.default_setting}>
                ${v.version}
              </option>`,
          )}
        </select>
        <button type="submit">Save</button>
      </form>
      <div role="status" class="muted">${this.status}</div>
      ${errorView(this.error)}`;
  }

  private readonly save = async (e: SubmitEvent) => {
    e.preventDefault();
    const value = new FormData(e.target as HTMLFormElement).get('default') as string;
    this.error = undefined;
    try {
      await api.call<VersionList>('admin/versions/', { method: 'PUT', body: { default: value || null } });
      this.status = `Default version: ${value || 'the newest'}.`;
      await this.list.reload();
    } catch (err) {
      this.error = err as Error;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'versions-section': VersionsSection;
  }
}
