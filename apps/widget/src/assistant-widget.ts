import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { isLogoUrl } from '@docqa/contracts/constants';
import { ChatController } from './chat-controller';
import { trapTab } from './focus-trap';
import { SettingsController } from './settings-controller';
import { versionPicker } from './version-picker';
import type { WidgetConfig } from './settings';
import { styles } from './styles';
import { isRtl } from './locale';
import { SearchMode, searchTriggerStyles } from './search-mode';
import { ShortcutController } from './shortcut-controller';
import type { Turn } from './turn';
import type { TurnViewContext } from './turn-view';
import { AnswerKitLoader } from './answer-kit-loader';

/**
 * The docqa assistant: asks questions of the docs and streams cited answers, in a popup or inline,
 * in chat or question mode. Settings and network work live in its controllers
 * ({@link SettingsController}, {@link ChatController}); Ctrl/Cmd-K opens it
 * ({@link ShortcutController}).
 *
 * @fires assistant-answer - An answer is complete; `detail` is the final question record.
 *
 * @cssprop [--assistant-widget-bg=#ffffff] - Background.
 * @cssprop [--assistant-widget-text=#1a1a1a] - Text.
 * @cssprop [--assistant-widget-primary=#e7ebe9] - Buttons, inputs, the visitor's questions.
 * @cssprop [--assistant-widget-secondary=#5a5a5a] - Icons, secondary text.
 * @cssprop [--assistant-widget-accent=#007bff] - Links, highlights, the popup button, focus rings.
 * @cssprop [--assistant-widget-border=#e0e0e0] - Borders.
 * @cssprop [--assistant-widget-hover=#f5f5f5] - Hover background.
 * @cssprop [--assistant-widget-shadow-color=#0000001a] - Colour of the default shadow.
 * @cssprop [--assistant-widget-shadow=var(--assistant-widget-shadow-color) 0px 2px 8px 0px] - Shadow of the panel and the popup button.
 * @cssprop [--assistant-widget-bg-opacity=1] - Opacity of the background only (text stays opaque).
 * @cssprop [--assistant-example-bg=#f8f9fa] - Example question background.
 * @cssprop [--assistant-example-text=#495057] - Example question text.
 * @cssprop [--assistant-example-border=#dee2e6] - Example question border.
 * @cssprop [--assistant-example-shadow=0px 1px 2px 0px rgba(0, 0, 0, 0.05)] - Example question shadow.
 * @cssprop [--assistant-actions-opacity=0.8] - Opacity of the thumbs up/down buttons.
 * @cssprop [--assistant-answer-code-bg=#f6f8fa] - Code block background.
 */
@customElement('assistant-widget')
export class AssistantWidget extends LitElement {
  static override styles = [styles, searchTriggerStyles];

  /** The page's settings (`window.ASSISTANT_WIDGET`); read when the element connects. */
  @property({ attribute: false }) config: Partial<WidgetConfig> = {};

  @state() private open = false;
  @state() private input = '';
  @query('.trigger') private trigger?: HTMLButtonElement;
  @query('input[name=question]') private questionInput?: HTMLInputElement;

  // The chat controller reads the settings controller's `ready`: it must come second.
  private readonly settings = new SettingsController(this, () => this.config);
  private readonly chat = new ChatController(this, this.settings);
  private readonly search = new SearchMode(this, this.settings, (open) => (this.open = open));
  /** Markdown, an answer's views and texts: loaded when the chat opens or gets the focus, or an answer comes. */
  private readonly answers = new AnswerKitLoader(this);
  private shownTurns = 0;
  /**
   * Whether the message list follows the newest answer as it grows: down to the start of that
   * answer, never past it, and only until the visitor scrolls the list or the answer is complete.
   */
  private following = true;
  /** Where the widget last scrolled the list to (a different position means the visitor scrolled). */
  private scrolledTo = 0;

  constructor() {
    super();
    new ShortcutController(this, () => this.summon());
    this.addEventListener('keydown', this.onKey);
    // The chat is about to be used: its answers' kit loads now, not after the question.
    this.addEventListener('focusin', () => {
      if (this.settings.value.mode !== 'search') this.answers.load();
    });
  }

