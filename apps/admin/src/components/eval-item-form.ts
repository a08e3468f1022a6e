import { LitElement, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { EvalItem, EvalItemInput } from '@docqa/contracts';
import { textLines } from '../api/text-lines';
import { sharedStyles } from '../styles/shared-styles';

/**
 * The form of one evaluation item: the question, earlier turns of its chat, key strings, gold pages
 * and "not covered" (lists one per line).
 *
 * @fires save - `CustomEvent<EvalItemInput>`: the item as written (with the edited item's id).
 * @fires cancel - The administrator gave up the edit.
 */
@customElement('eval-item-form')
export class EvalItemForm extends LitElement {
  static override styles = [sharedStyles];

  /** The item edited; none: a new one. */
  @property({ attribute: false }) item?: EvalItem;

  override render() {
    const item = this.item;
    const lines = (list: string[] | undefined) => (list ?? []).join('\n');
    return html`<form class="card" @submit=${this.submit}>
      <label for="question">Question</label>
      <textarea id="question" name="question" required rows="2" .value=${item?.question ?? ''}></textarea>
      <label for="key_strings">Key strings a right answer holds (one a line)</label>
      <textarea
        id="key_strings"
        name="key_strings"
        rows="2"
        .value=${lines(item?.expect?.key_strings)}
      ></textarea>
      <label for="gold_urls">Gold pages a right answer cites (one URL or path a line)</label>
      <textarea id="gold_urls" name="gold_urls" rows="2" .value=${lines(item?.expect?.gold_urls)}></textarea>
      <label for="chat">Earlier questions of the chat (one a line, oldest first)</label>
      <textarea id="chat" name="chat" rows="2" .value=${lines(item?.chat)}></textarea>
      <p>
        <input
          id="not_covered"
          name="not_covered"
          type="checkbox"
          ?checked=${item?.expect?.not_covered === true}
        />
        <label for="not_covered">The docs do not cover it: declining is right</label>
      </p>
      <div class="row">
        <button type="submit">${item ? 'Save item' : 'Add item'}</button>
        <button type="button" class="secondary" @click=${() => this.dispatchEvent(new Event('cancel'))}>
          Cancel
        </button>
      </div>
    </form>`;
  }

  private submit(e: SubmitEvent) {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const list = (name: string) => {
      const values = textLines(String(data.get(name) ?? ''));
      return values.length ? values : undefined;
    };
    const expect = {
      key_strings: list('key_strings'),
      gold_urls: list('gold_urls'),
      not_covered: data.get('not_covered') ? (true as const) : undefined,
    };
    const hasExpect = Object.values(expect).some((v) => v !== undefined);
    const item: EvalItemInput = {
      ...(this.item ? { id: this.item.id } : {}),
      question: String(data.get('question') ?? '').trim(),
      ...(list('chat') ? { chat: list('chat') } : {}),
      ...(hasExpect ? { expect } : {}),
    };
    this.dispatchEvent(new CustomEvent<EvalItemInput>('save', { detail: item }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'eval-item-form': EvalItemForm;
  }
}
