import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import type { SearchBoxResult } from '@docqa/contracts';
import { SEARCH_LABELS } from '@docqa/contracts/search-labels';
import { AnswerKitLoader } from './answer-kit-loader';
import { ChatController } from './chat-controller';
import { trapTab } from './focus-trap';
import { SearchController } from './search-controller';
import { searchStyles } from './search-styles';
import { fill, highlighted } from './search-text';
import type { Labels } from './settings';
import type { SettingsController } from './settings-controller';
import { styles } from './styles';
import type { TurnViewContext } from './turn-view';

/** One entry of the list: ask the query, open a result, or search a recent query again. */
type Entry =
  { kind: 'ask' } | { kind: 'result'; result: SearchBoxResult } | { kind: 'recent'; query: string };

/**
 * The search mode's modal (loaded when first opened): results while the visitor types, grouped
 * by page, the first entry asking the assistant, whose answer streams in the same modal. A
 * combobox: ↑/↓/Home/End move through the entries, Enter follows one, Tab stays in the modal;
 * its host, the widget, closes it on Escape and gives the focus back to the search field.
 *
 * @fires assistant-answer - An answer is complete; `detail` is the final question record.
 */
@customElement('assistant-search-dialog')
export class AssistantSearchDialog extends LitElement {
  static override styles = [styles, searchStyles];

  /** The widget's settings and API client. */
  @property({ attribute: false }) settings!: SettingsController;
  @property({ type: Boolean }) open = false;
  /** Asks the host to close the modal. */
  @property({ attribute: false }) onClose: () => void = () => undefined;

  @state() private view: 'results' | 'answer' = 'results';
  @state() private active = 0;
  @state() private followUp = '';
  @query('#search-input') private input?: HTMLInputElement;
  private search!: SearchController;
  private chat!: ChatController;
  private readonly answers = new AnswerKitLoader(this); // loaded with the first question
  private rendered?: SearchBoxResult[]; // the results last rendered

  override connectedCallback(): void {
    // The controllers read the settings, which the host sets before it connects this element.
    this.search ??= new SearchController(this, this.settings);
    this.chat ??= new ChatController(this, this.settings);
    super.connectedCallback();
    this.addEventListener('keydown', this.onTab);
  }

