import { LitElement, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { DocumentRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import '../components/confirm-dialog';
import type { ConfirmDialog } from '../components/confirm-dialog';
import { errorView } from '../components/error-view';
import '../components/job-progress';
import { loadMoreView } from '../components/load-more';
import '../components/sources-section';
import '../components/upload-drop';
import '../components/versions-section';
import type { UploadAccepted } from '../components/upload-drop';
import { deleteDocumentQuestion, formatDate } from '../format';
import { PagedLoadController, type ListPage } from '../paged-load-controller';
import { href } from '../router';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

const PAGE_SIZE = 50;
/** How long after the last keystroke the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

interface DocumentPage {
  documents: DocumentRecord[];
  next_cursor: string | null;
}

/**
 * The tenant's documents (`GET /documents/`, cursor paging; searched on the server by title,
 * address and id as the administrator types), delete, upload with the live progress of each
 * ingest job, and the sources kept in sync.
 */
@customElement('knowledge-page')
export class KnowledgePage extends LitElement {
  static override styles = [sharedStyles];
  private readonly tables = new StackedTablesController(this);

  private readonly documents = new PagedLoadController(
    this,
    async ([, q], cursor, signal): Promise<ListPage<DocumentRecord>> => {
      const page = await api.call<DocumentPage>('documents/', {
        signal,
        query: { limit: PAGE_SIZE, q, cursor },
      });
      return { items: page.documents, next_cursor: page.next_cursor };
    },
    () => [session.tenant, this.query] as const,
  );
  /** The search sent to the server (the field's text once typing paused). */
  @state() private query = '';
  private typing?: ReturnType<typeof setTimeout>;
  @state() private jobs: UploadAccepted[] = [];
  @state() private status = '';
  @state() private error?: Error;
  @query('confirm-dialog') private confirm!: ConfirmDialog;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.typing);
  }

  override render() {
    return html`<h1 tabindex="-1">Knowledge base</h1>
      <section class="card">
        <h2>Upload</h2>
        <upload-drop @upload-accepted=${this.onUpload}></upload-drop>
        ${
          this.jobs.length
            ? html`<h3>Ingest jobs</h3>
                ${this.jobs.map(
                  (j) =>
                    html`<job-progress
                      .jobId=${j.job_id}
                      .label=${j.label}
                      @job-finished=${this.refresh}
                    ></job-progress>`,
                )}`
            : nothing
        }
      </section>
      <section class="card">
        <sources-section @documents-changed=${this.refresh}></sources-section>
      </section>
      <section class="card"><versions-section></versions-section></section>
      <section class="card">
        <h2 id="documents-title" tabindex="-1">Documents</h2>
        <form role="search" @submit=${this.searchNow}>
          <label for="search"
            >Search documents
            <span class="hint">Words of the title, address or id, e.g. "install linux".</span></label
          >
          <input id="search" name="q" type="search" maxlength="200" @input=${this.onSearchInput} />
        </form>
        <div role="status" class="muted">${this.status}</div>
        ${errorView(this.error)} ${this.list()}
      </section>
      <confirm-dialog></confirm-dialog>`;
  }

  private list() {
    const list = this.documents;
    if (list.status === 'error') return errorView(list.error);
    const all = list.items;
    if (!all) return html`<p role="status">Loading documents…</p>`;
    const next = list.next;
    const more = loadMoreView(list);
    if (!all.length && !this.query)
      return html`<p class="empty">
        No documents yet. Upload files above, or ingest with <code>docqa ingest</code>.
      </p>`;
    const count =
      list.status === 'pending'
        ? 'Loading…'
        : this.query
          ? `${all.length} document(s) match “${this.query}”${next ? ' so far' : ''}.`
          : `${all.length} document(s) shown${next ? '; more to load' : ''}.`;
    if (!all.length)
      return html`<p class="empty" role="status">
          ${next ? `No match yet for “${this.query}”: more documents to search.` : `No document matches “${this.query}”.`}
        </p>
        ${more}`;
    return html`<p class="muted" role="status">${count}</p>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th>Title</th>
              <th>Chunks</th>
              <th>Updated</th>
              <th><span class="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            ${all.map(
              (d) =>
                html`<tr>
                  <td>
                    <a href=${href('document', d.id)}>${d.title}</a><br /><code class="muted">${d.id}</code>
                  </td>
                  <td>${d.chunks}</td>
                  <td>${formatDate(d.updated_at)}</td>
                  <td>
                    <button
                      type="button"
                      class="danger"
                      aria-label="Delete ${d.title}"
                      @click=${() => this.deleteDocument(d)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${more}`;
  }

  private onSearchInput(e: Event): void {
    const value = (e.target as HTMLInputElement).value.trim();
    clearTimeout(this.typing);
    this.typing = setTimeout(() => (this.query = value), SEARCH_DEBOUNCE_MS);
  }

  /** Enter in the search field: search at once. */
  private searchNow(e: SubmitEvent): void {
    e.preventDefault();
    clearTimeout(this.typing);
    this.query = String(new FormData(e.target as HTMLFormElement).get('q') ?? '').trim();
  }

  private onUpload(e: CustomEvent<UploadAccepted>): void {
    this.jobs = [e.detail, ...this.jobs];
    this.status = `Uploaded ${e.detail.label}; indexing started.`;
  }

  private refresh = () => void this.documents.reload();

  private async deleteDocument(doc: DocumentRecord): Promise<void> {
    if (!(await this.confirm.ask(deleteDocumentQuestion(doc), 'Delete document'))) return;
    this.error = undefined;
    try {
      await api.call(`documents/${encodeURIComponent(doc.id)}`, { method: 'DELETE' });
      this.status = `“${doc.title}” deleted.`;
      await this.documents.reload();
      // The focused Delete button left with its row: the list's heading takes the focus.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#documents-title')?.focus();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'knowledge-page': KnowledgePage;
  }
}
