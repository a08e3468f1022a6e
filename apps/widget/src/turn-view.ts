import { html, nothing, svg } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { Source } from '@docqa/contracts';
import type { Labels } from './settings';
import type { Turn } from './turn';

/** What a turn's template needs from the element. */
export interface TurnViewContext {
  labels: Labels;
  /** Markdown to sanitised HTML, once the lazy chunk has loaded (plain text until then). */
  markdown?: (text: string) => string;
  /** Re-renders after a turn's view state changed. */
  changed: () => void;
  rate: (turn: Turn, rating: 'up' | 'down', details?: string, url?: string) => void;
}

/** One question with its streamed answer, sources and feedback controls. */
export function turnView(t: Turn, ctx: TurnViewContext) {
  const { markdown } = ctx;
  return html`<article class="turn">
    ${t.question ? html`<div class="question">${t.question}</div>` : nothing}
    ${t.answer ? html`<div class="answer">${markdown ? unsafeHTML(markdown(t.answer)) : t.answer}</div>` : nothing}
    ${!t.done && !t.answer ? html`<div class="answer pending">…</div>` : nothing}
    ${t.error ? html`<div class="error" role="alert">${t.error}</div>` : nothing}
    ${t.done && t.sources.length ? sourcesView(t, ctx) : nothing}
    ${t.done && t.id && !t.error ? feedbackView(t, ctx) : nothing}
  </article>`;
}

function sourcesView(t: Turn, { labels, changed }: TurnViewContext) {
  const cited = t.sources.filter((s) => s.cited);
  const other = t.sources.filter((s) => !s.cited);
  const toggle = () => {
    t.showOther = !t.showOther;
    changed();
  };
  return html`<div class="sources">
    ${
      cited.length
        ? html`<h3>${labels.DOCUMENTS_IN}</h3>
            <ul>
              ${cited.map(sourceItem)}
            </ul>`
        : nothing
    }
    ${
      other.length
        ? html`<h3>${labels.DOCUMENTS_OTHER}</h3>
            <button type="button" class="collapse" aria-expanded=${!!t.showOther} @click=${toggle}>
              ${t.showOther ? labels.COLLAPSE_HIDE : labels.COLLAPSE_SHOW}
            </button>
            ${
              t.showOther
                ? html`<ul>
                    ${other.map(sourceItem)}
                  </ul>`
                : nothing
            }`
        : nothing
    }
  </div>`;
}

function feedbackView(t: Turn, { labels, changed, rate }: TurnViewContext) {
  if (t.rated) return html`<div class="actions" role="status">Thanks for the feedback.</div>`;
  const openForm = () => {
    t.feedbackOpen = true;
    changed();
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    rate(t, 'down', field('details'), field('url'));
  };
  return html`<div class="actions">
      <button type="button" aria-label="Good answer" @click=${() => rate(t, 'up')}>${THUMB}</button>
      <button
        type="button"
        class="down"
        aria-label="Bad answer"
        aria-expanded=${!!t.feedbackOpen}
        @click=${openForm}
      >
        ${THUMB}
      </button>
    </div>
    ${
      t.feedbackOpen
        ? html`<form class="feedback" @submit=${submit}>
            <textarea
              name="details"
              aria-label="What should the answer say?"
              placeholder=${labels.DOWN_RATE_DETAILS_PLACEHOLDER}
            ></textarea>
            <input
              name="url"
              type="url"
              aria-label="Page with the right answer"
              placeholder=${labels.DOWN_RATE_URL_PLACEHOLDER}
            />
            <button type="submit">${labels.DOWN_RATE_BUTTON}</button>
          </form>`
        : nothing
    }`;
}

function sourceItem(s: Source) {
  return html`<li>
    ${s.url ? html`<a href=${safeUrl(s.url)} target="_blank" rel="noopener noreferrer">${s.title}</a>` : s.title}
  </li>`;
}

function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}

const THUMB = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"/></svg>`;

/** The popup trigger's icon. */
export const CHAT_ICON = svg`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zm-7 12h-2v-2h2v2zm1.1-4.6-.6.6c-.5.5-.5 1.1-.5 2h-2v-.5c0-1.1.4-1.6 1.1-2.3l.9-.9c.3-.3.4-.7.4-1.1a1.5 1.5 0 0 0-3 0H8.5a3.5 3.5 0 0 1 7 0c0 .9-.4 1.6-1.4 2.2z"/></svg>`;
