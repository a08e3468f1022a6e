import type { Filter } from '@docqa/contracts';

/**
 * Whether a chunk's metadata satisfies every filter (DESIGN §3): `eq` equals the value (any of
 * them); `contains` includes the value for a list, or holds it as a case-insensitive word or
 * phrase for a string. An unknown property matches nothing. Values are data, never syntax.
 */
export function matchesFilters(fields: Record<string, unknown>, filters: Filter[]): boolean {
  return filters.every((filter) => matchesFilter(fields, filter));
}

function matchesFilter(fields: Record<string, unknown>, filter: Filter): boolean {
  if (!Object.prototype.hasOwnProperty.call(fields, filter.property)) return false;
  const actual = fields[filter.property];
  if (actual === null || actual === undefined) return false;
  const wanted = Array.isArray(filter.value) ? filter.value : [filter.value];
  if (filter.type === 'eq') {
    if (Array.isArray(actual)) return actual.length === 1 && wanted.includes(String(actual[0]));
    return wanted.includes(String(actual));
  }
  if (Array.isArray(actual)) return actual.some((item) => wanted.includes(String(item)));
  const text = String(actual);
  return wanted.some((phrase) => containsPhrase(text, phrase));
}

/** Case-insensitive whole-word (or whole-phrase) match, Unicode-aware. */
export function containsPhrase(text: string, phrase: string): boolean {
  const needle = phrase.trim();
  if (!needle) return false;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}
