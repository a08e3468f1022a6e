import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { VersionList } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

/** The version filter of a report page showing `version` ('' every version); `change` receives every choice. */
export function versionSelect(version: string, change: (version: string) => void) {
  return html`<version-select
    .version=${version}
    @version-change=${(e: CustomEvent<string>) => change(e.detail)}
  ></version-select>`;
}

/**
 * Filters a report page (insights, coverage gaps) by docs version (DESIGN §17): the tenant's
 * versions from `GET /versions/`, shown only when it has several; "Every version" sends none.
 *
 * @fires version-change - `CustomEvent<string>` on every choice, '' for every version
 */
@customElement('version-select')
export class VersionSelect extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        margin-bottom: 1rem;
      }
      select {
        max-width: 16rem;
      }
    `,
  ];

  /** The version shown; '' every version. */
  @property() version = '';
  private readonly list = new LoadController(
    this,
    (_args, signal) => api.call<VersionList>('versions/', { signal }),
    () => [session.tenant] as const,
  );

  override render() {
    const versions = this.list.value?.versions ?? [];
    if (versions.length < 2) return nothing;
    return html`<label for="version">Docs version</label>
      <select id="version" @change=${this.change}>
        <option value="" ?selected=${!this.version}>Every version</option>
        ${versions.map(
          (v) =>
            html`<option value=${v.version} ?selected=${v.version === this.version}>${v.version}</option>`,
        )}
      </select>`;
  }

  private change(e: Event): void {
    this.version = (e.target as HTMLSelectElement).value;
    this.dispatchEvent(
      new CustomEvent('version-change', { detail: this.version, bubbles: true, composed: true }),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'version-select': VersionSelect;
  }
}
