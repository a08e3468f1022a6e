import { WidgetError, type ErrorKey } from './api-client';
import { loadAnswerKit } from './load-answer-kit';
import type { Labels } from './settings';

/**
 * The sentence that tells the visitor of `err` (a {@link WidgetError}, else `fallback`), in the
 * widget's language: `labels` (a language's pack holds every error text), else the English
 * defaults, which load with the answer kit. When that kit cannot load either (an English
 * visitor offline before any answer), the one sentence kept here says the assistant is out of reach.
 */
export async function errorText(
  err: unknown,
  labels: Partial<Labels>,
  fallback: ErrorKey = 'ERROR_FAILED',
): Promise<string> {
  const { key, params } = err instanceof WidgetError ? err : { key: fallback, params: {} };
  const text =
    labels[key] ??
    (await loadAnswerKit().then(
      (kit) => kit.ANSWER_LABELS[key],
      () => 'Cannot reach the assistant.',
    ));
  return text.replace(/\{(\w+)\}/g, (_, name: string) => (params as Record<string, string>)[name] ?? '');
}
