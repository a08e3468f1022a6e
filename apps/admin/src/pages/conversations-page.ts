import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ConversationList, VersionList } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { loadFailedView } from '../components/error-view';
import { filterQuery, loadMoreView } from '../components/load-more';
import { lastDays } from '../components/period-select';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { PagedLoadController } from '../paged-load-controller';
import { href, router, withQuery } from '../router';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

/** The filters, kept in the address so a filtered list can be linked and survives a reload. */
const FILTERS = ['q', 'feedback', 'not_covered', 'channel', 'version', 'days'] as const;

/** The period of the address: 7, 30 or 90 days; another value (an address edited by hand) reads as 30. */
function daysOf(query: URLSearchParams): string {
  const days = query.get('days') ?? '';
  return ['7', '30', '90'].includes(days) ? days : '30';
}

/** The tenant's conversations, newest first, searched and filtered (§10 `GET /admin/conversations/`). */
@customElement('conversations-page')
export class ConversationsPage extends LitElement {
  static override styles = [sharedStyles];
  private readonly tables = new StackedTablesController(this);

  /** The address's query: the filters. */
  @property({ attribute: false }) query = new URLSearchParams();
  private readonly list = new PagedLoadController(
    this,
    ([search], cursor, signal) =>
      api.call<ConversationList>('admin/conversations/', { signal, query: params(search, cursor) }),
    () => [this.query.toString(), session.tenant] as const,
  );
  /** The tenant's docs versions: a version filter when there are several. */
  private readonly versions = new LoadController(
    this,
    (_args, signal) => api.call<VersionList>('versions/', { signal }),
    () => [session.tenant] as const,
  );

  override render() {
    const f = (name: string) => this.query.get(name) ?? '';
    return html`<h1 tabindex="-1">Conversations</h1>
      <form class="card row" role="search" @submit=${this.apply} @change=${this.apply}>
        <div>
          <label for="q">Search questions</label><input id="q" name="q" type="search" .value=${f('q')} />
        </div>
        ${this.filter('feedback', 'Feedback', f('feedback'), [
          ['', 'Any'],
          ['up', 'Thumbs up'],
          ['down', 'Thumbs down'],
        ])}
        ${this.filter('not_covered', 'Coverage', f('not_covered'), [
          ['', 'Any'],
          ['true', 'Not covered'],
          ['false', 'Covered'],
        ])}
        ${this.filter('channel', 'Channel', f('channel'), [
          ['', 'Any'],
          ['widget', 'Widget'],
          ['api', 'API'],
          ['batch', 'Batch'],
          ['mcp', 'MCP'],
          ['slack', 'Slack'],
          ['discord', 'Discord'],
        ])}
        ${this.versionFilter(f('version'))}
        ${this.filter('days', 'Period', daysOf(this.query), [
          ['7', 'Last 7 days'],
          ['30', 'Last 30 days'],
          ['90', 'Last 90 days'],
        ])}
        <button type="submit">Search</button>
      </form>
      ${this.results()}`;
  }

  /** A labelled `<select>` of the filter `name`, its `[value, label]` choices, `current` selected. */
  private filter(name: string, label: string, current: string, choices: [string, string][]) {
    return html`<div>
      <label for=${name}>${label}</label>
      <select id=${name} name=${name}>
        ${choices.map(
          ([value, text]) => html`<option value=${value} ?selected=${value === current}>${text}</option>`,
        )}
      </select>
    </div>`;
  }

  /** The docs version filter, when the tenant has several versions. */
  private versionFilter(current: string) {
    const versions = this.versions.value?.versions ?? [];
    if (versions.length < 2) return nothing;
    const choices: [string, string][] = versions.map((v) => [v.version, v.version]);
    return this.filter('version', 'Docs version', current, [['', 'Any'], ...choices]);
  }

  private results() {
    if (this.list.status === 'error') {
      return loadFailedView(this.list.error, 'Conversations');
    }
    const { items, next } = this.list;
    if (!items || this.list.status === 'pending') return html`<p role="status">Loading conversations…</p>`;
    if (!items.length) return html`<p class="empty" role="status">No conversation matches these filters.</p>`;
    return html`<p role="status" class="muted">${items.length} conversation(s)${next ? ' so far' : ''}.</p>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th>First question</th>
              <th>Questions</th>
              <th>Feedback</th>
              <th>Channel</th>
              <th>Last activity</th>
            </tr>
          </thead>
          <tbody>
            ${items.map(
              (c) =>
                html`<tr>
                  <td>
                    <a href=${withQuery(href('conversation', c.chat_id), this.query)}>${c.first_question}</a>
                    ${c.not_covered ? html` <span class="badge">${c.not_covered} not covered</span>` : nothing}
                  </td>
                  <td>${c.questions}</td>
                  <td>${c.feedback.up} up, ${c.feedback.down} down</td>
                  <td>${c.channel}</td>
                  <td>${formatDate(c.last_at)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${loadMoreView(this.list)}`;
  }

  private apply(e: Event): void {
    e.preventDefault();
    const q = filterQuery(e.currentTarget as HTMLFormElement, FILTERS);
    router.navigate(withQuery(href('conversations'), q), { replace: true });
  }
}

/** The query of `GET /admin/conversations/` for the filters in the address `search`. */
function params(search: string, cursor?: string) {
  const q = new URLSearchParams(search);
  return {
    q: q.get('q'),
    feedback: q.get('feedback'),
    not_covered: q.get('not_covered'),
    channel: q.get('channel'),
    version: q.get('version'),
    from: lastDays(Number(daysOf(q))).from,
    cursor,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'conversations-page': ConversationsPage;
  }
}
