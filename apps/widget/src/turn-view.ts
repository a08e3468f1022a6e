import { html, nothing, svg } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { renderMarkdown } from '@docqa/answer-markdown';
import type { Labels } from './settings';
import { sourceLabel } from './sources';
import { sourcesView } from './sources-view';
import type { Rating, Turn } from './turn';
import { turnFrame } from './turn-frame';

/** What a turn's template needs from the element. */
export interface TurnViewContext {
  /** The widget's texts, the answers' defaults (the kit's) under them. */
  labels: Labels;
  /** Re-renders after a turn's view state changed; resolves once rendered. */
  changed: () => Promise<unknown>;
  /** Sends a turn's rating; resolves once it is sent (the turn then says so) or has failed. */
  rate: (turn: Turn, rating: Rating, details?: string, url?: string) => Promise<void>;
  /** Scrolls to source `n` of a turn and focuses it (a `[n]` marker was followed). */
  reveal: (turn: Turn, n: number, id: string) => void;
}

/** One question with its streamed answer, sources and feedback controls; `key` names its elements. */
export function turnView(t: Turn, key: string, ctx: TurnViewContext) {
  const idOf = (n: number) => `${key}-source-${n}`;
  const onAnswerClick = (e: MouseEvent) => {
    const target = e.target as Element;
    const copy = target.closest<HTMLButtonElement>('button.copy');
    if (copy) return copyText(copy.parentElement?.querySelector('code')?.textContent ?? '', copy, ctx.labels);
    const cite = target.closest<HTMLAnchorElement>('a.cite');
    if (!cite) return;
    e.preventDefault();
    ctx.reveal(t, Number(cite.dataset.cite), idOf(Number(cite.dataset.cite)));
  };
  return turnFrame(t, key, {
    answer: t.answer ? answerContent(t, idOf, ctx.labels) : nothing,
    onAnswerClick,
    after: html`${t.sources.length ? sourcesView(t, { ...ctx, idOf }) : nothing}
    ${t.done && t.id && !t.error ? feedbackView(t, ctx) : nothing}`,
  });
}

/** The last rendering of each turn: a re-render for another reason (typing) does not parse again. */
const rendered = new WeakMap<Turn, { answer: string; sources: number; html: string }>();

function answerContent(t: Turn, idOf: (n: number) => string, labels: Labels) {
  let last = rendered.get(t);
  if (last?.answer !== t.answer || last.sources !== t.sources.length) {
    const labelOf = (n: number) => sourceLabel(t.sources[n - 1]!);
    const citations = { count: t.sources.length, idOf, labelOf };
    last = {
      answer: t.answer,
      sources: t.sources.length,
      // The answers' texts came with the kit: they are there.
      html: renderMarkdown(t.answer, {
        citations,
        copyLabels: { text: labels.COPY!, name: labels.COPY_CODE! },
      }),
    };
    rendered.set(t, last);
  }
  return unsafeHTML(last.html);
}

function feedbackView(t: Turn, ctx: TurnViewContext) {
  const { labels, changed, rate } = ctx;
  const copy = html`<button
    type="button"
    class="copy-answer"
    aria-label=${labels.COPY_ANSWER}
    @click=${(e: Event) => copyText(answerText(t), e.currentTarget as HTMLButtonElement, labels)}
  >
    ${COPY_ICON}
  </button>`;
  if (t.rated)
    return html`<div class="actions">
      ${copy}<span class="thanks" role="status" tabindex="-1">${labels.FEEDBACK_THANKS}</span>
    </div>`;
  const send = async (from: Element, rating: Rating, details?: string, url?: string) => {
    const turn = from.closest('.turn');
    await rate(t, rating, details, url);
    await changed();
    // The focused control went with the feedback controls: the message that replaced them (the
    // thanks, or why it failed) takes the focus, which would otherwise fall out of the dialog.
    if (focusLost()) turn?.querySelector<HTMLElement>('.thanks, [role=alert]')?.focus();
  };
  const openForm = async (e: Event) => {
    const turn = (e.currentTarget as Element).closest('.turn');
    t.feedbackOpen = true;
    await changed();
    // The focus moves into the form as it opens, which also brings it into view.
    turn?.querySelector('textarea')?.focus();
  };
  // Escape closes the form (back to its button) before a second one closes the popup.
  const closeForm = async (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    const turn = (e.currentTarget as Element).closest('.turn');
    t.feedbackOpen = false;
    await changed();
    turn?.querySelector<HTMLElement>('button.down')?.focus();
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    void send(form, 'down', field('details'), field('url'));
  };
  return html`<div class="actions">
      ${copy}
      <button
        type="button"
        aria-label=${labels.RATE_UP}
        @click=${(e: Event) => void send(e.currentTarget as Element, 'up')}
      >
        ${THUMB}
      </button>
      <button
        type="button"
        class="down"
        aria-label=${labels.RATE_DOWN}
        aria-expanded=${!!t.feedbackOpen}
        @click=${openForm}
      >
        ${THUMB}
      </button>
    </div>
    ${
      t.feedbackOpen
        ? html`<form class="feedback" @submit=${submit} @keydown=${closeForm}>
            <textarea
              name="details"
              aria-label=${labels.DOWN_RATE_DETAILS_LABEL}
              placeholder=${labels.DOWN_RATE_DETAILS_PLACEHOLDER}
            ></textarea>
            <input
              name="url"
              type="url"
              pattern="https?://.+"
              aria-label=${labels.DOWN_RATE_URL_LABEL}
              placeholder=${labels.DOWN_RATE_URL_PLACEHOLDER}
            />
            <button type="submit">${labels.DOWN_RATE_BUTTON}</button>
          </form>`
        : nothing
    }`;
}

/** Whether the focus fell out of the page's controls (its element was removed). */
const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** The answer as copied: its Markdown, then the sources it cites, numbered as its `[n]` markers. */
function answerText(t: Turn): string {
  const cited = t.sources.flatMap((s, i) =>
    s.cited ? [`[${i + 1}] ${sourceLabel(s)}${s.url ? `: ${s.url}` : ''}`] : [],
  );
  return cited.length ? `${t.answer.trim()}\n\n${cited.join('\n')}\n` : `${t.answer.trim()}\n`;
}

/** Copies `text` and says so on the button for a moment (the answers' texts have loaded with it). */
function copyText(text: string, button: HTMLButtonElement, labels: Labels): void {
  const label = (button.dataset.label ??= button.getAttribute('aria-label') ?? '');
  const show = (state?: string) => {
    button.setAttribute('aria-label', state ?? label);
    // The code block's button shows its state in words; the answer's is an icon.
    if (button.classList.contains('copy')) button.textContent = state ?? labels.COPY!;
    if (state) button.dataset.copied = state === labels.COPIED ? 'yes' : 'no';
    else delete button.dataset.copied;
  };
  const done = (state?: string) => {
    show(state);
    clearTimeout(Number(button.dataset.timer));
    button.dataset.timer = String(setTimeout(() => show(), 2000));
  };
  if (!navigator.clipboard) return done(labels.COPY_FAILED);
  navigator.clipboard.writeText(text).then(
    () => done(labels.COPIED),
    () => done(labels.COPY_FAILED),
  );
}

const THUMB = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"/></svg>`;

const COPY_ICON = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm0 16H8V7h11v14z"/></svg>`;
