import { html } from 'lit';
import type { SearchBoxResult } from '@docqa/contracts';

/** `{name}` in a label replaced by its value. */
export const fill = (label: string, values: Record<string, string | number>) =>
  label.replace(/\{(\w+)\}/g, (all, name: string) => String(values[name] ?? all));

/** A result's snippet with its matched words in `<mark>`, as text (never markup from the documents). */
export function highlighted(result: SearchBoxResult) {
  const parts: unknown[] = [];
  let at = 0;
  for (const [start, end] of result.highlights) {
    if (start! < at) continue;
    parts.push(result.snippet.slice(at, start), html`<mark>${result.snippet.slice(start, end)}</mark>`);
    at = end!;
  }
  parts.push(result.snippet.slice(at));
  return parts;
}
