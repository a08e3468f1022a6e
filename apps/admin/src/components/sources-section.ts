import { LitElement, css, html, nothing } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { SourceRecord, SyncRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import './confirm-dialog';
import type { ConfirmDialog } from './confirm-dialog';
import { errorView } from './error-view';
import './source-form';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { sharedStyles } from '../styles/shared-styles';

/** How often a source is read again while its requested sync has not finished. */
const SYNC_POLL_MS = 1000;

const finished = (s: SyncRecord) => s.status === 'completed' || s.status === 'failed';

/** The tenant's sources, each with its latest syncs (`GET /sources/` then `GET /sources/{id}`). */
async function loadSources(signal: AbortSignal): Promise<SourceRecord[]> {
  const { sources } = await api.call<{ sources: SourceRecord[] }>('sources/', { signal });
  return Promise.all(
    sources.map((s) => api.call<SourceRecord>(`sources/${encodeURIComponent(s.id)}`, { signal })),
  );
}

/**
 * The Sources section of the Knowledge base page: each source with its schedule and latest sync
 * (counts, failures and their reasons), "Sync now" (then the source is read again until that sync
 * finished), delete after confirmation, and the form that adds one.
 *
 * @fires sources-synced - once a requested sync finished (the documents changed)
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
  /** Job ids of the syncs requested here and not yet finished, by source id. */
  @state() private syncing = new Map<string, string>();
  @state() private status = '';
  @state() private error?: Error;
  @query('confirm-dialog') private confirm!: ConfirmDialog;

  override render() {
    return html`<h2>Sources</h2>
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
      ${this.sources.value.map((s) => this.item(s))}
    </ul>`;
  }

  private item(source: SourceRecord) {
    const name = source.url ?? `${source.repo}${source.branch ? `@${source.branch}` : ''}`;
    const last = source.syncs?.[0];
    const busy = this.syncing.has(source.id);
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
          class="danger"
          aria-label="Delete source ${name}"
          @click=${() => this.deleteSource(source, name)}
        >
          Delete
        </button>
      </p>
    </li>`;
  }

  private onCreated(e: CustomEvent<SourceRecord>): void {
    this.status = `Source ${e.detail.url ?? e.detail.repo} added.`;
    void this.sources.reload();
  }

  private async sync(source: SourceRecord, name: string): Promise<void> {
    this.error = undefined;
    try {
      const path = `sources/${encodeURIComponent(source.id)}`;
      const { job_id } = await api.call<{ job_id: string }>(`${path}/sync`, { method: 'POST' });
      this.syncing = new Map(this.syncing).set(source.id, job_id);
      this.status = `Syncing ${name}…`;
      for (;;) {
        const read = await api.call<SourceRecord>(path);
        const done = read.syncs?.find((s) => s.job_id === job_id && finished(s));
        if (done) break;
        await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
      }
      this.status = `${name} synced.`;
      await this.sources.reload();
      this.dispatchEvent(new Event('sources-synced', { bubbles: true, composed: true }));
    } catch (err) {
      this.error = err as Error;
    } finally {
      const next = new Map(this.syncing);
      next.delete(source.id);
      this.syncing = next;
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
      this.status = `Source ${name} deleted.`;
      await this.sources.reload();
    } catch (err) {
      this.error = err as Error;
    }
  }
}

/** The latest sync: when, its status and counts, and each failure with its reason. */
function syncView(sync: SyncRecord) {
  const when = sync.finished_at ?? sync.started_at ?? sync.created_at;
  const counts = [
    sync.status,
    `${sync.added} added`,
    `${sync.updated} updated`,
    `${sync.unchanged} unchanged`,
    `${sync.deleted} deleted`,
    `${sync.failed} failed`,
  ].join(' · ');
  return html`<p>Last sync ${formatDate(when)} (${sync.trigger}): ${counts}</p>
    ${sync.error ? html`<p class="alert" role="alert">${sync.error}</p>` : nothing}
    ${
      sync.failures.length
        ? html`<details>
            <summary>Failures (${sync.failures.length})</summary>
            <ul>
              ${sync.failures.map((f) => html`<li><code>${f.url}</code>: ${f.reason}</li>`)}
            </ul>
          </details>`
        : nothing
    }`;
}

declare global {
  interface HTMLElementTagNameMap {
    'sources-section': SourcesSection;
  }
}
