import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ConversationDetail, ConversationTurn } from '@docqa/contracts';
import { api } from '../api/admin-api';
import { session } from '../api/session';
import { loadFailedView } from '../components/error-view';
import { formatDate, formatMs } from '../format';
import { LoadController } from '../load-controller';
import { href } from '../router';
import { sharedStyles } from '../styles/shared-styles';

/** One chat (`GET /admin/conversations/{chat_id}`): each question with its answer, sources and feedback. */
@customElement('conversation-page')
export class ConversationPage extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      .answer {
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        background: var(--surface-2);
        border-radius: 6px;
        padding: 0.75rem;
      }
      .question {
        font-weight: 600;
        font-size: 1.05rem;
      }
      ul.sources {
        padding-left: 1.2rem;
      }
    `,
  ];

  /** The chat's id. */
  @property() chatId = '';
  private readonly chat = new LoadController(
    this,
    ([id], signal) =>
      api.call<ConversationDetail>(`admin/conversations/${encodeURIComponent(id)}`, { signal }),
    () => [this.chatId, session.tenant] as const,
  );

  override render() {
    const chat = this.chat.value;
    return html`<p><a href=${href('conversations')}>← Conversations</a></p>
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
    const cited = t.sources.filter((s) => s.cited);
    const other = t.sources.filter((s) => !s.cited);
    return html`<article class="card" aria-labelledby="q${n}">
      <p class="question" id="q${n}">${t.text}</p>
      <p class="muted">
        ${formatDate(t.asked_at)} · ${t.channel} · ${t.status}
        ${t.not_covered ? html` · <span class="badge">not covered</span>` : nothing} · first words
        ${formatMs(t.first_partial_ms)} · ready ${formatMs(t.ready_ms)}
      </p>
      ${
        t.answer !== null
          ? html`<h2 class="visually-hidden">Answer</h2>
              <div class="answer">${t.answer}</div>`
          : nothing
      }
      ${
        cited.length
          ? html`<h3>Documents in response</h3>
              ${this.sources(cited)}`
          : nothing
      }
      ${
        other.length
          ? html`<h3>Other documents</h3>
              ${this.sources(other)}`
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
    </article>`;
  }

  private sources(sources: ConversationTurn['sources']) {
    return html`<ul class="sources">
      ${sources.map(
        (s) =>
          html`<li>
            <a href=${href('document', s.document_id)}>${s.title}</a>
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
