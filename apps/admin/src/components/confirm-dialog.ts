import { LitElement, css, html } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { sharedStyles } from '../styles/shared-styles';

/**
 * A modal confirmation (native `<dialog>`: focus stays inside, Escape cancels, focus returns to
 * what opened it). `ask()` resolves true when the administrator confirms.
 */
@customElement('confirm-dialog')
export class ConfirmDialog extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      dialog {
        border: 1px solid var(--border);
        border-radius: 8px;
        background: var(--surface);
        color: var(--text);
        max-width: min(28rem, 92vw);
      }
      dialog::backdrop {
        background: #0008;
      }
      .actions {
        display: flex;
        gap: 0.5rem;
        justify-content: flex-end;
        margin-top: 1rem;
      }
    `,
  ];

  /** The question asked. */
  @property() message = '';
  /** Text of the confirming button. */
  @property() confirmLabel = 'Confirm';
  @query('dialog') private dialog!: HTMLDialogElement;
  private resolve?: (ok: boolean) => void;

  /** Opens the dialog; resolves with the answer. */
  async ask(message: string, confirmLabel: string): Promise<boolean> {
    this.message = message;
    this.confirmLabel = confirmLabel;
    await this.updateComplete;
    this.dialog.showModal();
    return new Promise((resolve) => (this.resolve = resolve));
  }

  override render() {
    return html`<dialog aria-labelledby="q" @close=${() => this.done(this.dialog.returnValue === 'yes')}>
      <form method="dialog">
        <p id="q">${this.message}</p>
        <div class="actions">
          <button value="no" class="secondary" autofocus>Cancel</button>
          <button value="yes" class="danger">${this.confirmLabel}</button>
        </div>
      </form>
    </dialog>`;
  }

  private done(ok: boolean): void {
    this.dialog.returnValue = '';
    this.resolve?.(ok);
    this.resolve = undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'confirm-dialog': ConfirmDialog;
  }
}
