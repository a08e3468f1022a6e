import { html, nothing } from 'lit';
import type { Turn } from './turn';

/** What a turn shows besides its question and error, given by the kit's view once it has loaded. */
export interface TurnParts {
  /** The rendered answer (its Markdown); the plain text until the kit has loaded. */
  answer: unknown;
  onAnswerClick?: (e: MouseEvent) => void;
  /** The sources and the feedback controls, after the answer. */
  after: unknown;
}

/**
 * One question with its answer; `key` names its elements. Until the kit has loaded (a slow network)
 * the answer is its plain text, which keeps its lines (commands stay whole).
 */
export function turnFrame(t: Turn, key: string, parts?: TurnParts) {
  const answer = parts?.answer ?? html`<div class="plain">${t.answer}</div>`;
  return html`<article class="turn" data-key=${key}>
    ${t.question ? html`<div class="question">${t.question}</div>` : nothing}
    ${t.answer ? html`<div class="answer" @click=${parts?.onAnswerClick}>${answer}</div>` : nothing}
    ${!t.done && !t.answer ? html`<div class="answer pending">…</div>` : nothing}
    ${t.error ? html`<div class="error" role="alert" tabindex="-1">${t.error}</div>` : nothing}
    ${parts?.after ?? nothing}
  </article>`;
}
