import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentInputSchema, DocumentsRequestSchema } from './documents';
import { FilterSchema } from './filter';
import { PeriodQuerySchema } from './insights';
import { QuestionRequestSchema } from './question';
import { SearchRequestSchema } from './search';
import { SourceRequestSchema } from './sources';
import { VERSION } from './version';

describe('contracts', () => {
  it('rejects an empty question and one over 4,000 characters', () => {
    expect(QuestionRequestSchema.safeParse({ question: '   ' }).success).toBe(false);
    expect(QuestionRequestSchema.safeParse({ question: 'x'.repeat(4001) }).success).toBe(false);
    expect(QuestionRequestSchema.safeParse({ question: 'How?' }).success).toBe(true);
  });

  it('rejects question_metadata larger than 4 KB', () => {
    const big = { blob: 'x'.repeat(5000) };
    expect(QuestionRequestSchema.safeParse({ question: 'q', question_metadata: big }).success).toBe(false);
  });

  it('defaults search to hybrid mode and 10 results', () => {
    expect(SearchRequestSchema.parse({ query: 'tokens' })).toMatchObject({
      search_mode: 'hybrid',
      limit: 10,
    });
  });

  it('accepts a filter value list and rejects unknown filter types', () => {
    expect(FilterSchema.safeParse({ type: 'eq', property: 'tags', value: ['a', 'b'] }).success).toBe(true);
    expect(FilterSchema.safeParse({ type: 'regex', property: 'tags', value: 'a' }).success).toBe(false);
  });
});

describe('documents', () => {
  it('accepts only http(s) document URLs', () => {
    const doc = (url: string) => DocumentInputSchema.safeParse({ title: 't', content: 'c', url }).success;
    expect(doc('https://docs.acme.test/a#b')).toBe(true);
    expect(doc('http://intranet/page')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      '/relative',
    ])
      expect(doc(url)).toBe(false);
  });
});

describe('sources', () => {
  it('takes a github repo as owner/name, never . or .. that would climb GitHub API paths', () => {
    const repo = (name: string) => SourceRequestSchema.safeParse({ type: 'github', repo: name }).success;
    expect(repo('acme/docs')).toBe(true);
    expect(repo('acme/docs.github.io')).toBe(true);
    expect(repo('acme/.github')).toBe(true);
    for (const name of ['../..', 'acme/..', 'acme/.', '../docs', './docs', 'acme/docs/../..', 'acme'])
      expect(repo(name)).toBe(false);
  });
});

describe('documents request', () => {
  it('refuses two documents with one id in one call, naming the second', () => {
    const doc = (id: string) => ({ id, title: id, content: 'text' });
    const result = DocumentsRequestSchema.safeParse({ documents: [doc('a'), doc('b'), doc('a')] });
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['documents.2.id', 'repeats the id of document 0'],
    ]);
    expect(DocumentsRequestSchema.safeParse({ documents: [doc('a'), doc('b')] }).success).toBe(true);
  });
});

describe('filters', () => {
  it('reads the object form as eq filters and keeps the list form', () => {
    expect(
      SearchRequestSchema.parse({ query: 'q', filters: { product: 'cli', tags: ['a', 'b'] } }).filters,
    ).toEqual([
      { type: 'eq', property: 'product', value: 'cli' },
      { type: 'eq', property: 'tags', value: ['a', 'b'] },
    ]);
    const list = [{ type: 'contains', property: 'tags', value: 'a' }];
    expect(QuestionRequestSchema.parse({ question: 'q', filters: list }).filters).toEqual(list);
    expect(SearchRequestSchema.safeParse({ query: 'q', filters: { product: 5 } }).success).toBe(false);
    expect(SearchRequestSchema.safeParse({ query: 'q', filters: 'product' }).success).toBe(false);
  });

  it('says where and why a filter is refused, not only "Invalid input"', () => {
    const issues = (filters: unknown) =>
      SearchRequestSchema.safeParse({ query: 'q', filters }).error!.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(issues([{ type: 'regex', property: 'a', value: 'b' }])).toEqual([
      ['filters', '0.type: Invalid option: expected one of "eq"|"contains"'],
    ]);
    expect(issues([{ type: 'eq', property: 'a' }])).toEqual([
      ['filters', '0.value: Invalid input: expected string or array, received undefined'],
    ]);
    expect(issues('product')).toEqual([
      ['filters', 'Invalid input: expected array or record, received string'],
    ]);
    expect(issues(null)).toEqual([['filters', 'Invalid input: expected array or record, received null']]);
  });
});

describe('VERSION', () => {
  it('equals the version in package.json', () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
    expect(VERSION).toBe(version);
  });
});

describe('PeriodQuerySchema', () => {
  const from = (text: string) => PeriodQuerySchema.safeParse({ from: text });

  it('reads dates and date-times as UTC unless they carry an offset', () => {
    expect(from('2026-11-01').data?.from?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(from('2026-11-01T08:30').data?.from?.toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(from('2026-11-01T08:30:00.250Z').data?.from?.toISOString()).toBe('2026-11-01T08:30:00.250Z');
    expect(from('2026-11-01T08:30:00+02:00').data?.from?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('refuses what is not a date, and days that do not exist', () => {
    for (const text of [
      'yesterday',
      '2026-11-31',
      '2026-02-29',
      '2026-13-01',
      '2026-11-01T24:61',
      '1732400000',
    ])
      expect([text, from(text).success]).toEqual([text, false]);
    expect(from('2028-02-29').success).toBe(true);
  });
});
