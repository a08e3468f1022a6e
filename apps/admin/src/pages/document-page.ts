import { LitElement, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { DocumentRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import '../components/confirm-dialog';
import type { ConfirmDialog } from '../components/confirm-dialog';
import { errorView } from '../components/error-view';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { href, router } from '../router';
import { sharedStyles } from '../styles/shared-styles';

/** One document (`GET /documents/{id}`): its record, chunks and metadata; delete. */
@customElement('document-page')
export class DocumentPage extends LitElement {
  static override styles = [sharedStyles];

  /** The document's id. */
  @property() documentId = '';
  private readonly doc = new LoadController(
    this,
    ([id], signal) => api.call<DocumentRecord>(`documents/${encodeURIComponent(id)}`, { signal }),
    () => [this.documentId, session.tenant] as const,
  );
  @state() private error?: Error;
  @query('confirm-dialog') private confirm!: ConfirmDialog;

  override render() {
    const d = this.doc.value;
    return html`<p><a href=${href('knowledge')}>← Knowledge base</a></p>
      <h1 tabindex="-1">${d?.title ?? 'Document'}</h1>
      ${this.doc.status === 'error' ? errorView(this.doc.error) : nothing}
      ${this.doc.status === 'pending' ? html`<p role="status">Loading…</p>` : nothing}
      ${d && this.doc.status === 'complete' ? this.details(d) : nothing}
      <confirm-dialog></confirm-dialog>`;
  }

  private details(d: DocumentRecord) {
    const metadata = Object.entries(d.metadata);
    return html`<section class="card">
        <dl>
          <dt>Id</dt>
          <dd><code>${d.id}</code></dd>
          <dt>Address</dt>
          <dd>
            ${d.url ? html`<a href=${d.url} rel="noopener noreferrer" target="_blank">${d.url}</a>` : 'none'}
          </dd>
          <dt>Type</dt>
          <dd>${d.content_type}</dd>
          <dt>Chunks</dt>
          <dd>${d.chunks}</dd>
          <dt>Content hash</dt>
          <dd><code>${d.hash}</code></dd>
          <dt>Created</dt>
          <dd>${formatDate(d.created_at)}</dd>
          <dt>Updated</dt>
          <dd>${formatDate(d.updated_at)}</dd>
        </dl>
      </section>
      <section class="card">
        <h2>Metadata</h2>
        ${
          metadata.length
            ? html`<div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Property</th>
                      <th>Value</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${metadata.map(
                      ([k, v]) =>
                        html`<tr>
                          <td><code>${k}</code></td>
                          <td>${[v].flat().join(', ')}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
            : html`<p class="muted">No metadata.</p>`
        }
      </section>
      ${errorView(this.error)}
      <button type="button" class="danger" @click=${() => this.deleteDocument(d)}>Delete document</button>`;
  }

  private async deleteDocument(d: DocumentRecord): Promise<void> {
    if (
      !(await this.confirm.ask(`Delete “${d.title}” and all ${d.chunks} of its chunks?`, 'Delete document'))
    )
      return;
    try {
      await api.call(`documents/${encodeURIComponent(d.id)}`, { method: 'DELETE' });
      router.navigate(href('knowledge'));
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'document-page': DocumentPage;
  }
}
