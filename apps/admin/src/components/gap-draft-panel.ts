import { LitElement, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GapDraft, GapPullRequest, SourceRecord } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { href } from '../router';
import { sharedStyles } from '../styles/shared-styles';
import { errorView } from './error-view';

/**
 * "Draft a docs section" for a coverage gap (§16): drafts the Markdown (`POST /admin/gaps/draft`),
 * shows it with a download, and opens it as a pull request on one of the tenant's GitHub sources
 * (`POST /admin/gaps/pull-request`). Either adds the questions to the gap's evaluation set.
 */
@customElement('gap-draft-panel')
export class GapDraftPanel extends LitElement {
  static override styles = [sharedStyles];

  /** The cluster's question ids. */
  @property({ attribute: false }) questionIds: string[] = [];
  /** The cluster's label: the draft's title. */
  @property() label = '';
  @state() private draft?: GapDraft;
  @state() private sources: SourceRecord[] = [];
  @state() private opened?: GapPullRequest;
  @state() private error: Error | null = null;
  @state() private busy = false;

  override render() {
    if (!this.draft)
      return html`<button type="button" class="secondary" ?disabled=${this.busy} @click=${this.makeDraft}>
          Draft a docs section
        </button>
        ${errorView(this.error)}`;
    const github = this.sources.filter((s) => s.type === 'github');
    return html`<h3>Draft: ${this.draft.title}</h3>
      <p class="muted">
        Its questions are in the evaluation set
        <a href=${href('eval-set', this.draft.eval_set)}>${this.draft.eval_set}</a>.
      </p>
      <pre class="draft">${this.draft.markdown}</pre>
      <button type="button" class="secondary" @click=${this.download}>Download the draft</button>
      ${
        github.length
          ? html`<form class="row" @submit=${this.openPullRequest} aria-label="Open a pull request">
              <div>
                <label for="source">GitHub source</label>
                <select id="source" name="source_id">
                  ${github.map((s) => html`<option value=${s.id}>${s.repo}</option>`)}
                </select>
              </div>
              <div>
                <label for="path">File in the repository</label>
                <input id="path" name="path" required placeholder="docs/new-page.md" />
              </div>
              <button type="submit" ?disabled=${this.busy}>Open a pull request</button>
            </form>`
          : html`<p class="muted">Add a GitHub source to open the draft as a pull request.</p>`
      }
      ${
        this.opened
          ? html`<p role="status">
              Pull request opened:
              <a href=${this.opened.pull_request_url} target="_blank" rel="noopener"
                >${this.opened.pull_request_url}</a
              >
            </p>`
          : nothing
      }
      ${errorView(this.error)}`;
  }

  private async work(task: () => Promise<void>) {
    this.busy = true;
    this.error = null;
    try {
      await task();
    } catch (err) {
      this.error = err as Error;
    } finally {
      this.busy = false;
    }
  }

  private makeDraft() {
    return this.work(async () => {
      const [draft, sources] = await Promise.all([
        api.call<GapDraft>('admin/gaps/draft', {
          method: 'POST',
          body: { question_ids: this.questionIds, title: this.label || undefined },
        }),
        api.call<{ sources: SourceRecord[] }>('sources/').catch(() => ({ sources: [] })),
      ]);
      this.sources = sources.sources;
      this.draft = draft;
    });
  }

  private download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([this.draft!.markdown], { type: 'text/markdown' }));
    link.download = `${this.draft!.eval_set.replace(/^gap-/, '')}.md`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  }

  private openPullRequest(e: SubmitEvent) {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    return this.work(async () => {
      this.opened = await api.call<GapPullRequest>('admin/gaps/pull-request', {
        method: 'POST',
        body: {
          question_ids: this.questionIds,
          title: this.label || undefined,
          source_id: String(data.get('source_id')),
          path: String(data.get('path')).trim(),
        },
      });
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'gap-draft-panel': GapDraftPanel;
  }
}
