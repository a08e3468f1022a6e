import { versionOf, type Filter } from '@docqa/contracts';
import type { Chunk } from './chunk';
import type { StoreQuery } from './vector-store';

/**
 * The fields filters apply to: the chunk's metadata, plus `document_id`, `title` and `url` (which
 * win over metadata of the same name). Every vector store filters on exactly these.
 */
export function filterFields(
  chunk: Pick<Chunk, 'metadata' | 'document_id' | 'title' | 'url'>,
): Record<string, unknown> {
  return { ...chunk.metadata, document_id: chunk.document_id, title: chunk.title, url: chunk.url || null };
}

/** Candidates fetched per result when metadata filters are checked after the search. */
const FILTER_OVERFETCH = 20;

/** How many candidates a store fetches for `limit` results, over-fetching when it post-filters. */
export function candidateLimit(limit: number, postFilter: boolean): number {
  return postFilter ? Math.min(1000, limit * FILTER_OVERFETCH) : limit;
}

/**
 * Whether a chunk belongs to `version` (DESIGN §17): it has that version, or none (an unversioned
 * document applies to every version); any chunk without a version asked.
 */
export function inVersion(fields: Record<string, unknown>, version: string | undefined): boolean {
  if (version === undefined) return true;
  const own = versionOf(fields);
  return own === undefined || own === version;
}

/** Whether a store checks a query's candidates after the search (metadata filters, a version). */
export function postFiltered(query: Pick<StoreQuery, 'filters' | 'version'>): boolean {
  return query.filters.length > 0 || query.version !== undefined;
}

/** Whether a chunk's fields (see {@link filterFields}) pass a query's version and filters. */
export function passesQuery(
  fields: Record<string, unknown>,
  query: Pick<StoreQuery, 'filters' | 'version'>,
): boolean {
  return inVersion(fields, query.version) && matchesFilters(fields, query.filters);
}

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

/** Characters of a phrase per regular expression: longer patterns can overflow the engine's stack. */
const PHRASE_SEGMENT = 100;

/**
 * Case-insensitive whole-word (or whole-phrase) match, Unicode-aware; any run of whitespace in
 * the phrase matches any run in the text. The phrase is matched as literal segments one after
 * another, so a phrase of thousands of words neither overflows the regex engine nor backtracks.
 */
export function containsPhrase(text: string, phrase: string): boolean {
  const needle = phrase.trim().replace(/\s+/g, ' ');
  if (!needle) return false;
  const haystack = text.replace(/\s+/g, ' ');
  const chars = Array.from(needle);
  const segments: RegExp[] = [];
  for (let i = 0; i < chars.length; i += PHRASE_SEGMENT) {
    const literal = chars
      .slice(i, i + PHRASE_SEGMENT)
      .join('')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const before = i === 0 ? '(?<![\\p{L}\\p{N}])' : '';
    const after = i + PHRASE_SEGMENT >= chars.length ? '(?![\\p{L}\\p{N}])' : '';
    segments.push(new RegExp(before + literal + after, i === 0 ? 'giu' : 'yiu'));
  }
  const [first, ...rest] = segments as [RegExp, ...RegExp[]];
  for (let start = first.exec(haystack); start; start = first.exec(haystack)) {
    let end = start.index + start[0].length;
    const matched = rest.every((segment) => {
      segment.lastIndex = end;
      const next = segment.exec(haystack);
      end += next?.[0].length ?? 0;
      return next !== null;
    });
    if (matched) return true;
    first.lastIndex = start.index + 1;
  }
  return false;
}
