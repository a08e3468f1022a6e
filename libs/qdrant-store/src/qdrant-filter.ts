import { createHash } from 'node:crypto';
import type { Schemas } from '@qdrant/js-client-rest';
import { VERSION_METADATA_KEY, type Filter } from '@docqa/contracts';

/** Payload key of the keyword array that metadata filters match on. */
export const FILTER_TERMS_KEY = 'filter_terms';
/** Longer terms are stored and matched as a hash, so huge values never bloat the index. */
const MAX_TERM_LENGTH = 200;

type Condition = Schemas['Condition'];

/**
 * Keyword terms that make DESIGN §3 filters exact Qdrant conditions without ever turning a
 * property name into a payload path (Qdrant reads dots, brackets and quotes in keys as path
 * syntax): `eq` terms hold `String(value)` of each scalar (or one-item list), `in` terms hold each
 * list item, and a `text` term marks a property whose value is a string (or other scalar) that
 * `contains` may search. Mirrors `matchesFilters` on the same fields.
 */
export function filterTerms(fields: Record<string, unknown>): string[] {
  const terms: string[] = [];
  for (const [property, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 1) terms.push(filterTerm('eq', property, String(value[0])));
      for (const item of new Set(value.map(String))) terms.push(filterTerm('in', property, item));
    } else {
      terms.push(filterTerm('eq', property, String(value)), filterTerm('text', property));
    }
  }
  return [...new Set(terms)];
}

/** Whether a filter needs candidates checked by `matchesFilters` (a phrase inside a string). */
export function needsPostFilter(filters: Filter[]): boolean {
  return filters.some((filter) => filter.type === 'contains');
}

/**
 * The Qdrant filter of a search: the tenants, then one condition per metadata filter on
 * {@link FILTER_TERMS_KEY}. `eq` and `contains` on a list are exact; `contains` on a string
 * selects the chunks whose property is a string, and the caller keeps the ones that hold the
 * phrase. Property names and values only ever appear inside match values. A `version` keeps the
 * chunks of that version and those without one (as `inVersion` does), in the same terms.
 */
export function compileFilter(tenants: string[], filters: Filter[], version?: string): Schemas['Filter'] {
  const must: Condition[] = [{ key: 'tenant', match: { any: tenants } }];
  if (version !== undefined)
    must.push({
      should: [
        { key: FILTER_TERMS_KEY, match: { value: filterTerm('eq', VERSION_METADATA_KEY, version) } },
        { must_not: [{ key: FILTER_TERMS_KEY, match: { value: filterTerm('text', VERSION_METADATA_KEY) } }] },
      ],
    });
  for (const filter of filters) {
    const values = [...new Set(Array.isArray(filter.value) ? filter.value : [filter.value])];
    const exact: Condition = {
      key: FILTER_TERMS_KEY,
      match: { any: values.map((v) => filterTerm(filter.type === 'eq' ? 'eq' : 'in', filter.property, v)) },
    };
    if (filter.type === 'eq') must.push(exact);
    else
      must.push({
        should: [exact, { key: FILTER_TERMS_KEY, match: { value: filterTerm('text', filter.property) } }],
      });
  }
  return { must };
}

/**
 * `kind:length:property=value`: the length prefix makes the split between property and value
 * unambiguous whatever characters either holds.
 */
function filterTerm(kind: 'eq' | 'in' | 'text', property: string, value = ''): string {
  const term = `${kind}:${property.length}:${property}=${value}`;
  if (term.length <= MAX_TERM_LENGTH) return term;
  return `${kind}#${createHash('sha256').update(term).digest('base64url')}`;
}
