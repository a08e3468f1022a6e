import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { live } from 'lit/directives/live.js';
import type { FormErrors } from '../api/form-errors';
import { metadataOfRows, type MetadataRow as Row } from '../api/metadata-rows';
import { describedBy, fieldErrorView } from './error-view';

/**
 * The metadata of a source's form as key/value rows (a fieldset with the id `metadata`): one row
 * per pair, a row added with "Add metadata", each removable. Rows left empty are ignored; a row with
 * a key but no value (or a value but no key), or a key given twice, is refused before anything is
 * sent, naming the row.
 */
export class MetadataRows implements ReactiveController {
  private rows: Row[] = [];

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
    this.reset();
  }

  hostConnected(): void {}

  /** Starts again from `metadata` (and one empty row to type in). */
  reset(metadata: Record<string, string> = {}): void {
    this.rows = [...Object.entries(metadata).map(([key, value]) => ({ key, value })), { key: '', value: '' }];
    this.host.requestUpdate();
  }

  /** The metadata of the rows; throws an error naming the first row it cannot take. */
  read(): Record<string, string> {
    return metadataOfRows(this.rows);
  }

  /** The fieldset of rows; its error (`errors` of the field `metadata`) under it. */
  view(errors: FormErrors) {
    return html`<fieldset id="metadata" aria-describedby=${describedBy(errors, 'metadata', 'metadata-hint')}>
        <legend>Metadata</legend>
        <p class="hint" id="metadata-hint">
          Given to every document of the source, e.g. product = cloud. Questions and tokens can filter on it.
        </p>
        ${this.rows.map(
          (row, i) =>
            html`<div class="row">
              <input
                aria-label="Key ${i + 1}"
                placeholder="key"
                .value=${live(row.key)}
                @input=${(e: Event) => this.edit(i, { key: (e.target as HTMLInputElement).value })}
              />
              <input
                aria-label="Value ${i + 1}"
                placeholder="value"
                .value=${live(row.value)}
                @input=${(e: Event) => this.edit(i, { value: (e.target as HTMLInputElement).value })}
              />
              <button
                type="button"
                class="secondary"
                aria-label="Remove metadata row ${i + 1}"
                @click=${() => this.remove(i)}
              >
                Remove
              </button>
            </div>`,
        )}
        <p><button type="button" class="secondary" @click=${this.add}>Add metadata</button></p>
      </fieldset>
      ${fieldErrorView(errors, 'metadata')}`;
  }

  private edit(i: number, change: Partial<Row>): void {
    this.rows = this.rows.map((row, j) => (j === i ? { ...row, ...change } : row));
  }

  private remove(i: number): void {
    this.rows = this.rows.filter((_, j) => j !== i);
    if (!this.rows.length) this.rows = [{ key: '', value: '' }];
    this.host.requestUpdate();
  }

  private readonly add = (): void => {
    this.rows = [...this.rows, { key: '', value: '' }];
    this.host.requestUpdate();
  };
}
