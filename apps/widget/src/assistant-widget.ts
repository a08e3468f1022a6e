import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { AnswerEvent, QuestionRecord, Source } from '@docqa/contracts';
import { WidgetApi, WidgetError } from './api-client';
import {
  initialSelection,
  requestFilters,
  resolveSettings,
  type ResolvedSettings,
  type WidgetConfig,
} from './settings';
import { styles } from './styles';

interface Turn {
  question: string;
  id?: string;
  answer: string;
  sources: Source[];
  done: boolean;
  error?: string;
  rated?: 'up' | 'down';
  feedbackOpen?: boolean;
  showOther?: boolean;
}

/**
 * The docqa assistant: asks questions of the docs and streams cited answers, in a popup or inline,
 * in chat or question mode.
 *
 * @cssprop --assistant-widget-bg - Background. @cssprop --assistant-widget-text - Text.
 * @cssprop --assistant-widget-accent - Links, highlights. (All variables of the integration guide.)
 * @fires assistant-answer - When an answer is complete; `detail` is the question record.
 */
@customElement('assistant-widget')
export class AssistantWidget extends LitElement {
  static override styles = styles;

  /** The page's settings (`window.ASSISTANT_WIDGET`). */
  @property({ attribute: false }) config: Partial<WidgetConfig> = {};

  @state() private settings: ResolvedSettings = resolveSettings({});
  @state() private turns: Turn[] = [];
  @state() private open = false;
  @state() private busy = false;
  @state() private selected: Record<string, string[]> = {};
  @state() private input = '';
  @query('.trigger') private trigger?: HTMLButtonElement;
  @query('input[name=question]') private questionInput?: HTMLInputElement;

  private api?: WidgetApi;
  /** Loaded with the first answer: Markdown and the sanitiser are not in the initial module. */
  private markdown?: (text: string) => string;
  private chatId?: string;
  private abort = new AbortController();

  override connectedCallback(): void {
    super.connectedCallback();
    this.abort = new AbortController();
    this.settings = resolveSettings(this.config);
    this.selected = initialSelection(this.settings);
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort.abort();
  }

  /** Submits `text` as if typed and sent (window.assistantPrompt). */
  prompt(text: string): void {
    if (this.settings.popup) this.open = true;
    void this.ask(text);
  }

  private log = (...args: unknown[]) => {
    if (this.settings.debug) console.debug('[assistant-widget]', ...args);
  };

  private get storageKey(): string {
    return `docqa:${this.settings.api_url}`;
  }

  private async start(): Promise<void> {
    const page = this.config;
    if (!page.api_url || !page.api_token) {
      this.turns = [
        {
          question: '',
          answer: '',
          sources: [],
          done: true,
          error: 'The assistant needs api_url and api_token in window.ASSISTANT_WIDGET.',
        },
      ];
      return;
    }
    this.api = new WidgetApi(resolveSettings(page).api_url, page.api_token, this.log);
    try {
      this.settings = resolveSettings(page, await this.api.settings(this.abort.signal));
      this.selected = initialSelection(this.settings);
      this.log('settings', this.settings);
      if (this.settings.mode === 'chat') await this.restore();
    } catch (err) {
      this.fail(err);
    }
  }

  /** Restores the chat (and resumes an answer cut off by a reload). */
  private async restore(): Promise<void> {
    this.chatId = localStorage.getItem(`${this.storageKey}:chat`) ?? undefined;
    if (!this.chatId || !this.api) return;
    try {
      const chat = await this.api.conversation(this.chatId, this.abort.signal);
      this.turns = chat.questions.map((q) => turnOf(q));
    } catch {
      localStorage.removeItem(`${this.storageKey}:chat`);
      this.chatId = undefined;
      return;
    }
    const pending = JSON.parse(sessionStorage.getItem(`${this.storageKey}:pending`) ?? 'null') as {
      id: string;
      last?: string;
    } | null;
    const turn = pending && this.turns.find((t) => t.id === pending.id);
    if (turn && !turn.done) await this.follow(turn, { questionId: turn.id!, lastEventId: pending.last });
  }

