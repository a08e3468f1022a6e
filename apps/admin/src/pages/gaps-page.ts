import { LitElement, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { GapCluster, Gaps } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { loadFailedView } from '../components/error-view';
import '../components/gap-draft-panel';
import { lastDays, periodSelect, type Period } from '../components/period-select';
import { versionSelect } from '../components/version-select';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { href } from '../router';
import { sharedStyles } from '../styles/shared-styles';

/**
 * Coverage gaps (§10 `GET /admin/gaps/`): the questions the knowledge base failed, grouped by
 * meaning, each with its questions (linked to their conversation) and the nearest documents.
 */
@customElement('gaps-page')
export class GapsPage extends LitElement {
  static override styles = [sharedStyles];

  @state() private period: Period = lastDays(30);
  /** The docs version shown; '' every version. */
  @state() private version = '';
  private readonly gaps = new LoadController(
    this,
    ([from, version], signal) => api.call<Gaps>('admin/gaps/', { signal, query: { from, version } }),
    () => [this.period.from, this.version, session.tenant] as const,
  );

  override render() {
    return html`<h1 tabindex="-1">Coverage gaps</h1>
      <p class="muted">
        Questions answered “not covered” or rated thumbs down, grouped by meaning, largest group first.
      </p>
      ${periodSelect(this.period, (period) => (this.period = period))}
      ${versionSelect(this.version, (version) => (this.version = version))} ${this.body()}`;
  }

  private body() {
    if (this.gaps.status === 'error') {
      return loadFailedView(this.gaps.error, 'Coverage gaps');
    }
    const gaps = this.gaps.value;
    if (!gaps || this.gaps.status === 'pending') return html`<p role="status">Loading coverage gaps…</p>`;
    if (!gaps.clusters.length)
      return html`<p class="empty" role="status">
        No gaps in this period: every question was covered and none was rated down.
      </p>`;
    return gaps.clusters.map((c) => this.cluster(c));
  }

  private cluster(c: GapCluster) {
    return html`<section class="card" aria-labelledby="gap-${c.id}">
      <h2 id="gap-${c.id}">${c.label} <span class="badge">${c.count} question(s)</span></h2>
      <ul>
        ${c.questions.map(
          (q) =>
            html`<li>
              <a href=${href('conversation', q.chat_id)}>${q.text}</a>
              <span class="muted"
                >· ${formatDate(q.at)} · ${q.reason === 'not_covered' ? 'not covered' : 'thumbs down'}</span
              >
            </li>`,
        )}
      </ul>
      <h3>Nearest documents</h3>
      ${
        c.nearest_documents.length
          ? html`<ul>
              ${c.nearest_documents.map((d) => html`<li><a href=${href('document', d.document_id)}>${d.title}</a></li>`)}
            </ul>`
          : html`<p class="muted">None close: a new page may be needed.</p>`
      }
      <gap-draft-panel
        .questionIds=${c.questions.map((q) => q.question_id)}
        label=${c.label}
      ></gap-draft-panel>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'gaps-page': GapsPage;
  }
}
