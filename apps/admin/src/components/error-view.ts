import { html, nothing } from 'lit';
import { FormErrors, sentence, type FormField } from '../api/form-errors';
import { isMissingEndpoint, notAvailable } from '../api/not-yet';

/**
 * An error of a page in words (`role="alert"`), with the field errors of a validation problem
 * listed readably; `name` rewrites a field's path for the reader (e.g. `files.guide.md` →
 * `guide.md`).
 */
export function errorView(error: Error | undefined | null, name?: (path: string) => string) {
  if (!error) return nothing;
  return formErrorsView(FormErrors.fromError(error, [], sentence(error.message), name), []);
}

/**
 * The summary of a form's errors (`role="alert"`): what happened, which fields to correct (each
 * shows its own message, see {@link fieldErrorView}) and the errors of no field of the form.
 */
export function formErrorsView(errors: FormErrors, fields: FormField[]) {
  const unplaced = errors.unplaced;
  // Without a summary (a check as the administrator types), the fields' own messages say it all.
  if (!errors.summary && !unplaced.length) return nothing;
  const marked = errors.invalidLabels(fields);
  return html`<div class="alert" role="alert">
    ${errors.summary} ${marked.length ? `Check ${list(marked)}.` : nothing}
    ${
      unplaced.length
        ? html`<ul>
            ${unplaced.map((m) => html`<li>${m}</li>`)}
          </ul>`
        : nothing
    }
  </div>`;
}

/** The messages of the field whose input has `id`, under it (the input's `aria-describedby` names it). */
export function fieldErrorView(errors: FormErrors, id: string) {
  const messages = errors.messagesOf(id);
  return messages.length
    ? html`<p class="field-error" id="${id}-error">${messages.map(sentence).join(' ')}</p>`
    : nothing;
}

/** An input's `aria-describedby`: its hint, and its error message when it has one (none: no attribute). */
export function describedBy(errors: FormErrors, id: string, hint?: string) {
  const ids = [hint, errors.messagesOf(id).length ? `${id}-error` : undefined].filter(Boolean);
  return ids.length ? ids.join(' ') : nothing;
}

/** `aria-invalid` of the input `id`. */
export const invalid = (errors: FormErrors, id: string) => (errors.messagesOf(id).length ? 'true' : 'false');

/** Moves the focus to the first field with an error (after the form rendered its messages). */
export function focusFirstInvalid(root: ParentNode, errors: FormErrors, fields: FormField[]): void {
  const id = errors.invalidIds(fields)[0];
  if (!id) return;
  const el = root.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  (el?.matches('fieldset') ? el.querySelector<HTMLElement>('input') : el)?.focus();
}

/** `a`, `a and b`, `a, b and c`. */
function list(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A page's failed load of `what`: the empty state when the server has no such endpoint yet, else the error. */
export function loadFailedView(error: Error | undefined, what: string) {
  return isMissingEndpoint(error) ? notAvailable(what) : errorView(error);
}