  private async ask(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy || !this.api) return;
    this.input = '';
    const turn: Turn = { question, answer: '', sources: [], done: false };
    this.turns = this.settings.mode === 'chat' ? [...this.turns, turn] : [turn];
    const chatId = this.settings.mode === 'chat' ? this.chatId : undefined;
    await this.follow(turn, {
      question,
      chat_id: chatId,
      filters: requestFilters(this.settings, this.selected),
    });
  }

  private async follow(turn: Turn, target: Parameters<WidgetApi['stream']>[0]): Promise<void> {
    this.busy = true;
    const pendingKey = `${this.storageKey}:pending`;
    try {
      await this.api!.stream(
        target,
        (event, id) => this.apply(turn, event, id, pendingKey),
        this.abort.signal,
      );
    } catch (err) {
      if ((err as Error).name !== 'AbortError')
        turn.error = err instanceof WidgetError ? err.message : 'Something went wrong. Please try again.';
    } finally {
      turn.done = true;
      this.busy = false;
      sessionStorage.removeItem(pendingKey);
      this.requestUpdate();
    }
  }

  private apply(turn: Turn, event: AnswerEvent, id: string | undefined, pendingKey: string): void {
    if (event.type === 'question') {
      turn.id = event.data.question_id;
      if (this.settings.mode === 'chat') {
        this.chatId = event.data.chat_id;
        localStorage.setItem(`${this.storageKey}:chat`, this.chatId);
      }
    } else if (event.type === 'status' && event.data.restarted) turn.answer = '';
    else if (event.type === 'delta') turn.answer += event.data.text;
    else if (event.type === 'sources') turn.sources = event.data.sources;
    else if (event.type === 'done') {
      Object.assign(turn, turnOf(event.data.record));
      this.dispatchEvent(
        new CustomEvent('assistant-answer', { detail: event.data.record, bubbles: true, composed: true }),
      );
    } else if (event.type === 'error') turn.error = event.data.problem.detail ?? event.data.problem.title;
    if (turn.id) sessionStorage.setItem(pendingKey, JSON.stringify({ id: turn.id, last: id }));
    this.requestUpdate();
  }

  private fail(err: unknown): void {
    const message = err instanceof WidgetError ? err.message : 'The assistant could not start.';
    this.turns = [...this.turns, { question: '', answer: '', sources: [], done: true, error: message }];
  }

  private newChat(): void {
    localStorage.removeItem(`${this.storageKey}:chat`);
    this.chatId = undefined;
    this.turns = [];
    this.questionInput?.focus();
  }

  private async rate(turn: Turn, rating: 'up' | 'down', details?: string, url?: string): Promise<void> {
    if (!turn.id || !this.api) return;
    try {
      await this.api.feedback(turn.id, { rating, details: details || undefined, url: url || undefined });
      turn.rated = rating;
      turn.feedbackOpen = false;
    } catch (err) {
      turn.error = err instanceof WidgetError ? err.message : 'Could not send the feedback.';
    }
    this.requestUpdate();
  }

  private toggle(open: boolean): void {
    this.open = open;
    if (open) void this.updateComplete.then(() => this.questionInput?.focus());
    else void this.updateComplete.then(() => this.trigger?.focus());
  }

  private onDialogKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.toggle(false);
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [
      ...this.renderRoot.querySelectorAll<HTMLElement>(
        '.dialog button, .dialog input, .dialog select, .dialog textarea, .dialog a[href]',
      ),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    const active = (this.renderRoot as ShadowRoot).activeElement;
    if (e.shiftKey && active === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const pre of this.renderRoot.querySelectorAll('.answer pre:not([data-copy])')) {
      pre.setAttribute('data-copy', '');
      const button = document.createElement('button');
      button.className = 'copy';
      button.type = 'button';
      button.textContent = 'Copy';
      button.addEventListener('click', () => {
        void navigator.clipboard?.writeText(pre.querySelector('code')?.textContent ?? pre.textContent ?? '');
        button.textContent = 'Copied';
      });
      pre.append(button);
    }
    const list = this.renderRoot.querySelector('.messages');
    if (list && changed.has('turns')) list.scrollTop = list.scrollHeight;
  }

  protected override willUpdate(): void {
    if (!this.markdown && this.turns.some((t) => t.answer)) {
      void import('./markdown').then((m) => {
        this.markdown = m.renderMarkdown;
        this.requestUpdate();
      });
    }
  }

  override render() {
    const { labels, popup } = this.settings;
    if (!popup) return html`<div class="inline">${this.panel()}</div>`;
    return html`
      <button
        class="trigger"
        type="button"
        title=${labels.POPUP_TRIGGER_TITLE}
        aria-label=${labels.POPUP_TRIGGER_TITLE}
        aria-haspopup="dialog"
        aria-expanded=${this.open}
        @click=${() => this.toggle(!this.open)}
      >
        ${CHAT_ICON}
      </button>
      ${this.open ? html`<div class="dialog" role="dialog" aria-modal="true" aria-label=${labels.POPUP_TITLE} @keydown=${this.onDialogKey}>${this.panel()}</div>` : nothing}
    `;
  }

  private panel() {
    const { labels, mode, examples, logo_url, popup } = this.settings;
    return html`<section class="panel">
      <header>
        ${logo_url ? html`<img src=${logo_url} alt="" />` : nothing}
        <h2>${labels.POPUP_TITLE}</h2>
        ${mode === 'chat' && this.turns.length ? html`<button type="button" class="new-chat" @click=${this.newChat}>${labels.NEW_CHAT_BUTTON}</button>` : nothing}
        ${popup ? html`<button type="button" class="close" aria-label="Close" @click=${() => this.toggle(false)}>×</button>` : nothing}
      </header>
      ${this.filters()}
      <div class="messages" aria-live="polite" aria-busy=${this.busy}>
        ${
          !this.turns.length && examples.length
            ? html`<div class="examples">
                ${examples.map((e) => html`<button type="button" class="example" @click=${() => this.ask(e)}>${e}</button>`)}
              </div>`
            : nothing
        }
        ${this.turns.map((t) => this.turn(t))}
      </div>
      <form
        class="ask"
        @submit=${(e: Event) => {
          e.preventDefault();
          void this.ask(this.input);
        }}
      >
        <label class="visually-hidden" for="q">${labels.CHAT_PLACEHOLDER}</label>
        <input
          id="q"
          name="question"
          autocomplete="off"
          .value=${this.input}
          placeholder=${labels.CHAT_PLACEHOLDER}
          @input=${(e: Event) => (this.input = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" ?disabled=${this.busy}>Ask</button>
      </form>
    </section>`;
  }

  private filters() {
    if (!this.settings.filters.length) return nothing;
    return html`<div class="filters">
      ${this.settings.filters.map(
        (f) =>
          html`<label
            >${f.title}
            <select
              ?multiple=${f.widget === 'multiple'}
              data-property=${f.property}
              @change=${(e: Event) => {
                const values = [...(e.target as HTMLSelectElement).selectedOptions]
                  .map((o) => o.value)
                  .filter(Boolean);
                this.selected = { ...this.selected, [f.property]: values };
              }}
            >
              ${f.widget === 'single' ? html`<option value="">—</option>` : nothing}
              ${f.choices.map((c) => html`<option value=${c.value} ?selected=${(this.selected[f.property] ?? []).includes(c.value)}>${c.label}</option>`)}
            </select></label
          >`,
      )}
    </div>`;
  }

  private turn(t: Turn) {
    const { labels } = this.settings;
    const cited = t.sources.filter((s) => s.cited);
    const other = t.sources.filter((s) => !s.cited);
    return html`<article class="turn">
      ${t.question ? html`<div class="question">${t.question}</div>` : nothing}
      ${t.answer ? html`<div class="answer">${this.markdown ? unsafeHTML(this.markdown(t.answer)) : t.answer}</div>` : nothing}
      ${!t.done && !t.answer ? html`<div class="answer" role="status">…</div>` : nothing}
      ${t.error ? html`<div class="error" role="alert">${t.error}</div>` : nothing}
      ${
        t.done && t.sources.length
          ? html`<div class="sources">
              ${
                cited.length
                  ? html`<h3>${labels.DOCUMENTS_IN}</h3>
                      <ul>
                        ${cited.map(sourceItem)}
                      </ul>`
                  : nothing
              }
              ${
                other.length
                  ? html`<h3>${labels.DOCUMENTS_OTHER}</h3>
                      <button
                        type="button"
                        class="collapse"
                        aria-expanded=${!!t.showOther}
                        @click=${() => {
                          t.showOther = !t.showOther;
                          this.requestUpdate();
                        }}
                      >
                        ${t.showOther ? labels.COLLAPSE_HIDE : labels.COLLAPSE_SHOW}
                      </button>
                      ${
                        t.showOther
                          ? html`<ul>
                              ${other.map(sourceItem)}
                            </ul>`
                          : nothing
                      }`
                  : nothing
              }
            </div>`
          : nothing
      }
      ${t.done && t.id && !t.error ? this.feedback(t) : nothing}
    </article>`;
  }

  private feedback(t: Turn) {
    const { labels } = this.settings;
    if (t.rated) return html`<div class="actions" role="status">Thanks for the feedback.</div>`;
    return html`<div class="actions">
        <button type="button" aria-label="Good answer" @click=${() => this.rate(t, 'up')}>${THUMB}</button>
        <button
          type="button"
          class="down"
          aria-label="Bad answer"
          aria-expanded=${!!t.feedbackOpen}
          @click=${() => {
            t.feedbackOpen = true;
            this.requestUpdate();
          }}
        >
          ${THUMB}
        </button>
      </div>
      ${
        t.feedbackOpen
          ? html`<form
              class="feedback"
              @submit=${(e: Event) => {
                e.preventDefault();
                const form = e.target as HTMLFormElement;
                void this.rate(
                  t,
                  'down',
                  (form.elements.namedItem('details') as HTMLTextAreaElement).value,
                  (form.elements.namedItem('url') as HTMLInputElement).value,
                );
              }}
            >
              <textarea
                name="details"
                aria-label="What should the answer say?"
                placeholder=${labels.DOWN_RATE_DETAILS_PLACEHOLDER}
              ></textarea>
              <input
                name="url"
                type="url"
                aria-label="Page with the right answer"
                placeholder=${labels.DOWN_RATE_URL_PLACEHOLDER}
              />
              <button type="submit">${labels.DOWN_RATE_BUTTON}</button>
            </form>`
          : nothing
      }`;
  }
}

const THUMB = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"/></svg>`;
const CHAT_ICON = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zm-7 12h-2v-2h2v2zm1.1-4.6-.6.6c-.5.5-.5 1.1-.5 2h-2v-.5c0-1.1.4-1.6 1.1-2.3l.9-.9c.3-.3.4-.7.4-1.1a1.5 1.5 0 0 0-3 0H8.5a3.5 3.5 0 0 1 7 0c0 .9-.4 1.6-1.4 2.2z"/></svg>`;

function sourceItem(s: Source) {
  return html`<li>
    ${s.url ? html`<a href=${safeUrl(s.url)} target="_blank" rel="noopener noreferrer">${s.title}</a>` : s.title}
  </li>`;
}

function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}

function turnOf(q: QuestionRecord): Turn {
  return {
    question: q.text,
    id: q.id,
    answer: q.response,
    sources: q.sources,
    done: q.is_ready,
    error: q.error?.detail,
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'assistant-widget': AssistantWidget;
  }
}
