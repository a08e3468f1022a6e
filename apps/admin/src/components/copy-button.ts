import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { sharedStyles } from '../styles/shared-styles';

/**
 * A button that copies `value` to the clipboard and says so in an `aria-live` status, until
 * `value` changes.
 *
 * @fires copied - after the value is on the clipboard
 */
@customElement('copy-button')
export class CopyButton extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: inline-block;
      }
    `,
  ];

  /** The text to copy. */
  @property() value = '';
  /** The button's text. */
  @property() label = 'Copy';
  @state() private status = '';

  override willUpdate(changed: PropertyValues<this>): void {
    // "Copied." spoke of the old value: a new one has not been copied yet.
    if (changed.has('value')) this.status = '';
  }

  override render() {
    return html`<button type="button" class="secondary" @click=${this.copy}>${this.label}</button>
      <span role="status" class="muted">${this.status}</span>`;
  }

  private async copy(): Promise<void> {
    const value = this.value;
    try {
      await navigator.clipboard.writeText(value);
      if (value !== this.value) return;
      this.status = 'Copied.';
      this.dispatchEvent(new Event('copied', { bubbles: true, composed: true }));
    } catch {
      this.status = 'Copy failed: select the text and copy it yourself.';
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'copy-button': CopyButton;
  }
}
