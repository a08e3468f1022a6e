import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { ChatController } from './chat-controller';
import { SettingsController } from './settings-controller';
import type { WidgetConfig } from './settings';
import { styles } from './styles';
import { CHAT_ICON, turnView, type TurnViewContext } from './turn-view';

/**
 * The docqa assistant: asks questions of the docs and streams cited answers, in a popup or inline,
 * in chat or question mode. Settings and network work live in its controllers
 * ({@link SettingsController}, {@link ChatController}).
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
  static override styles = styles;

  /** The page's settings (`window.ASSISTANT_WIDGET`); read when the element connects. */
  @property({ attribute: false }) config: Partial<WidgetConfig> = {};

  @state() private open = false;
  @state() private input = '';
  @query('.trigger') private trigger?: HTMLButtonElement;
  @query('input[name=question]') private questionInput?: HTMLInputElement;

  // The chat controller reads the settings controller's `ready`: it must come second.
  private readonly settings = new SettingsController(this, () => this.config);
  private readonly chat = new ChatController(this, this.settings);
  /** Loaded with the first question: Markdown and the sanitiser are not in the initial module. */
  private markdown?: (text: string) => string;
  private shownTurns = 0;
  private followScroll = true;

  /** Submits `text` as if typed and sent (`window.assistantPrompt`), once the settings are loaded. */
  prompt(text: string): Promise<void> {
    if (this.settings.value.popup) this.toggle(true);
    return this.chat.ask(text);
  }

  private submit(e: Event): void {
    e.preventDefault();
    if (this.chat.busy) return;
    const text = this.input;
    this.input = '';
    void this.chat.ask(text);
  }

  private newChat(): void {
    this.chat.newChat();
    this.questionInput?.focus();
  }

  private toggle(open: boolean): void {
    this.open = open;
    void this.updateComplete.then(() => (open ? this.questionInput : this.trigger)?.focus());
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

  protected override willUpdate(): void {
    // Follow a streaming answer only while the visitor has not scrolled up to read.
    const list = this.renderRoot?.querySelector('.messages');
    this.followScroll =
      !list ||
      list.scrollHeight - list.scrollTop - list.clientHeight < 40 ||
      this.chat.turns.length !== this.shownTurns;
    // Fetched with the first question, while its answer is being prepared.
    if (!this.markdown && this.chat.turns.length) {
      void import('./markdown').then((m) => {
        this.markdown = m.renderMarkdown;
        this.requestUpdate();
      });
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const pre of this.renderRoot.querySelectorAll('.answer pre:not([data-copy])')) addCopyButton(pre);
    const list = this.renderRoot.querySelector('.messages');
    if (list && this.followScroll) list.scrollTop = list.scrollHeight;
    this.shownTurns = this.chat.turns.length;
  }

  override render() {
    const { labels, popup } = this.settings.value;
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
          ? html`<div
              class="dialog"
              role="dialog"
              aria-modal="true"
              aria-label=${labels.POPUP_TITLE}
              @keydown=${this.onDialogKey}
            >
              ${this.panel()}
            </div>`
          : nothing
      }
    `;
  }

  private panel() {
    const { labels, mode, examples, logo_url, popup } = this.settings.value;
    const { turns, busy } = this.chat;
    const context: TurnViewContext = {
      labels,
      markdown: this.markdown,
      changed: () => this.requestUpdate(),
      rate: (turn, rating, details, url) => void this.chat.rate(turn, rating, details, url),
    };
    return html`<section class="panel">
      <header>
        ${logo_url ? html`<img src=${logo_url} alt="" />` : nothing}
        <h2>${labels.POPUP_TITLE}</h2>
        ${mode === 'chat' && turns.length ? html`<button type="button" class="new-chat" @click=${this.newChat}>${labels.NEW_CHAT_BUTTON}</button>` : nothing}
        ${popup ? html`<button type="button" class="close" aria-label="Close" @click=${() => this.toggle(false)}>×</button>` : nothing}
      </header>
      ${this.filters()}
      <div class="messages" aria-live="polite" aria-busy=${busy}>
        ${this.settings.error ? html`<div class="error" role="alert">${this.settings.error}</div>` : nothing}
        ${
          !turns.length && examples.length
            ? html`<div class="examples">
                ${examples.map((e) => html`<button type="button" class="example" @click=${() => this.chat.ask(e)}>${e}</button>`)}
              </div>`
            : nothing
        }
        ${turns.map((t) => turnView(t, context))}
      </div>
      <form class="ask" @submit=${this.submit}>
        <label class="visually-hidden" for="q">${labels.CHAT_PLACEHOLDER}</label>
        <input
          id="q"
          name="question"
          autocomplete="off"
          .value=${this.input}
          placeholder=${labels.CHAT_PLACEHOLDER}
          @input=${(e: Event) => (this.input = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" ?disabled=${busy}>Ask</button>
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

/** Adds a Copy button to a rendered code block. */
function addCopyButton(pre: Element): void {
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

declare global {
  interface HTMLElementTagNameMap {
    'assistant-widget': AssistantWidget;
  }
}
