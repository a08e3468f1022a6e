import { html, nothing } from 'lit';
import type { FormErrors } from '../api/form-errors';
import { describedBy, fieldErrorView, invalid } from './error-view';

/** What a field's control carries, for a screen reader to tie it to its hint and its error. */
export interface FieldAria {
  /** `aria-describedby`: the hint, and the error message when there is one (none: no attribute). */
  describedBy: string | typeof nothing;
  /** `aria-invalid`: whether the field has an error. */
  invalid: 'true' | 'false';
}

/** The label of a field of a form. */
export interface FieldLabel {
  /** The control's id (its hint is `<id>-hint`, its error message `<id>-error`). */
  id: string;
  /** What the label says. */
  label: string;
  /** A hint after the label (how to fill the field in). @defaultValue none */
  hint?: string;
}

/**
 * One field of a form: its label (with its hint), the control `control` renders with the field's
 * {@link FieldAria}, and the field's error messages under it (see {@link fieldErrorView}).
 */
export function formField(errors: FormErrors, field: FieldLabel, control: (aria: FieldAria) => unknown) {
  const { id, label, hint } = field;
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  return html`<label for=${id}
      >${label}${hint === undefined ? nothing : html` <span class="hint" id=${hintId!}>${hint}</span>`}</label
    >
    ${control({ describedBy: describedBy(errors, id, hintId), invalid: invalid(errors, id) })}
    ${fieldErrorView(errors, id)}`;
}
