import { css, html, nothing, type LitElement } from 'lit';
import type { AssistantSearchDialog } from './assistant-search-dialog';
import type { Labels } from './settings';
import type { SettingsController } from './settings-controller';

/** Styles of the search mode's field in the page (the modal's own load with it). */
export const searchTriggerStyles = css`
  .search-trigger {
    display: flex;
    gap: 8px;
    width: 100%;
    max-width: 360px;
    padding: 8px 12px;
    color: var(--secondary);
    background: var(--bg);
  }
  .search-trigger span {
    flex: 1;
    text-align: start;
  }
`;

const SEARCH_ICON = html`<svg
  width="16"
  height="16"
  viewBox="0 0 24 24"
  aria-hidden="true"
  fill="none"
  stroke="currentColor"
  stroke-width="2"
>
  <circle cx="11" cy="11" r="7"></circle>
  <path d="m20 20-4-4"></path>
</svg>`;

/** Whether the visitor's keyboard has a Command key (the shortcut's hint says ⌘K, else Ctrl K). */
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The search mode's field in the page: a button that looks like a search field and opens the
 * search modal (as Ctrl/Cmd-K does anywhere on the page).
 */
function searchTrigger(labels: Labels, open: boolean, onOpen: () => void) {
  return html`<button
    type="button"
    class="search-trigger"
    aria-haspopup="dialog"
    aria-expanded=${open}
    aria-keyshortcuts=${onMac() ? 'Meta+K' : 'Control+K'}
    @click=${onOpen}
  >
    ${SEARCH_ICON}<span>${labels.SEARCH_TRIGGER}</span
    ><kbd aria-hidden="true">${onMac() ? '⌘K' : 'Ctrl K'}</kbd>
  </button>`;
}

/**
 * The widget in search mode: the field in the page, and the modal it opens, whose module (with
 * the search and its styles) loads when it is first opened.
 */
export class SearchMode {
  /** Whether the modal's module has loaded. */
  private loaded = false;

  constructor(
    private readonly host: LitElement,
    private readonly settings: SettingsController,
    /** Sets whether the modal is open (the host's state, which re-renders it). */
    private readonly setOpen: (open: boolean) => void,
  ) {}

  /** Opens the modal; resolves once it is shown. */
  async open(): Promise<AssistantSearchDialog | null> {
    await import('./assistant-search-dialog');
    this.loaded = true;
    this.setOpen(true);
    await this.host.updateComplete;
    return this.host.renderRoot.querySelector('assistant-search-dialog');
  }

  /** Closes the modal and gives the focus back to the search field. */
  close(): void {
    this.setOpen(false);
    void this.host.updateComplete.then(() =>
      this.host.renderRoot.querySelector<HTMLElement>('.search-trigger')?.focus(),
    );
  }

  /** Opens the modal and asks `text` in it (`window.assistantPrompt`). */
  async ask(text: string): Promise<void> {
    await (await this.open())?.askQuery(text);
  }

  render(open: boolean) {
    const { labels } = this.settings.value;
    return html`${searchTrigger(labels, open, () => void this.open())}
    ${
      this.loaded
        ? html`<assistant-search-dialog
            .settings=${this.settings}
            ?open=${open}
            .onClose=${() => this.close()}
          ></assistant-search-dialog>`
        : nothing
    }`;
  }
}
