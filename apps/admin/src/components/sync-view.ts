import { html, nothing } from 'lit';
import type { SyncRecord } from '@docqa/contracts';
import { formatDate } from '../format';

/** What a finished sync did, in a sentence; a failed one is an error with its reason. */
export function outcome(name: string, sync: SyncRecord): { status?: string; error?: Error } {
  if (sync.status === 'failed')
    return { error: new Error(`The sync of ${name} failed: ${sync.error ?? 'see its failures below'}.`) };
  const pages = sync.failed ? `; ${sync.failed} page(s) could not be read (see Failures)` : '';
  return {
    status: `${name} synced: ${sync.added} added, ${sync.updated} updated, ${sync.unchanged} unchanged, ${sync.deleted} deleted${pages}.`,
  };
}

/** The latest sync: when, its status and counts, and each failure with its reason. */
export function syncView(sync: SyncRecord) {
  const when = sync.finished_at ?? sync.started_at ?? sync.created_at;
  const counts = [
    sync.status,
    ...(sync.status === 'running' && sync.listed ? [`${sync.read} of ${sync.listed} pages read`] : []),
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
