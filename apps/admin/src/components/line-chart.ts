import { LitElement, css, html, svg } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { sharedStyles } from '../styles/shared-styles';

/** One line of a {@link LineChart}: a name and a value per x label (null: no value). */
export interface ChartLine {
  name: string;
  values: (number | null)[];
}

/** The drawing's width until the element is measured. */
const INITIAL_WIDTH = 640;
const H = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/**
 * How each line is drawn besides its colour, in order: a stroke pattern and a width, so lines are
 * told apart without colour (WCAG 1.4.1) and one running on top of another leaves it visible
 * (equal thumbs up and down): each line is narrower than the one before it, so the wider shows
 * around the narrower drawn over it.
 */
const LINE_STYLES = [
  { dash: '', width: 5.5 },
  { dash: '8 4', width: 3.5 },
  { dash: '2 2', width: 2.5 },
  { dash: '9 3 2 3', width: 1.5 },
];
const lineStyle = (c: number) => LINE_STYLES[c % LINE_STYLES.length]!;

/**
 * A small line chart drawn as SVG, coloured by `--chart-1…4` and told apart by stroke patterns
 * (the legend shows each line's), with the same figures in a table
 * for screen readers (the drawing itself is hidden from them). It is drawn at the width it is
 * given (measured as it changes), so its labels keep their size on a phone instead of shrinking
 * with a scaled drawing.
 *
 * @cssprop --chart-1 - Colour of the first line (then --chart-2, --chart-3, --chart-4).
 */
@customElement('line-chart')
export class LineChart extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      figure {
        margin: 0;
      }
      svg {
        width: 100%;
        height: auto;
        display: block;
      }
      .axis {
        stroke: var(--border);
      }
      text {
        fill: var(--muted);
        font-size: 11px;
      }
      .line {
        fill: none;
        stroke-linecap: butt;
      }
      .c0 {
        stroke: var(--chart-1);
        fill: var(--chart-1);
      }
      .c1 {
        stroke: var(--chart-2);
        fill: var(--chart-2);
      }
      .c2 {
        stroke: var(--chart-3);
        fill: var(--chart-3);
      }
      .c3 {
        stroke: var(--chart-4);
        fill: var(--chart-4);
      }
      path.line {
        fill: none;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.75rem;
        font-size: 0.875rem;
        margin-top: 0.25rem;
      }
      .legend svg {
        width: 28px;
        display: inline-block;
        vertical-align: middle;
      }
    `,
  ];

  /** What the chart shows, e.g. "Questions per day". */
  @property() caption = '';
  /** The x labels (e.g. dates). */
  @property({ attribute: false }) labels: string[] = [];
  @property({ attribute: false }) lines: ChartLine[] = [];
  /** The width the chart is drawn at, in CSS pixels. */
  @state() private width = INITIAL_WIDTH;
  private readonly resize = new ResizeObserver(([entry]) => {
    const width = Math.round(entry?.contentRect.width ?? 0);
    if (width > 0 && width !== this.width) this.width = width;
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resize.disconnect();
  }

  override render() {
    const W = this.width;
    // The drawing's units are CSS pixels: a label of 11px is 11 px on the screen.
    const highest = Math.max(
      1,
      ...this.lines.flatMap((l) => l.values.filter((v): v is number => v !== null)),
    );
    // An odd whole top would put the middle tick on a half (5: 0, 3, 5; 1: 0, 1, 1): one more.
    const max = Number.isInteger(highest) && highest % 2 ? highest + 1 : highest;
    const n = Math.max(this.labels.length, 1);
    const x = (i: number) => PAD.left + (n === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (n - 1));
    const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
    const ticks = [0, Math.round(max / 2), max];
    return html`<figure>
      <svg viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">
        ${ticks.map(
          (t) => svg`<line class="axis" x1=${PAD.left} x2=${W - PAD.right} y1=${y(t)} y2=${y(t)}></line>
            <text x=${PAD.left - 6} y=${y(t) + 4} text-anchor="end">${t}</text>`,
        )}
        ${
          this.labels.length
            ? svg`<text x=${x(0)} y=${H - 8}>${this.labels[0]}</text>
              <text x=${x(n - 1)} y=${H - 8} text-anchor="end">${this.labels[n - 1]}</text>`
            : ''
        }
        ${this.lines.map((line, c) => {
          const points = line.values.flatMap((v, i) => (v === null ? [] : [[x(i), y(v)] as const]));
          const d = points
            .map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`)
            .join(' ');
          const style = lineStyle(c);
          return svg`<path
              class="line c${c % 4}"
              d=${d}
              stroke-width=${style.width}
              stroke-dasharray=${style.dash || 'none'}
            ></path>
            ${points.map(([px, py]) => svg`<circle class="c${c % 4}" cx=${px} cy=${py} r=${style.width / 2 + 1}></circle>`)}`;
        })}
      </svg>
      <figcaption>
        <div class="legend" aria-hidden="true">
          ${this.lines.map(
            (l, c) =>
              html`<span
                ><svg viewBox="0 0 28 12">
                  <line
                    class="line c${c % 4}"
                    x1="0"
                    x2="28"
                    y1="6"
                    y2="6"
                    stroke-width=${lineStyle(c).width}
                    stroke-dasharray=${lineStyle(c).dash || 'none'}
                  ></line>
                </svg>
                ${l.name}</span
              >`,
          )}
        </div>
        <div class="visually-hidden">
          <table>
            <caption>
              ${this.caption}
            </caption>
            <thead>
              <tr>
                <th>Period</th>
                ${this.lines.map((l) => html`<th>${l.name}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${this.labels.map(
                (label, i) =>
                  html`<tr>
                    <th>${label}</th>
                    ${this.lines.map((l) => html`<td>${l.values[i] ?? '–'}</td>`)}
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </figcaption>
    </figure>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'line-chart': LineChart;
  }
}