  /** Asks `text` in the modal, as the "Ask" entry does (`window.assistantPrompt`). */
  async askQuery(text: string): Promise<void> {
    const question = text.trim();
    if (!question) return;
    this.search.remember(question);
    this.view = 'answer';
    this.chat.newChat();
    this.answers.load();
    await this.chat.ask(question);
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('open') && this.open) this.input?.focus();
    // New results are in the DOM: what a page (or `npm run bench:widget`) times a search to.
    const { results, answered, query } = this.search;
    if (this.open && answered && answered === query && results !== this.rendered) {
      this.rendered = results;
      performance.mark('assistant-search-results', { detail: answered });
    }
    this.renderRoot.querySelector('[role=option][aria-selected=true]')?.scrollIntoView({ block: 'nearest' });
  }

  private readonly onTab = (e: KeyboardEvent): void => {
    const dialog = this.renderRoot.querySelector('.search-dialog');
    if (e.key === 'Tab' && dialog) trapTab(e, dialog, (this.renderRoot as ShadowRoot).activeElement);
  };

  /** The widget's texts with the search modal's and (once loaded) the answers' defaults under them. */
  private labels(): Labels & typeof SEARCH_LABELS {
    return { ...this.answers.kit?.ANSWER_LABELS, ...SEARCH_LABELS, ...this.settings.value.labels } as Labels &
      typeof SEARCH_LABELS;
  }

  private entries(): Entry[] {
    const { query, results, recent } = this.search;
    if (!query.trim()) return recent.map((q) => ({ kind: 'recent', query: q }));
    return [{ kind: 'ask' }, ...results.map((result) => ({ kind: 'result' as const, result }))];
  }

  private onInput(e: Event): void {
    this.view = 'results';
    this.active = 0;
    this.search.type((e.target as HTMLInputElement).value);
  }

  private onKeydown(e: KeyboardEvent): void {
    const count = this.entries().length;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(this.active + 1, count - 1),
      ArrowUp: Math.max(this.active - 1, 0),
      Home: 0,
      End: count - 1,
    };
    if (e.key in moves && count && this.view === 'results') {
      e.preventDefault();
      this.active = moves[e.key]!;
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const entry = this.entries()[this.active];
      if (entry) this.follow(entry);
      else if (this.search.query.trim()) void this.askQuery(this.search.query);
    }
  }

  private follow(entry: Entry): void {
    if (entry.kind === 'ask') return void this.askQuery(this.search.query);
    if (entry.kind === 'recent') {
      this.search.type(entry.query);
      this.active = 0;
      return;
    }
    this.search.remember(this.search.query);
    if (entry.result.url) location.assign(entry.result.url);
  }

  override render() {
    if (!this.open) return nothing;
    const labels = this.labels();
    const entries = this.entries();
    const activeId = this.view === 'results' && entries.length ? `search-entry-${this.active}` : nothing;
    return html`<div
      class="search-backdrop"
      @click=${(e: Event) => e.target === e.currentTarget && this.onClose()}
    >
      <div class="search-dialog" role="dialog" aria-modal="true" aria-label=${labels.SEARCH_TRIGGER}>
        <section class="panel">
          <div class="search-head">
            <input
              id="search-input"
              type="search"
              role="combobox"
              autocomplete="off"
              spellcheck="false"
              aria-label=${labels.SEARCH_PLACEHOLDER}
              aria-expanded=${this.view === 'results' && entries.length > 0}
              aria-controls="search-list"
              aria-autocomplete="list"
              aria-activedescendant=${activeId}
              placeholder=${labels.SEARCH_PLACEHOLDER}
              .value=${this.search.query}
              @input=${this.onInput}
              @keydown=${this.onKeydown}
            />
            <button type="button" class="close" @click=${() => this.onClose()}>${labels.SEARCH_CLOSE}</button>
          </div>
          <div class="visually-hidden" role="status" aria-live="polite">${this.announcement()}</div>
          ${this.view === 'answer' ? this.answerView() : this.resultsView(entries)}
        </section>
      </div>
    </div>`;
  }

  /** What a screen reader is told once results arrive: their count, or that none matched. */
  private announcement() {
    const labels = this.labels();
    const { answered, results, pending, query } = this.search;
    if (this.view !== 'results' || pending || !answered || answered !== query) return '';
    return results.length
      ? fill(labels.SEARCH_RESULTS, { count: results.length })
      : fill(labels.SEARCH_NO_RESULTS, { query: answered.trim() });
  }

  private resultsView(entries: Entry[]) {
    const labels = this.labels();
    const { query, problem, answered, results, pending, recent } = this.search;
    let status: unknown = nothing;
    if (problem) status = html`<p class="error" role="alert">${problem}</p>`;
    else if (!query.trim()) status = recent.length ? nothing : html`<p>${labels.SEARCH_HINT}</p>`;
    else if (answered === query && !results.length && !pending)
      status = html`<p>${fill(labels.SEARCH_NO_RESULTS, { query: query.trim() })}</p>`;
    const recentHead =
      !query.trim() && recent.length
        ? html`<div class="recent-head">
            <span id="search-recent">${labels.SEARCH_RECENT}</span>
            <button type="button" @click=${() => this.search.clearRecent()}>
              ${labels.SEARCH_CLEAR_RECENT}
            </button>
          </div>`
        : nothing;
    return html`<div class="search-body" aria-busy=${pending}>
      ${recentHead}
      ${
        entries.length
          ? html`<div role="listbox" id="search-list" aria-label=${labels.SEARCH_TRIGGER}>
              ${this.entryViews(entries)}
            </div>`
          : nothing
      }
      ${status}
    </div>`;
  }

  /** The entries, each result under its page's title (the first of its page's sections shows it). */
  private entryViews(entries: Entry[]) {
    const labels = this.labels();
    return entries.map((entry, i) => {
      const id = `search-entry-${i}`;
      const selected = i === this.active;
      const pick = (e: Event) => {
        if (entry.kind !== 'result') e.preventDefault();
        this.active = i;
        this.follow(entry);
      };
      if (entry.kind === 'ask')
        return html`<div role="option" id=${id} class="ask-entry" aria-selected=${selected} @click=${pick}>
          ${labels.SEARCH_ASK} “${this.search.query.trim()}”
        </div>`;
      if (entry.kind === 'recent')
        return html`<div role="option" id=${id} aria-selected=${selected} @click=${pick}>
          ${entry.query}
        </div>`;
      const { result } = entry;
      const previous = entries[i - 1];
      const newPage = previous?.kind !== 'result' || previous.result.document_id !== result.document_id;
      return html`${newPage ? html`<div class="page-title" role="presentation" dir="auto">${result.title}</div>` : nothing}
        <a
          role="option"
          id=${id}
          href=${result.url ?? '#'}
          tabindex="-1"
          aria-selected=${selected}
          @click=${pick}
        >
          <span class="path" dir="auto">${result.heading_path.join(' › ') || result.title}</span>
          <span class="snippet" dir="auto">${highlighted(result)}</span>
        </a>`;
    });
  }

  private answerView() {
    const labels = this.labels();
    const context: TurnViewContext = {
      labels,
      changed: () => {
        this.requestUpdate();
        return this.updateComplete;
      },
      rate: (turn, rating, details, url) => this.chat.rate(turn, rating, details, url),
      reveal: (_turn, _n, id) => (this.renderRoot as ShadowRoot).getElementById(id)?.focus(),
    };
    const submit = (e: Event) => {
      e.preventDefault();
      if (this.chat.busy || !this.followUp.trim()) return;
      const text = this.followUp;
      this.followUp = '';
      void this.chat.ask(text);
    };
    return html`<div class="messages" aria-live="polite" aria-busy=${this.chat.busy}>
        <button type="button" class="back" @click=${() => ((this.view = 'results'), this.input?.focus())}>
          ← ${labels.SEARCH_BACK}
        </button>
        ${this.answers.turns(this.chat.turns, 'search-turn', context)}
      </div>
      ${this.chat.refusal ? html`<p class="error refusal" role="alert">${this.chat.refusal}</p>` : nothing}
      <form class="ask" @submit=${submit}>
        <input
          name="question"
          autocomplete="off"
          aria-label=${labels.SEARCH_FOLLOW_UP}
          placeholder=${labels.SEARCH_FOLLOW_UP}
          .value=${this.followUp}
          @input=${(e: Event) => (this.followUp = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" ?disabled=${this.chat.busy}>${labels.ASK_BUTTON ?? 'Ask'}</button>
      </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'assistant-search-dialog': AssistantSearchDialog;
  }
}
