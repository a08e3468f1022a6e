import type * as AnswerKit from './answer-kit';

/** The lazily loaded answer kit: the Markdown renderer, an answer's views and styles, their texts. */
export type Kit = typeof AnswerKit;

let loading: Promise<Kit> | undefined;

/** Loads the answer kit once for the page (again after a failed load); resolves to it. */
export function loadAnswerKit(): Promise<Kit> {
  loading ??= import('./answer-kit').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
