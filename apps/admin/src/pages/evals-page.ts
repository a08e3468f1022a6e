import { LitElement, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { EvalSet, EvalSetList } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { errorView, loadFailedView } from '../components/error-view';
import { importEvalFile } from '../components/eval-file-import';
import { formatDate } from '../format';
import { LoadController } from '../load-controller';
import { href, router } from '../router';
import { StackedTablesController } from '../stacked-tables-controller';
import { sharedStyles } from '../styles/shared-styles';

/**
 * Evaluations (§16): the tenant's sets with their latest run, a form to create a set, and the
 * import of a JSONL or CSV file into a new or existing set.
 */
@customElement('evals-page')
export class EvalsPage extends LitElement {
  static override styles = [sharedStyles];
  private readonly tables = new StackedTablesController(this);

  @state() private error: Error | null = null;
  @state() private busy = false;
  private readonly sets = new LoadController(
    this,
    (_, signal) => api.call<EvalSetList>('evals/', { signal }),
    () => [session.tenant] as const,
  );

  override render() {
    return html`<h1 tabindex="-1">Evaluations</h1>
      <p class="muted">
        Sets of questions with what a right answer holds. A run asks each through the answering pipeline and
        scores the answers, so you see at once whether a docs or settings change made answers better.
      </p>
      ${this.list()}
      <section class="card" aria-labelledby="new-set">
        <h2 id="new-set">New set</h2>
        <form class="row" @submit=${this.create}>
          <div><label for="set-name">Name</label><input id="set-name" name="name" required /></div>
          <div>
            <label for="set-file">Items from a JSONL or CSV file (optional)</label>
            <input id="set-file" name="file" type="file" accept=".jsonl,.json,.csv,text/csv" />
          </div>
          <button type="submit" ?disabled=${this.busy}>Create</button>
        </form>
        ${errorView(this.error)}
      </section>`;
  }

  private list() {
    if (this.sets.status === 'error') return loadFailedView(this.sets.error, 'Evaluations');
    const sets = this.sets.value;
    if (!sets) return html`<p role="status">Loading evaluation sets…</p>`;
    if (!sets.sets.length)
      return html`<p class="empty" role="status">No evaluation sets yet: create one below.</p>`;
    return html`<div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          Evaluation sets
        </caption>
        <thead>
          <tr>
            <th>Set</th>
            <th>Items</th>
            <th>Last run</th>
            <th>Correct</th>
            <th>Missing</th>
            <th>Incorrect</th>
            <th>Unscored</th>
          </tr>
        </thead>
        <tbody>
          ${sets.sets.map(
            (s) =>
              html`<tr>
                <td><a href=${href('eval-set', s.name)}>${s.name}</a></td>
                <td>${s.items}</td>
                <td>
                  ${s.last_run ? html`${formatDate(s.last_run.started_at)} · ${s.last_run.status}` : 'never'}
                </td>
                <td>${s.last_run?.tally.correct ?? nothing}</td>
                <td>${s.last_run?.tally.missing ?? nothing}</td>
                <td>${s.last_run?.tally.incorrect ?? nothing}</td>
                <td>${s.last_run?.tally.unscored ?? nothing}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private async create(e: SubmitEvent) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const file = data.get('file');
    this.busy = true;
    this.error = null;
    try {
      if (file instanceof File && file.size) await importEvalFile(name, file);
      else await api.call<EvalSet>('evals/', { method: 'POST', body: { name } });
      router.navigate(href('eval-set', name));
    } catch (err) {
      this.error = err as Error;
    } finally {
      this.busy = false;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'evals-page': EvalsPage;
  }
}
