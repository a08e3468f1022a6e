import { html, nothing } from 'lit';
import type { PagedLoadController } from '../paged-load-controller';
import { errorView } from './error-view';

/** What {@link loadMoreView} reads of a paged list. */
type MorePages = Pick<PagedLoadController<unknown, []>, 'next' | 'moreError' | 'loadingMore' | 'loadMore'>;

/**
 * The end of a cursor-paged list: why its last "Load more" failed, and the "Load more" button
 * while there is a next page (disabled while one loads).
 */
export function loadMoreView(list: MorePages) {
  return html`${errorView(list.moreError)}
  ${
    list.next
      ? html`<p>
          <button
            type="button"
            class="secondary"
            ?disabled=${list.loadingMore}
            @click=${() => void list.loadMore()}
          >
            Load more
          </button>
        </p>`
      : nothing
  }`;
}

/** The filters of a filter form as a query (`names` in order, empty fields left out). */
export function filterQuery(form: HTMLFormElement, names: readonly string[]): URLSearchParams {
  const data = new FormData(form);
  const query = new URLSearchParams();
  for (const name of names) {
    const value = String(data.get(name) ?? '').trim();
    if (value) query.set(name, value);
  }
  return query;
}
