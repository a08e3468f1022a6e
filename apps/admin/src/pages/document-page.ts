import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { DocumentChunks, DocumentRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import '../components/confirm-dialog';
import type { ConfirmDialog } from '../components/confirm-dialog';
import { errorView } from '../components/error-view';
import { deleteDocumentQuestion, formatDate } from '../format';
import { LoadController } from '../load-controller';
import { href, router } from '../router';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

/**
 * One document (`GET /documents/{id}`): its record and metadata, its chunks as search sees them
 * (`GET /documents/{id}/chunks`), delete.
 */
@customElement('document-page')
export class DocumentPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .chunks {
        padding-left: 1.5rem;
      }
      .chunk-text {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
    `,
  ];
  private readonly tables = new StackedTablesController(this);

  /** The document's id. */
  @property() documentId = '';
  private readonly doc = new LoadController(
    this,
    ([id], signal) => api.call<DocumentRecord>(`documents/${encodeURIComponent(id)}`, { signal }),
    () => [this.documentId, session.tenant] as const,
  );
  private readonly chunks = new LoadController(
    this,
    ([id], signal) => api.call<DocumentChunks>(`documents/${encodeURIComponent(id)}/chunks`, { signal }),
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
      <section class="card">
        <h2>Chunks</h2>
        ${this.chunkList()}
      </section>
      ${errorView(this.error)}
      <button type="button" class="danger" @click=${() => this.deleteDocument(d)}>Delete document</button>`;
  }

  private chunkList() {
    if (this.chunks.status === 'error') return errorView(this.chunks.error);
    if (this.chunks.status === 'pending') return html`<p role="status">Loading chunks…</p>`;
    const chunks = this.chunks.value?.chunks ?? [];
    if (!chunks.length) return html`<p class="muted">No chunks.</p>`;
    return html`<ol class="chunks">
      ${chunks.map(
        (c) =>
          html`<li aria-label=${c.chunk_id}>
            <p>
              <code>${c.chunk_id}</code>${c.heading ? html` · <strong>${c.heading}</strong>` : nothing}
              ${c.url ? html` · <a href=${c.url} rel="noopener noreferrer" target="_blank">${c.url}</a>` : nothing}
            </p>
            <p class="chunk-text">${c.text}</p>
          </li>`,
      )}
    </ol>`;
  }

  private async deleteDocument(d: DocumentRecord): Promise<void> {
    if (!(await this.confirm.ask(deleteDocumentQuestion(d), 'Delete document'))) return;
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
