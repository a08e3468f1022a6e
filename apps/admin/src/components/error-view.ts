import { html, nothing } from 'lit';
import { ApiError } from '../api/api-error';
import { isMissingEndpoint, notAvailable } from '../api/not-yet';

/**
 * An error of a page in words, with the field errors of a validation problem (`role="alert"`);
 * `field` rewrites a field's path for the reader (e.g. `files.guide.md` → `guide.md`).
 */
export function errorView(error: Error | undefined | null, field = (path: string) => path) {
  if (!error) return nothing;
  const fields = error instanceof ApiError ? error.fieldErrors(field) : [];
  return html`<div class="alert" role="alert">
    ${error.message}
    ${
      fields.length
        ? html`<ul>
            ${fields.map((f) => html`<li>${f}</li>`)}
          </ul>`
        : nothing
    }
  </div>`;
}

/** A page's failed load of `what`: the empty state when the server has no such endpoint yet, else the error. */
export function loadFailedView(error: Error | undefined, what: string) {
  return isMissingEndpoint(error) ? notAvailable(what) : errorView(error);
}
