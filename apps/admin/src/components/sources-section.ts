import { LitElement, css, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { SourceRecord, SyncRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { ApiError } from '../api/api-error';
import { session } from '../api/session';
import './confirm-dialog';
import type { ConfirmDialog } from './confirm-dialog';
import { errorView } from './error-view';
import { outcome, syncView } from './sync-view';
import './source-form';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

/** How often a source is read again while its requested sync has not finished. */
const SYNC_POLL_MS = 1000;

const finished = (s: SyncRecord) => s.status === 'completed' || s.status === 'failed';

/** Waits `ms`, or rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The tenant's sources, each with its latest syncs (`GET /sources/` then `GET /sources/{id}`). */
async function loadSources(signal: AbortSignal): Promise<SourceRecord[]> {
  const { sources } = await api.call<{ sources: SourceRecord[] }>('sources/', { signal });
  return Promise.all(
    sources.map((s) => api.call<SourceRecord>(`sources/${encodeURIComponent(s.id)}`, { signal })),
  );
}

/**
 * The Sources section of the Knowledge base page: each source with its schedule and latest sync
 * (counts, failures and their reasons), "Sync now", "Edit" (its token, metadata, globs, schedule),
 * delete after confirmation, and the form that adds one. A sync started here (Sync now, or the first sync of a source added with a schedule) is
 * followed: the source is read again until the sync finished, its progress shown as it goes, and
 * the outcome said (a failure with its reason).
 *
 * @fires documents-changed - once a sync followed here finished, or a source (with its documents)
 *   was deleted
 */
@customElement('sources-section')
export class SourcesSection extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      h2 {
        margin-top: 0;
      }
      .sources {
        list-style: none;
        padding: 0;
      }
      code {
        overflow-wrap: anywhere;
      }
    `,
  ];

  private readonly sources = new LoadController(
    this,
    (_args, signal) => loadSources(signal),
    () => [session.tenant] as const,
  );
  /** Sources whose sync is followed here, as last read, by id (they show over the list). */
  @state() private following = new Map<string, SourceRecord>();
  /** The source whose form is open to edit it. */
  @state() private editing?: string;
  @state() private status = '';
  @state() private error?: Error;
  @query('confirm-dialog') private confirm!: ConfirmDialog;
  /** Stops following syncs when the section leaves the page. */
  private abort = new AbortController();

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.abort.signal.aborted) this.abort = new AbortController();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort.abort();
    this.following = new Map();
  }

  override render() {
    return html`<h2 id="sources-title" tabindex="-1">Sources</h2>
      <p class="muted">Sites and repositories kept in sync with the knowledge base.</p>
      <div role="status" class="muted">${this.status}</div>
      ${errorView(this.error)} ${this.list()}
      <details>
        <summary>Add source</summary>
        <source-form @source-created=${this.onCreated}></source-form>
      </details>
      <confirm-dialog></confirm-dialog>`;
  }

  private list() {
    if (this.sources.status === 'error') return errorView(this.sources.error);
    if (!this.sources.value) return html`<p role="status">Loading sources…</p>`;
    if (!this.sources.value.length) return html`<p class="empty">No sources yet. Add one below.</p>`;
    return html`<ul class="sources">
      ${this.sources.value.map((s) => this.item(this.following.get(s.id) ?? s))}
    </ul>`;
  }

  private item(source: SourceRecord) {
    const name = nameOf(source);
    const last = source.syncs?.[0];
    const busy = this.following.has(source.id);
    return html`<li class="card" aria-label=${name}>
      <p><strong>${source.type}</strong> <code>${name}</code></p>
      <p class="muted">
        Schedule:
        ${source.schedule ?? 'on demand'}${source.include.length ? html` · include ${source.include.join(', ')}` : nothing}${source.exclude.length ? html` · exclude ${source.exclude.join(', ')}` : nothing}${source.has_token ? ' · access token stored' : nothing}
      </p>
      ${
        Object.keys(source.metadata).length
          ? html`<p class="muted">
              Metadata:
              ${Object.entries(source.metadata).map(([k, v], i) => html`${i ? ', ' : ''}<code>${k} = ${v}</code>`)}
            </p>`
          : nothing
      }
      ${last ? syncView(last) : html`<p class="muted">Never synced.</p>`}
      <p>
        <button type="button" ?disabled=${busy} @click=${() => this.sync(source, name)}>
          ${busy ? 'Syncing…' : 'Sync now'}
        </button>
        <button
          type="button"
          class="secondary"
          aria-label="Edit source ${name}"
          aria-expanded=${this.editing === source.id ? 'true' : 'false'}
          @click=${() => (this.editing = this.editing === source.id ? undefined : source.id)}
        >
          Edit
        </button>
        <button
          type="button"
          class="danger"
          aria-label="Delete source ${name}"
          @click=${() => this.deleteSource(source, name)}
        >
          Delete
        </button>
      </p>
      ${
        this.editing === source.id
          ? html`<source-form
              aria-label="Edit ${name}"
              .source=${source}
              @source-updated=${this.onUpdated}
              @edit-cancelled=${() => (this.editing = undefined)}
            ></source-form>`
          : nothing
      }
    </li>`;
  }

  private async onUpdated(e: CustomEvent<SourceRecord>): Promise<void> {
    this.editing = undefined;
    this.error = undefined;
    await this.sources.reload();
    // Said once the list shows the change.
    this.status = `Source ${nameOf(e.detail)} changed.`;
  }

  private async onCreated(e: CustomEvent<SourceRecord>): Promise<void> {
    const source = e.detail;
    const name = nameOf(source);
    this.error = undefined;
    // A source with a schedule starts its first sync at once; one without waits for Sync now.
    this.status = source.schedule
      ? `Source ${name} added; its first sync is running.`
      : `Source ${name} added.`;
    await this.sources.reload();
    if (source.schedule) await this.follow(source, name, finished);
  }

  private async sync(source: SourceRecord, name: string): Promise<void> {
    this.error = undefined;
    try {
      const path = `sources/${encodeURIComponent(source.id)}`;
      const { job_id } = await api.call<{ job_id: string }>(`${path}/sync`, { method: 'POST' });
      this.status = `Syncing ${name}…`;
      await this.follow(source, name, (s) => s.job_id === job_id && finished(s));
    } catch (err) {
      this.error = err as Error;
    }
  }

  /**
   * Reads the source again until one of its syncs is `done`, showing each read, then says how the
   * sync ended, reloads the list and tells the page its documents changed.
   */
  private async follow(source: SourceRecord, name: string, done: (s: SyncRecord) => boolean) {
    const { signal } = this.abort;
    const path = `sources/${encodeURIComponent(source.id)}`;
    this.following = new Map(this.following).set(source.id, source);
    try {
      for (;;) {
        const read = await api.call<SourceRecord>(path, { signal });
        this.following = new Map(this.following).set(source.id, read);
        const sync = read.syncs?.find(done);
        if (sync) {
          const { status, error } = outcome(name, sync);
          this.status = status ?? '';
          this.error = error;
          break;
        }
        await pause(SYNC_POLL_MS, signal);
      }
      await this.sources.reload();
      this.dispatchEvent(new Event('documents-changed', { bubbles: true, composed: true }));
    } catch (err) {
      // Left the page, or the source was deleted meanwhile: nothing more to follow.
      const gone = err instanceof ApiError && err.status === 404;
      if (!signal.aborted && !gone) this.error = err as Error;
    } finally {
      const next = new Map(this.following);
      next.delete(source.id);
      this.following = next;
    }
  }

  private async deleteSource(source: SourceRecord, name: string): Promise<void> {
    if (
      !(await this.confirm.ask(
        `Delete the source ${name} and every document it brought in?`,
        'Delete source',
      ))
    )
      return;
    this.error = undefined;
    try {
      await api.call(`sources/${encodeURIComponent(source.id)}`, { method: 'DELETE' });
      this.status = `Source ${name} deleted, with its documents.`;
      await this.sources.reload();
      this.dispatchEvent(new Event('documents-changed', { bubbles: true, composed: true }));
      // The focused Delete button left with its source: the list's heading takes the focus.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#sources-title')?.focus();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

/** How a source is named in the page: its URL, or its repository and branch. */
function nameOf(source: SourceRecord): string {
  return source.url ?? `${source.repo}${source.branch ? `@${source.branch}` : ''}`;
}

declare global {
  interface HTMLElementTagNameMap {
    'sources-section': SourcesSection;
  }
}
