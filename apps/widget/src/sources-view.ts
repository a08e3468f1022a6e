import { html, nothing } from 'lit';
import type { Source } from '@docqa/contracts';
import type { Labels } from './settings';
import { sectionOf } from './sources';
import type { Turn } from './turn';

/** What the source list needs from the element. */
export interface SourcesViewContext {
  labels: Labels;
  /** Re-renders after the turn's view state changed. */
  changed: () => unknown;
  /** The id of source `n`'s entry in this turn's list (the target of its `[n]` markers). */
  idOf: (n: number) => string;
}

/**
 * An answer's numbered sources: the cited ones under "Documents in response", the others under
 * "Other documents" (collapsed). Numbers are those of the answer's `[n]` markers.
 */
export function sourcesView(t: Turn, { labels, changed, idOf }: SourcesViewContext) {
  const numbered = t.sources.map((source, i) => ({ source, n: i + 1 }));
  const cited = numbered.filter((s) => s.source.cited);
  const other = numbered.filter((s) => !s.source.cited);
  const toggle = () => {
    t.showOther = !t.showOther;
    changed();
  };
  const list = (items: typeof numbered) =>
    html`<ol>
      ${items.map(({ source, n }) => sourceItem(source, n, idOf(n)))}
    </ol>`;
  return html`<div class="sources">
    ${
      cited.length
        ? html`<h3>${labels.DOCUMENTS_IN}</h3>
            ${list(cited)}`
        : nothing
    }
    ${
      other.length
        ? html`<h3>${labels.DOCUMENTS_OTHER}</h3>
            <button type="button" class="collapse" aria-expanded=${!!t.showOther} @click=${toggle}>
              ${t.showOther ? labels.COLLAPSE_HIDE : labels.COLLAPSE_SHOW}
            </button>
            ${t.showOther ? list(other) : nothing}`
        : nothing
    }
  </div>`;
}

function sourceItem(s: Source, n: number, id: string) {
  const section = sectionOf(s);
  // A source of a docs version says which (DESIGN §17).
  const version = typeof s.metadata['version'] === 'string' ? s.metadata['version'] : undefined;
  const label = html`<span class="title">${s.title}</span>${
      section ? html` <span class="section">${section}</span>` : nothing
    }${version ? html` <span class="version">${version}</span>` : nothing}`;
  // Focusable by script only: a `[n]` marker moves focus here.
  return html`<li id=${id} value=${n} tabindex="-1">
    ${
      s.url
        ? html`<a href=${safeUrl(s.url)} target="_blank" rel="noopener noreferrer">${label}</a>`
        : html`<span>${label}</span>`
    }
  </li>`;
}

function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}
