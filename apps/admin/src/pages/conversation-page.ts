import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { ConversationDetail, ConversationTurn } from '@docqa/contracts';
import { renderMarkdown } from '@docqa/answer-markdown';
import '../components/add-to-eval-set';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { loadFailedView } from '../components/error-view';
import { formatDate, formatMs } from '../format';
import { LoadController } from '../load-controller';
import { href, withQuery } from '../router';
import { sharedStyles } from '../styles/shared-styles';

/**
 * One chat (`GET /admin/conversations/{chat_id}`): each question with its answer (Markdown,
 * sanitised as the widget does, its `[n]` markers linked to the numbered sources), sources and
 * feedback.
 */
@customElement('conversation-page')
export class ConversationPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .answer {
        overflow-wrap: anywhere;
        background: var(--surface-2);
        border-radius: 6px;
        padding: 0.75rem;
      }
      .answer > :first-child {
        margin-top: 0;
      }
      .answer > :last-child {
        margin-bottom: 0;
      }
      .answer pre {
        background: var(--surface);
      }
      a.cite {
        text-decoration: none;
        font-weight: 600;
      }
      .question {
        font-weight: 600;
        font-size: 1.05rem;
      }
      ul.sources {
        list-style: none;
        padding-left: 0;
      }
      /* A visitor's feedback keeps the lines it was written in. */
      blockquote {
        white-space: pre-line;
      }
    `,
  ];

  /** The chat's id. */
  @property() chatId = '';
  /** The address's query: the filters of the list the chat was opened from, kept for the way back. */
  @property({ attribute: false }) query = new URLSearchParams();
  private readonly chat = new LoadController(
    this,
    ([id], signal) =>
      api.call<ConversationDetail>(`admin/conversations/${encodeURIComponent(id)}`, { signal }),
    () => [this.chatId, session.tenant] as const,
  );

  override render() {
    const chat = this.chat.value;
    return html`<p><a href=${withQuery(href('conversations'), this.query)}>← Conversations</a></p>
      <h1 tabindex="-1">Conversation</h1>
      <p class="muted"><code>${this.chatId}</code></p>
      ${this.chat.status === 'error' ? loadFailedView(this.chat.error, 'Conversations') : nothing}
      ${this.chat.status === 'pending' ? html`<p role="status">Loading…</p>` : nothing}
      ${
        chat && this.chat.status === 'complete'
          ? html`${
              chat.source === 'log'
                ? html`<p class="muted">
                    The answers of this chat have expired; the question log still holds its questions.
                  </p>`
                : nothing
            }
            ${chat.questions.map((t, i) => this.turn(t, i + 1))}`
          : nothing
      }`;
  }

  private turn(t: ConversationTurn, n: number) {
    // Source n of the answer's [n] markers is the answer's n-th source.
    const numbered = t.sources.map((source, i) => ({ source, n: i + 1 }));
    const cited = numbered.filter((s) => s.source.cited);
    const other = numbered.filter((s) => !s.source.cited);
    const idOf = (source: number) => `q${n}-source-${source}`;
    return html`<article class="card" aria-labelledby="q${n}">
      <p class="question" id="q${n}">${t.text}</p>
      <p class="muted">
        ${formatDate(t.asked_at)} · ${t.channel} · ${t.status}
        ${t.version ? html` · version <span class="badge">${t.version}</span>` : nothing}
        ${t.page_url ? html` · asked on <a href=${t.page_url} rel="noopener noreferrer" target="_blank">${t.page_url}</a>` : nothing}
        ${t.not_covered ? html` · <span class="badge">not covered</span>` : nothing} · first words
        ${formatMs(t.first_partial_ms)} · ready ${formatMs(t.ready_ms)}
      </p>
      ${
        t.status === 'failed'
          ? html`<p class="muted">
              ${t.answer ? 'Answering this question failed partway: the answer stops where it failed.' : 'No answer: answering this question failed.'}
            </p>`
          : nothing
      }
      ${
        t.answer
          ? html`<h2 class="visually-hidden">Answer</h2>
              <div class="answer" @click=${this.followCitation}>
                ${unsafeHTML(
                  renderMarkdown(t.answer, {
                    citations: {
                      count: t.sources.length,
                      idOf,
                      labelOf: (source) => t.sources[source - 1]!.title,
                    },
                    copyButtons: false,
                    rawHtml: 'text',
                  }),
                )}
              </div>`
          : nothing
      }
      ${
        cited.length
          ? html`<h3>Documents in response</h3>
              ${this.sources(cited, idOf)}`
          : nothing
      }
      ${
        other.length
          ? html`<h3>Other documents</h3>
              ${this.sources(other, idOf)}`
          : nothing
      }
      <h3>Feedback</h3>
      ${
        t.feedback
          ? html`<p><span class="badge">${t.feedback.rating === 'up' ? 'Thumbs up' : 'Thumbs down'}</span></p>
              ${t.feedback.details ? html`<blockquote>${t.feedback.details}</blockquote>` : nothing}
              ${t.feedback.url ? html`<p>Suggested page: <a href=${t.feedback.url} rel="noopener noreferrer" target="_blank">${t.feedback.url}</a></p>` : nothing}`
          : html`<p class="muted">None given.</p>`
      }
      ${
        t.not_covered || t.feedback?.rating === 'down'
          ? html`<add-to-eval-set .question=${t.text} .goldUrl=${t.feedback?.url ?? ''}></add-to-eval-set>`
          : nothing
      }
    </article>`;
  }

  /** A `[n]` marker followed: its source's entry comes into view and takes the focus. */
  private followCitation(e: MouseEvent): void {
    const cite = (e.target as Element).closest<HTMLAnchorElement>('a.cite');
    if (!cite) return;
    e.preventDefault();
    const entry = this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(cite.hash.slice(1))}`);
    entry?.scrollIntoView({ block: 'nearest' });
    entry?.focus();
  }

  private sources(
    sources: { source: ConversationTurn['sources'][number]; n: number }[],
    idOf: (n: number) => string,
  ) {
    return html`<ul class="sources">
      ${sources.map(
        ({ source: s, n }) =>
          html`<li id=${idOf(n)} tabindex="-1">
            [${n}] <a href=${href('document', s.document_id)}>${s.title}</a>
            ${s.url ? html` · <a href=${s.url} rel="noopener noreferrer" target="_blank">page</a>` : nothing}
          </li>`,
      )}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'conversation-page': ConversationPage;
  }
}
