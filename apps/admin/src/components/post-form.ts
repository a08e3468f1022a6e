import type { LitElement } from 'lit';
import { api } from '../api/admin-api';
import { FormErrors, type FormField } from '../api/form-errors';
import { focusFirstInvalid } from './error-view';

/** A create (or edit) form of the portal: it shows `errors` under its fields and is `busy` while it posts. */
export interface PostingForm extends LitElement {
  errors: FormErrors;
  busy: boolean;
}

/** What {@link postForm} posts: the form's request, what is wrong with it, and how to say so. */
export interface FormPost {
  /** The API path posted to (`admin/tokens/`). */
  path: string;
  /** @defaultValue `POST` (a create form); `PATCH` for a form that changes a record, `PUT` one that replaces it */
  method?: 'POST' | 'PATCH' | 'PUT';
  body: unknown;
  /** What the form found wrong before sending: `[input id, message]`. */
  problems: [id: string, message: string][];
  fields: FormField[];
  /** What did not happen, e.g. "The token was not created." */
  notDone: string;
}

/**
 * Posts a create (or edit) form's request, unless the form found problems in it: those, or the API's
 * refusal, are shown under their fields and the first of them takes the focus. Resolves to what
 * the API created, or undefined when nothing was.
 */
export async function postForm<T>(form: PostingForm, post: FormPost): Promise<T | undefined> {
  const show = async (errors: FormErrors) => {
    form.errors = errors;
    await form.updateComplete;
    focusFirstInvalid(form.renderRoot, errors, post.fields);
  };
  if (post.problems.length) {
    await show(FormErrors.local(post.notDone, post.fields, post.problems));
    return undefined;
  }
  form.errors = FormErrors.none;
  form.busy = true;
  try {
    return await api.call<T>(post.path, { method: post.method ?? 'POST', body: post.body });
  } catch (err) {
    await show(FormErrors.fromError(err as Error, post.fields, post.notDone));
    return undefined;
  } finally {
    form.busy = false;
  }
}
