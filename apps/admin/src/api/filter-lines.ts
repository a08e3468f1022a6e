import type { Filter } from '@docqa/contracts';
import { textLines } from './text-lines';

/**
 * Parses filters written one a line: `property = value` (eq) or `property ~ value` (contains);
 * `a | b` gives several values. Throws an error naming the first line it cannot read.
 */
export function parseFilterLines(text: string): Filter[] {
  return textLines(text).map((line, i) => {
    const m = /^([^=~]+?)\s*([=~])\s*(.+)$/.exec(line);
    if (!m) throw new Error(`Filter line ${i + 1} must read "property = value" or "property ~ value".`);
    const values = m[3]!
      .split('|')
      .map((v) => v.trim())
      .filter(Boolean);
    return {
      type: m[2] === '=' ? 'eq' : 'contains',
      property: m[1]!.trim(),
      value: values.length === 1 ? values[0]! : values,
    };
  });
}

/** A filter as the token form reads it: `product = cloud`, `tags ~ api | sdk`. */
export function formatFilter(filter: Filter): string {
  return `${filter.property} ${filter.type === 'eq' ? '=' : '~'} ${[filter.value].flat().join(' | ')}`;
}
