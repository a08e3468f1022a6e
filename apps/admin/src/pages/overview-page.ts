import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Insights } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { loadFailedView } from '../components/error-view';
import '../components/export-button';
import '../components/line-chart';
import { lastDays, periodSelect, type Period } from '../components/period-select';
import { versionSelect } from '../components/version-select';
import { formatCount, formatMs } from '../format';
import { LoadController } from '../load-controller';
import { href } from '../router';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

/** Insights of a period (§10): totals, series as charts, top questions and documents, channels. */
@customElement('overview-page')
export class OverviewPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .tiles {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
        gap: 0.75rem;
        margin: 1rem 0;
      }
      .tile {
        background: var(--surface);
        border: 1px solid var(--border);
        border-radius: 8px;
        padding: 0.75rem;
      }
      .tile strong {
        display: block;
        font-size: 1.5rem;
      }
      .grid2 {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
        gap: 1rem;
      }
    `,
  ];
  private readonly tables = new StackedTablesController(this);

  @state() private period: Period = lastDays(30);
  /** The docs version shown; '' every version. */
  @state() private version = '';
  private readonly insights = new LoadController(
    this,
    ([from, days, version], signal) =>
      api.call<Insights>('admin/insights/', {
        signal,
        query: { from, interval: days > 31 ? 'week' : 'day', version },
      }),
    () => [this.period.from, this.period.days, this.version, session.tenant] as const,
  );

  override render() {
    return html`<h1 tabindex="-1">Overview</h1>
      ${periodSelect(this.period, (period) => (this.period = period))}
      ${versionSelect(this.version, (version) => (this.version = version))} ${this.body()}`;
  }

  private body() {
    if (this.insights.status === 'error') {
      return loadFailedView(this.insights.error, 'Insights');
    }
    const i = this.insights.value;
    if (!i || this.insights.status === 'pending') return html`<p role="status">Loading insights…</p>`;
    if (!i.totals.questions)
      return html`<p class="empty" role="status">
        No questions were asked in this period. Embed the widget or ask through the API to see insights here.
      </p>`;
    const t = i.totals;
    const labels = i.series.map((b) => b.start.slice(0, 10));
    return html`<div class="tiles" role="list">
        ${this.tile('Questions', formatCount(t.questions))}
        ${this.tile('Not covered', formatCount(t.not_covered))} ${this.tile('Failed', formatCount(t.failed))}
        ${this.tile('Thumbs up', formatCount(t.thumbs_up))}
        ${this.tile('Thumbs down', formatCount(t.thumbs_down))}
        ${this.tile('Median to answer', formatMs(t.p50_ready_ms))}
        ${this.tile('Median to first words', formatMs(t.p50_first_partial_ms))}
      </div>
      <section class="card">
        <h2>Questions per ${i.interval}</h2>
        <line-chart
          caption="Questions per ${i.interval}"
          .labels=${labels}
          .lines=${[
            { name: 'Questions', values: i.series.map((b) => b.questions) },
            { name: 'Not covered', values: i.series.map((b) => b.not_covered) },
            { name: 'Thumbs up', values: i.series.map((b) => b.thumbs_up) },
            { name: 'Thumbs down', values: i.series.map((b) => b.thumbs_down) },
          ]}
        ></line-chart>
      </section>
      <section class="card">
        <h2>Median time to a ready answer (ms)</h2>
        <line-chart
          caption="Median ms to a ready answer"
          .labels=${labels}
          .lines=${[{ name: 'p50 ready (ms)', values: i.series.map((b) => b.p50_ready_ms) }]}
        ></line-chart>
      </section>
      <div class="grid2">
        <section class="card">
          <h2>Top questions</h2>
          ${
            i.top_questions.length
              ? html`<ol>
                  ${i.top_questions.map((q) => html`<li>${q.text} <span class="badge">${q.count}</span></li>`)}
                </ol>`
              : html`<p class="muted">None.</p>`
          }
        </section>
        <section class="card">
          <h2>Most cited documents</h2>
          ${
            i.top_documents.length
              ? html`<ol>
                  ${i.top_documents.map((d) => html`<li><a href=${href('document', d.document_id)}>${d.title}</a> <span class="badge">${d.citations}</span></li>`)}
                </ol>`
              : html`<p class="muted">None.</p>`
          }
        </section>
      </div>
      ${searchesView(i.searches)}
      <section class="card">
        <h2>By channel</h2>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Channel</th>
                <th>Questions</th>
                <th>Not covered</th>
              </tr>
            </thead>
            <tbody>
              ${i.by_channel.map(
                (c) =>
                  html`<tr>
                    <td>${c.channel}</td>
                    <td>${c.questions}</td>
                    <td>${c.not_covered}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </section>
      ${t.not_covered ? html`<p><a href=${href('gaps')}>See the coverage gaps</a></p>` : nothing}
      <export-button .from=${this.period.from} .version=${this.version}></export-button>`;
  }

  private tile(label: string, value: string) {
    return html`<div class="tile" role="listitem">
      <span class="muted">${label}</span><strong>${value}</strong>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'overview-page': OverviewPage;
  }
}

/** The widget search box's figures: searches, those without results, and the top queries of each. */
function searchesView(searches: Insights['searches']) {
  const list = (items: { text: string; count: number }[]) =>
    items.length
      ? html`<ol>
          ${items.map((q) => html`<li>${q.text} <span class="badge">${q.count}</span></li>`)}
        </ol>`
      : html`<p class="muted">None.</p>`;
  return html`<div class="grid2">
    <section class="card">
      <h2>Top searches</h2>
      <p class="muted">
        ${searches.total} searches in the search box, ${searches.no_results} without results.
      </p>
      ${list(searches.top)}
    </section>
    <section class="card">
      <h2>Searches without results</h2>
      ${list(searches.top_no_results)}
    </section>
  </div>`;
}
