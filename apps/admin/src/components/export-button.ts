import { LitElement, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api/admin-api';
import { errorView } from './error-view';
import { sharedStyles } from '../styles/shared-styles';

/**
 * Downloads every logged question of a period (of one docs version when `version` is set) (`GET /admin/export/questions`) as CSV or JSON
 * lines. Fetched with the session's headers (the tenant), then saved from memory.
 */
@customElement('export-button')
export class ExportButton extends LitElement {
  static override styles = [sharedStyles];

  /** Start of the period (ISO date-time). */
  @property() from = '';
  /** Docs version of the questions exported; '' every version. */
  @property() version = '';
  @state() private busy = false;
  @state() private error?: Error;

  override render() {
    return html`<button
        type="button"
        class="secondary"
        ?disabled=${this.busy}
        @click=${() => this.save('csv')}
      >
        Export questions (CSV)
      </button>
      <button type="button" class="secondary" ?disabled=${this.busy} @click=${() => this.save('jsonl')}>
        Export (JSON lines)
      </button>
      <span role="status" class="muted">${this.busy ? 'Preparing the export…' : ''}</span>
      ${errorView(this.error)}`;
  }

  private async save(format: 'csv' | 'jsonl'): Promise<void> {
    this.busy = true;
    this.error = undefined;
    try {
      const blob = await api.download('admin/export/questions', {
        query: { format, from: this.from, version: this.version },
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `questions-${this.from.slice(0, 10)}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (err) {
      this.error = err as Error;
    } finally {
      this.busy = false;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'export-button': ExportButton;
  }
}
