import { LitElement, html, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { EvalItem, EvalItemInput, EvalRunList, EvalRunSummary, EvalSet } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import '../components/confirm-dialog';
import type { ConfirmDialog } from '../components/confirm-dialog';
import { errorView, loadFailedView } from '../components/error-view';
import { importEvalFile } from '../components/eval-file-import';
import '../components/eval-item-form';
import '../components/line-chart';
import { formatDate, formatMs } from '../format';
import { LoadController } from '../load-controller';
import { href, router } from '../router';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

/**
 * One evaluation set (§16): its runs over time (a chart of correct, missing and incorrect answers,
 * a table, two runs compared), a run started, and its items added, edited, removed or imported.
 */
@customElement('eval-set-page')
export class EvalSetPage extends LitElement {
  static override styles = [sharedStyles];
  private readonly tables = new StackedTablesController(this);

  /** The set's name, from the address. */
  @property({ attribute: false }) setName = '';
  /** The item being edited: its index, `new` for one being added, null for none. */
  @state() private editing: number | 'new' | null = null;
  @state() private error: Error | null = null;
  @query('confirm-dialog') private confirm!: ConfirmDialog;
  private readonly data = new LoadController(
    this,
    async ([name], signal) => {
      const path = `evals/${encodeURIComponent(name)}`;
      const [set, runs] = await Promise.all([
        api.call<EvalSet>(path, { signal }),
        api.call<EvalRunList>(`${path}/runs`, { signal }),
      ]);
      return { set, runs: runs.runs };
    },
    () => [this.setName, session.tenant] as const,
  );

  override render() {
    // The heading is there from the start: the portal focuses it when the page opens.
    return html`<p><a href=${href('evals')}>Evaluations</a></p>
      <h1 tabindex="-1">${this.setName}</h1>
      ${this.body()}`;
  }

  private body() {
    if (this.data.status === 'error') return loadFailedView(this.data.error, 'Evaluation set');
    const data = this.data.value;
    if (!data) return html`<p role="status">Loading the evaluation set…</p>`;
    return html`${data.set.description ? html`<p class="muted">${data.set.description}</p>` : nothing}
      <div class="row">
        <button type="button" @click=${this.run} ?disabled=${!data.set.items.length}>Run now</button>
        <button type="button" class="danger" @click=${this.deleteSet}>Delete set</button>
      </div>
      ${errorView(this.error)} ${this.runsView(data.runs)} ${this.itemsView(data.set.items)}
      <confirm-dialog></confirm-dialog>`;
  }

  private runsView(runs: EvalRunSummary[]) {
    if (!runs.length) return html`<p class="empty">No runs yet.</p>`;
    const oldestFirst = [...runs].reverse().filter((r) => r.status === 'completed');
    return html`<section class="card" aria-labelledby="runs">
      <h2 id="runs">Runs</h2>
      ${
        oldestFirst.length > 1
          ? html`<line-chart
              caption="Answers per run"
              .labels=${oldestFirst.map((r) => formatDate(r.started_at))}
              .lines=${(['correct', 'missing', 'incorrect'] as const).map((v) => ({
                name: v,
                values: oldestFirst.map((r) => r.tally[v]),
              }))}
            ></line-chart>`
          : nothing
      }
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">
            Runs, newest first
          </caption>
          <thead>
            <tr>
              <th>Started</th>
              <th>Status</th>
              <th>Done</th>
              <th>Correct</th>
              <th>Missing</th>
              <th>Incorrect</th>
              <th>Unscored</th>
              <th>hit@5</th>
              <th>p50</th>
            </tr>
          </thead>
          <tbody>
            ${runs.map(
              (r) =>
                html`<tr>
                  <td><a href=${href('eval-run', this.setName, r.id)}>${formatDate(r.started_at)}</a></td>
                  <td>${r.status}</td>
                  <td>${r.done}/${r.items}</td>
                  <td>${r.tally.correct}</td>
                  <td>${r.tally.missing}</td>
                  <td>${r.tally.incorrect}</td>
                  <td>${r.tally.unscored}</td>
                  <td>${r.hit_at_5 === null ? '–' : `${Math.round(r.hit_at_5 * 100)} %`}</td>
                  <td>${formatMs(r.p50_latency_ms)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${runs.length > 1 ? this.compareForm(runs) : nothing}
    </section>`;
  }

  private compareForm(runs: EvalRunSummary[]) {
    const options = (selected: string) =>
      runs.map(
        (r) =>
          html`<option value=${r.id} ?selected=${r.id === selected}>
            ${formatDate(r.started_at)} (${r.status})
          </option>`,
      );
    return html`<form class="row" @submit=${this.compare} aria-label="Compare two runs">
      <div>
        <label for="baseline">Compare</label
        ><select id="baseline" name="baseline">
          ${options(runs[1]!.id)}
        </select>
      </div>
      <div>
        <label for="against">with</label
        ><select id="against" name="run">
          ${options(runs[0]!.id)}
        </select>
      </div>
      <button type="submit">Compare</button>
    </form>`;
  }

  private itemsView(items: EvalItem[]) {
    return html`<section class="card" aria-labelledby="items">
      <h2 id="items">Items <span class="badge">${items.length}</span></h2>
      <div class="row">
        <button type="button" @click=${() => (this.editing = 'new')}>Add an item</button>
        <label for="import">Import a JSONL or CSV file</label>
        <input id="import" type="file" accept=".jsonl,.json,.csv,text/csv" @change=${this.importFile} />
      </div>
      ${this.editing === 'new' ? this.form(undefined) : nothing}
      <ol>
        ${items.map((item, i) =>
          this.editing === i
            ? html`<li>${this.form(item)}</li>`
            : html`<li>
                <strong>${item.question}</strong>
                <span class="muted">${expectation(item)}</span>
                <button type="button" class="secondary" @click=${() => (this.editing = i)}>Edit</button>
                <button
                  type="button"
                  class="secondary"
                  @click=${() => this.saveItems(items.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>`,
        )}
      </ol>
    </section>`;
  }

  private form(item: EvalItem | undefined) {
    const items = this.data.value?.set.items ?? [];
    const save = (e: CustomEvent<EvalItemInput>) =>
      this.saveItems(item ? items.map((it) => (it.id === item.id ? e.detail : it)) : [...items, e.detail]);
    return html`<eval-item-form
      .item=${item}
      @save=${save}
      @cancel=${() => (this.editing = null)}
    ></eval-item-form>`;
  }

  private async act(work: () => Promise<unknown>) {
    this.error = null;
    try {
      await work();
      this.editing = null;
      await this.data.reload();
    } catch (err) {
      this.error = err as Error;
    }
  }

  private saveItems(items: EvalItemInput[]) {
    return this.act(() =>
      api.call(`evals/${encodeURIComponent(this.setName)}`, { method: 'PUT', body: { items } }),
    );
  }

  private importFile(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) void this.act(() => importEvalFile(this.setName, file)).then(() => (input.value = ''));
  }

  private async run() {
    this.error = null;
    try {
      const run = await api.call<EvalRunSummary>(`evals/${encodeURIComponent(this.setName)}/runs`, {
        method: 'POST',
      });
      router.navigate(href('eval-run', this.setName, run.id));
    } catch (err) {
      this.error = err as Error;
    }
  }

  private compare(e: SubmitEvent) {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const query = new URLSearchParams({ baseline: String(data.get('baseline')) });
    router.navigate(`${href('eval-run', this.setName, String(data.get('run')))}?${query}`);
  }

  private async deleteSet() {
    if (!(await this.confirm.ask(`Delete the set ${this.setName} and all its runs?`, 'Delete'))) return;
    await this.act(() => api.call(`evals/${encodeURIComponent(this.setName)}`, { method: 'DELETE' }));
    if (!this.error) router.navigate(href('evals'));
  }
}

/** An item's expectations in a few words. */
function expectation(item: EvalItem): string {
  const e = item.expect;
  if (!e) return '· unscored (no expectations)';
  if (e.not_covered) return '· not covered';
  return `· ${[...(e.key_strings ?? []).map((k) => `“${k}”`), ...(e.gold_urls ?? [])].join(', ')}`;
}

declare global {
  interface HTMLElementTagNameMap {
    'eval-set-page': EvalSetPage;
  }
}
