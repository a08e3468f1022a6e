import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { sharedStyles } from '../styles/shared-styles';

/** A reporting period: `from` inclusive; `to` absent means now. */
export interface Period {
  days: number;
  from: string;
}

/** The period of the last `days` days, from the start of a UTC day. */
export function lastDays(days: number): Period {
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { days, from: start.toISOString() };
}

/** The period picker of a page showing `period`; `change` receives every choice. */
export function periodSelect(period: Period, change: (period: Period) => void) {
  return html`<period-select
    .days=${period.days}
    @period-change=${(e: CustomEvent<Period>) => change(e.detail)}
  ></period-select>`;
}

/**
 * Picks the reporting period of a page (last 7, 30 or 90 days).
 *
 * @fires period-change - `CustomEvent<Period>` on every choice
 */
@customElement('period-select')
export class PeriodSelect extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        margin-bottom: 1rem;
      }
      select {
        max-width: 16rem;
      }
    `,
  ];

  /** Days of the period shown. */
  @property({ type: Number }) days = 30;

  override render() {
    return html`<label for="period">Period</label>
      <select id="period" @change=${this.change}>
        ${[7, 30, 90].map((d) => html`<option value=${d} ?selected=${d === this.days}>Last ${d} days</option>`)}
      </select>`;
  }

  private change(e: Event): void {
    this.days = Number((e.target as HTMLSelectElement).value);
    this.dispatchEvent(
      new CustomEvent('period-change', { detail: lastDays(this.days), bubbles: true, composed: true }),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'period-select': PeriodSelect;
  }
}
