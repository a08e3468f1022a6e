import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { EvalItemInput, EvalSet } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { href } from '../router';
import { sharedStyles } from '../styles/shared-styles';
import { errorView } from './error-view';

/**
 * "Add to an evaluation set" for a question the docs failed (not covered, or rated down): adds it
 * to the named set (created if need be), expecting the page a visitor suggested when there is one,
 * so the next run shows whether a docs change fixed it.
 */
@customElement('add-to-eval-set')
export class AddToEvalSet extends LitElement {
  static override styles = [sharedStyles];

  /** The question as asked. */
  @property() question = '';
  /** The page the visitor suggested with a thumbs down, if any: the item's gold page. */
  @property() goldUrl = '';
  @state() private added?: EvalSet;
  @state() private error: Error | null = null;

  override render() {
    if (this.added)
      return html`<p role="status">
        Added to the evaluation set <a href=${href('eval-set', this.added.name)}>${this.added.name}</a>.
      </p>`;
    return html`<form class="row" @submit=${this.add} aria-label="Add to an evaluation set">
        <div>
          <label for="eval-set">Evaluation set</label>
          <input id="eval-set" name="set" required value="from-insights" />
        </div>
        <button type="submit" class="secondary">Add to an evaluation set</button>
      </form>
      ${this.error ? errorView(this.error) : nothing}`;
  }

  private async add(e: SubmitEvent) {
    e.preventDefault();
    const set = String(new FormData(e.target as HTMLFormElement).get('set') ?? '').trim();
    const item: EvalItemInput = {
      question: this.question,
      ...(this.goldUrl && { expect: { gold_urls: [this.goldUrl] } }),
    };
    this.error = null;
    try {
      this.added = await api.call<EvalSet>(`evals/${encodeURIComponent(set)}/import`, {
        method: 'POST',
        body: { format: 'jsonl', content: JSON.stringify(item) },
      });
    } catch (err) {
      this.error = err as Error;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'add-to-eval-set': AddToEvalSet;
  }
}
