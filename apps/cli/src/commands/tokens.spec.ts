import { ValidationError } from '@docqa/errors';
import { parseMetadata } from './ingest';
import { SCOPES } from '@docqa/contracts';
import type { ListedToken } from '@docqa/contracts';
import {
  SCOPE_NAMES,
  TOKEN_LIST_HEADER,
  describeToken,
  parseDuration,
  parseFilter,
  parseScopes,
} from './tokens';

describe('command-line value parsers', () => {
  it('reads lifetimes in days, hours, minutes and seconds', () => {
    expect(parseDuration('30d')).toBe(30 * 86400_000);
    expect(parseDuration('12h')).toBe(12 * 3600_000);
    expect(parseDuration(' 90m ')).toBe(90 * 60_000);
    expect(() => parseDuration('a month')).toThrow(ValidationError);
  });

  it('accepts known scopes and names the unknown ones', () => {
    expect(parseScopes('ask, search,ingest', SCOPES)).toEqual(['ask', 'search', 'ingest']);
    expect(() => parseScopes('ask,write', SCOPES)).toThrow(/unknown scope\(s\) write/);
  });

  it('reads eq filters with = and contains filters with ~=', () => {
    expect(parseFilter('product=tv')).toEqual({ type: 'eq', property: 'product', value: 'tv' });
    expect(parseFilter('tags~=security')).toEqual({ type: 'contains', property: 'tags', value: 'security' });
    expect(() => parseFilter('product')).toThrow(ValidationError);
  });

  it('reads metadata pairs, keeping = signs inside values', () => {
    expect(parseMetadata(['product=cli', 'query=a=b'])).toEqual({ product: 'cli', query: 'a=b' });
    expect(() => parseMetadata(['novalue'])).toThrow(/key=value/);
  });

  it('the help text names every scope there is', () => {
    expect(SCOPE_NAMES).toBe(SCOPES.join(', '));
  });
});

describe('tokens list lines', () => {
  const record: ListedToken = {
    id: 'tok1',
    tenant: 'acme',
    scopes: ['ask'],
    name: 'docs site',
    widget: true,
    origins: ['https://docs.example.com'],
    filters: [
      { type: 'eq', property: 'product', value: 'tv' },
      { type: 'contains', property: 'tags', value: ['setup', 'tokens'] },
    ],
    tenants: [],
    rate_limit: null,
    expires_at: null,
    created_at: '2026-11-24T00:00:00.000Z',
    last_used_at: null,
  };

  it('shows a widget token’s filters as --filter takes them and flags a token that never expires', () => {
    const columns = TOKEN_LIST_HEADER.split('\t');
    const line = Object.fromEntries(
      describeToken(record)
        .split('\t')
        .map((v, i) => [columns[i], v]),
    );
    expect(line).toMatchObject({
      KIND: 'widget',
      FILTERS: 'product=tv tags~=setup|tokens',
      EXPIRES: 'NEVER (!)',
      'LAST USED': 'never',
    });
    expect(describeToken({ ...record, expires_at: '2026-12-24T00:00:00.000Z' })).toContain(
      '\t2026-12-24T00:00:00.000Z\t',
    );
  });
});
