import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { EvalComparison, EvalResult, EvalRun } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { errorView, loadFailedView } from '../components/error-view';
import { formatDate, formatMs } from '../format';
import { LoadController } from '../load-controller';
import { href } from '../router';
import { sharedStyles } from '../styles/shared-styles';

/** How often a running run is read again, ms. */
const REFRESH_MS = 1000;

/**
 * One evaluation run (§16): progress while it runs (with Cancel), the tally, hit@1/@5, what it ran
 * with, the diff with a baseline run (`?baseline=`, default the previous one: regressions with both
 * answers, fixed items) and every item's answer and sources.
 */
@customElement('eval-run-page')
export class EvalRunPage extends LitElement {
  static override styles = [sharedStyles];

  @property({ attribute: false }) setName = '';
  @property({ attribute: false }) runId = '';
  /** The address's query: `baseline`. */
  @property({ attribute: false }) query = new URLSearchParams();
  private error: Error | null = null;
  private timer?: ReturnType<typeof setTimeout>;
  private readonly run = new LoadController(
    this,
    ([set, run, baseline], signal) =>
      api.call<EvalRun>(`evals/${encodeURIComponent(set)}/runs/${encodeURIComponent(run)}`, {
        signal,
        query: { baseline },
      }),
    () => [this.setName, this.runId, this.query.get('baseline') ?? undefined, session.tenant] as const,
  );

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  override updated(): void {
    clearTimeout(this.timer);
    if (this.run.value?.status === 'running' && this.run.status === 'complete')
      this.timer = setTimeout(() => void this.run.reload(), REFRESH_MS);
  }

  override render() {
    // The heading is there from the start: the portal focuses it when the page opens.
    return html`<p><a href=${href('eval-set', this.setName)}>${this.setName}</a></p>
      <h1 tabindex="-1">Run of ${this.setName}</h1>
      ${this.body()}`;
  }

  private body() {
    if (this.run.status === 'error') return loadFailedView(this.run.error, 'Evaluation run');
    const run = this.run.value;
    if (!run) return html`<p role="status">Loading the run…</p>`;
    const t = run.tally;
    const share = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)} %`);
    return html`<p class="muted">Started ${formatDate(run.started_at)}</p>
      <p role="status">
        ${
          run.status === 'running'
            ? html`Running: ${run.done} of ${run.items} answered.
                <button type="button" class="secondary" @click=${this.cancel}>Cancel</button>`
            : html`${run.status}${run.error ? `: ${run.error}` : ''}; ${run.done} of ${run.items} answered.`
        }
      </p>
      ${errorView(this.error)}
      <dl class="card">
        <dt>Verdicts</dt>
        <dd>${t.correct} correct, ${t.missing} missing, ${t.incorrect} incorrect, ${t.unscored} unscored</dd>
        <dt>Gold pages</dt>
        <dd>hit@1 ${share(run.hit_at_1)}, hit@5 ${share(run.hit_at_5)}</dd>
        <dt>Median latency</dt>
        <dd>${formatMs(run.p50_latency_ms)}</dd>
        <dt>Ran with</dt>
        <dd>
          ${run.ran_with.answerer}${run.ran_with.model ? ` (${run.ran_with.model})` : ''}, embedder
          ${run.ran_with.embedder}, ${run.ran_with.documents} documents, settings
          ${run.ran_with.settings_digest}
        </dd>
      </dl>
      ${this.diff(run.comparison)}
      <h2>Items</h2>
      <ol>
        ${run.results.map((r) => this.result(r))}
      </ol>`;
  }

  private diff(c: EvalComparison | null) {
    if (!c) return html`<p class="muted">No earlier completed run to compare with.</p>`;
    return html`<section class="card" aria-labelledby="diff">
      <h2 id="diff">
        Against the run <a href=${href('eval-run', this.setName, c.baseline_run_id)}>${c.baseline_run_id}</a>:
        ${c.regressions.length} regression(s), ${c.fixed.length} fixed
      </h2>
      ${c.regressions.map(
        (r) =>
          html`<article>
            <h3>${r.question}</h3>
            <p><span class="badge">before: ${r.before.verdict}</span> ${r.before.answer}</p>
            <p>
              <span class="badge">now: ${r.after.verdict}</span> ${r.after.answer}
              <span class="muted">(${r.after.reason})</span>
            </p>
          </article>`,
      )}
    </section>`;
  }

  private result(r: EvalResult) {
    return html`<li>
      <p>
        <span class="badge">${r.verdict}</span> <strong>${r.item.question}</strong>
        <span class="muted">· ${r.reason} · ${formatMs(r.latency_ms)}</span>
      </p>
      <p>${r.answer}</p>
      ${
        r.sources.length
          ? html`<ul>
              ${r.sources.map(
                (s) =>
                  html`<li>
                    ${s.url ? html`<a href=${s.url} rel="noopener" target="_blank">${s.title}</a>` : s.title}
                    ${s.cited ? html`<span class="muted">cited</span>` : nothing}
                  </li>`,
              )}
            </ul>`
          : nothing
      }
    </li>`;
  }

  private async cancel() {
    try {
      await api.call(
        `evals/${encodeURIComponent(this.setName)}/runs/${encodeURIComponent(this.runId)}/cancel`,
        {
          method: 'POST',
        },
      );
      await this.run.reload();
    } catch (err) {
      this.error = err as Error;
      this.requestUpdate();
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'eval-run-page': EvalRunPage;
  }
}
