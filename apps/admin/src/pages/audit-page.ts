import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { AuditEntry, AuditList } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { errorView, loadFailedView } from '../components/error-view';
import { filterQuery, loadMoreView } from '../components/load-more';
import { lastDays } from '../components/period-select';
import { formatDate } from '../format';
import { PagedLoadController } from '../paged-load-controller';
import { href, router, withQuery } from '../router';
import { sharedStyles } from '../styles/shared-styles';

/** The filters, kept in the address so a filtered log can be linked. */
const FILTERS = ['actor', 'action', 'days'] as const;

/**
 * The audit log (§18 `GET /admin/audit/`, owners only): who did what, when and from where, newest
 * first, filtered by actor, action and period, with the filtered log exported as JSON lines. Each
 * entry is a card, so the log reads on a phone without sideways scrolling.
 */
@customElement('audit-page')
export class AuditPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      ol {
        list-style: none;
        padding: 0;
      }
      li {
        border-bottom: 1px solid var(--border);
        padding: 0.5rem 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  /** The address's query: the filters. */
  @property({ attribute: false }) query = new URLSearchParams();
  @state() private exporting = false;
  @state() private exportError?: Error;
  private readonly log = new PagedLoadController(
    this,
    ([search], cursor, signal) =>
      api.call<AuditList>('admin/audit/', { signal, query: params(search, cursor) }),
    () => [this.query.toString(), session.tenant] as const,
  );

  override render() {
    const f = (name: string) => this.query.get(name) ?? '';
    return html`<h1 tabindex="-1">Audit log</h1>
      <p class="muted">Admin actions, sign-ins and sign-outs of this tenant, newest first.</p>
      <form class="card row" role="search" @submit=${this.apply}>
        <div>
          <label for="actor">Who</label>
          <input id="actor" name="actor" .value=${f('actor')} placeholder="ann@acme.com" autocomplete="off" />
        </div>
        <div>
          <label for="action">Action</label>
          <input
            id="action"
            name="action"
            .value=${f('action')}
            placeholder="createToken"
            autocomplete="off"
          />
        </div>
        <div>
          <label for="days">Period</label>
          <select id="days" name="days">
            ${['7', '30', '90', '365'].map(
              (d) => html`<option value=${d} .selected=${(f('days') || '30') === d}>Last ${d} days</option>`,
            )}
          </select>
        </div>
        <div><button type="submit">Filter</button></div>
      </form>
      <p>
        <button type="button" class="secondary" ?disabled=${this.exporting} @click=${this.export}>
          Export (JSON lines)
        </button>
      </p>
      ${errorView(this.exportError)} ${this.entries()}`;
  }

  private entries() {
    if (this.log.status === 'error') return loadFailedView(this.log.error, 'Audit log');
    const { items } = this.log;
    if (!items || this.log.status === 'pending') return html`<p role="status">Loading the audit log…</p>`;
    if (!items.length) return html`<p class="empty" role="status">No entry matches these filters.</p>`;
    return html`<ol aria-label="Audit entries">
        ${items.map((e) => entryView(e))}
      </ol>
      ${loadMoreView(this.log)}`;
  }

  private apply(e: Event): void {
    e.preventDefault();
    const q = filterQuery(e.currentTarget as HTMLFormElement, FILTERS);
    router.navigate(withQuery(href('audit'), q), { replace: true });
  }

  private async export(): Promise<void> {
    this.exporting = true;
    this.exportError = undefined;
    try {
      const { cursor: _cursor, ...query } = params(this.query.toString());
      const blob = await api.download('admin/audit/export', { query });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'audit.jsonl';
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (err) {
      this.exportError = err as Error;
    } finally {
      this.exporting = false;
    }
  }
}

function entryView(e: AuditEntry) {
  return html`<li>
    <strong>${e.action}</strong>
    ${e.outcome === 'failure' ? html`<span class="badge">failed (${e.status})</span>` : nothing}
    <span class="muted">· ${formatDate(e.at)}</span><br />
    ${e.actor}${e.targets.length ? html` → ${e.targets.join(', ')}` : nothing}<br />
    <span class="muted">${e.ip} · ${e.user_agent}</span>
  </li>`;
}

/** The query of `GET /admin/audit/` for the filters in the address `search`. */
function params(search: string, cursor?: string) {
  const q = new URLSearchParams(search);
  const days = Number(q.get('days') ?? '30');
  return {
    actor: q.get('actor'),
    action: q.get('action'),
    from: lastDays([7, 30, 90, 365].includes(days) ? days : 30).from,
    cursor,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'audit-page': AuditPage;
  }
}