  /** Submits `text` as if typed and sent (`window.assistantPrompt`), once the settings are loaded. */
  prompt(text: string): Promise<void> {
    if (this.settings.value.mode === 'search') return this.search.ask(text);
    if (this.settings.value.popup) this.toggle(true);
    return this.ask(text);
  }

  private submit(e: Event): void {
    e.preventDefault();
    if (this.chat.busy) return;
    const text = this.input;
    this.input = '';
    void this.ask(text);
  }

  /**
   * Asks `text`. A question that was not asked (too long, refused by the API) goes to the question
   * field, unless another is being typed there, to be corrected or sent again.
   */
  private async ask(text: string): Promise<void> {
    if (!(await this.chat.ask(text)) && !this.input) this.input = text;
  }

  /**
   * Asks an example question. The examples go as it is asked: the focus moves to the question field
   * first, or it would fall out of the popup with them (and Escape would no longer close it); not
   * after a tap, where the field's focus would bring the on-screen keyboard up over the answer.
   */
  private askExample(event: PointerEvent, text: string): void {
    if (event.pointerType !== 'touch') this.questionInput?.focus();
    void this.ask(text);
  }

  private newChat(): void {
    this.chat.newChat();
    this.questionInput?.focus();
  }

  private toggle(open: boolean): void {
    if (this.settings.value.mode === 'search') return open ? void this.search.open() : this.search.close();
    this.open = open;
    if (open) this.answers.load();
    // A reopened dialog shows the newest answer from its start.
    if (open) this.following = true;
    void this.updateComplete.then(() => (open ? this.questionInput : this.trigger)?.focus());
  }

  /** Ctrl/Cmd-K: opens the popup, or brings the inline widget's question field into view. */
  private summon(): void {
    if (this.settings.value.popup && !this.open) return this.toggle(true);
    if (this.settings.value.mode === 'search') return this.toggle(true);
    this.questionInput?.scrollIntoView({ block: 'nearest' });
    this.questionInput?.focus();
  }

  /** Scrolls to source `n` of a turn (opening "Other documents" if it is there) and focuses it. */
  private async reveal(turn: Turn, n: number, id: string): Promise<void> {
    if (!turn.sources[n - 1]?.cited && !turn.showOther) {
      turn.showOther = true;
      this.requestUpdate();
      await this.updateComplete;
    }
    const entry = (this.renderRoot as ShadowRoot).getElementById(id);
    entry?.scrollIntoView({ block: 'nearest' });
    entry?.focus({ preventScroll: true });
  }

  /**
   * Escape closes the popup and Tab stays in it, wherever the focus is in the widget: listened to
   * on the host, since the focused control may be one that a turn replaces as it is used.
   */
  private readonly onKey = (e: KeyboardEvent): void => {
    if (!this.open) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.toggle(false);
      return;
    }
    const dialog = this.renderRoot.querySelector('.dialog');
    if (e.key === 'Tab' && dialog) trapTab(e, dialog, (this.renderRoot as ShadowRoot).activeElement);
  };

  protected override willUpdate(): void {
    // The interface's language, for screen readers and the layout's direction (Arabic: right to left).
    const { locale } = this.settings.value;
    this.lang = locale;
    this.dir = isRtl(locale) ? 'rtl' : 'ltr';
    const list = this.renderRoot?.querySelector('.messages');
    if (this.chat.turns.length !== this.shownTurns) this.following = true;
    else if (list && Math.abs(list.scrollTop - this.scrolledTo) > 1) this.following = false;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.shownTurns = this.chat.turns.length;
    const list = this.renderRoot.querySelector<HTMLElement>('.messages');
    const newest = list?.querySelector<HTMLElement>('.turn:last-of-type');
    if (!list || !newest || !this.following) return;
    // The newest turn's top at the top of the list (less its padding), or the end if it all fits.
    const top = newest.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    const padding = parseFloat(getComputedStyle(list).paddingTop) || 0;
    list.scrollTop = Math.min(top - padding, list.scrollHeight - list.clientHeight);
    this.scrolledTo = list.scrollTop;
    // A complete answer leaves the list to the visitor: opening its feedback form does not move it.
    if (this.chat.turns.at(-1)?.done) this.following = false;
  }

  override render() {
    const { labels, popup, mode } = this.settings.value;
    if (mode === 'search') return this.search.render(this.open);
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
      ${
        this.open
          ? html`<div class="dialog" role="dialog" aria-modal="true" aria-label=${labels.POPUP_TITLE}>
              ${this.panel()}
            </div>`
          : nothing
      }
    `;
  }

  private panel() {
    const { labels, mode, examples, logo_url, popup } = this.settings.value;
    const { turns, busy } = this.chat;
    // A refusal the settings' error already shows (the page is not allowed) is not said twice.
    const refusal = this.chat.refusal !== this.settings.error ? this.chat.refusal : undefined;
    const context: TurnViewContext = {
      labels: { ...this.answers.kit?.ANSWER_LABELS, ...labels },
      changed: () => {
        this.requestUpdate();
        return this.updateComplete;
      },
      rate: (turn, rating, details, url) => this.chat.rate(turn, rating, details, url),
      reveal: (turn, n, id) => void this.reveal(turn, n, id),
    };
    return html`<section class="panel">
      <header>
        ${logo_url && isLogoUrl(logo_url) ? html`<img src=${logo_url} alt="" />` : nothing}
        <h2>${labels.POPUP_TITLE}</h2>
        ${mode === 'chat' && turns.length ? html`<button type="button" class="new-chat" @click=${this.newChat}>${labels.NEW_CHAT_BUTTON}</button>` : nothing}
        ${popup ? html`<button type="button" class="close" aria-label=${labels.CLOSE_BUTTON ?? 'Close'} @click=${() => this.toggle(false)}>×</button>` : nothing}
      </header>
      ${versionPicker(this.settings)} ${this.filters()}
      <div class="messages" aria-live="polite" aria-busy=${busy}>
        ${this.settings.error ? html`<div class="error" role="alert">${this.settings.error}</div>` : nothing}
        ${
          !turns.length && examples.length
            ? html`<div class="examples">
                ${examples.map((e) => html`<button type="button" class="example" @click=${(event: PointerEvent) => this.askExample(event, e)}>${e}</button>`)}
              </div>`
            : nothing
        }
        ${this.answers.turns(turns, 'turn', context)}
      </div>
      ${refusal ? html`<p class="error refusal" id="q-refusal" role="alert">${refusal}</p>` : nothing}
      <form class="ask" @submit=${this.submit}>
        <label class="visually-hidden" for="q">${labels.CHAT_PLACEHOLDER}</label>
        <input
          id="q"
          name="question"
          autocomplete="off"
          aria-invalid=${refusal ? 'true' : nothing}
          aria-describedby=${refusal ? 'q-refusal' : nothing}
          .value=${this.input}
          placeholder=${labels.CHAT_PLACEHOLDER}
          @input=${(e: Event) => (this.input = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" ?disabled=${busy}>${labels.ASK_BUTTON ?? 'Ask'}</button>
      </form>
    </section>`;
  }

  private filters() {
    const { filters } = this.settings.value;
    if (!filters.length) return nothing;
    const selected = this.settings.selected;
    return html`<div class="filters">
      ${filters.map(
        (f) =>
          html`<label
            >${f.title}
            <select
              ?multiple=${f.widget === 'multiple'}
              data-property=${f.property}
              @change=${(e: Event) =>
                this.settings.select(
                  f.property,
                  [...(e.target as HTMLSelectElement).selectedOptions].map((o) => o.value).filter(Boolean),
                )}
            >
              ${f.widget === 'single' ? html`<option value="">—</option>` : nothing}
              ${f.choices.map((c) => html`<option value=${c.value} ?selected=${(selected[f.property] ?? []).includes(c.value)}>${c.label}</option>`)}
            </select></label
          >`,
      )}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'assistant-widget': AssistantWidget;
  }
}

/** The popup trigger's icon. */
const CHAT_ICON = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zm-7 12h-2v-2h2v2zm1.1-4.6-.6.6c-.5.5-.5 1.1-.5 2h-2v-.5c0-1.1.4-1.6 1.1-2.3l.9-.9c.3-.3.4-.7.4-1.1a1.5 1.5 0 0 0-3 0H8.5a3.5 3.5 0 0 1 7 0c0 .9-.4 1.6-1.4 2.2z"/></svg>`;
