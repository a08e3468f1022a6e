import { DEFAULT_LABELS } from '@docqa/contracts';
import { SCOPES } from '@docqa/contracts';
import { WIDGET_LABELS } from './labels';
import { SCOPE_CHOICES } from './scopes';
import { filterLines, parseFilterLines } from './filter-lines';

describe('the portal’s copies of contract constants', () => {
  it('offers every widget label with the contract’s default text', () => {
    expect(WIDGET_LABELS).toEqual(DEFAULT_LABELS);
  });

  it('offers every token scope in the contract’s order', () => {
    expect(SCOPE_CHOICES).toEqual(SCOPES);
  });
});

describe('filter lines of the token form', () => {
  it('reads eq and contains filters with one or several values', () => {
    expect(parseFilterLines('product = cloud\n\n tags ~ api | sdk ')).toEqual([
      { type: 'eq', property: 'product', value: 'cloud' },
      { type: 'contains', property: 'tags', value: ['api', 'sdk'] },
    ]);
  });

  it('names the line it cannot read', () => {
    expect(() => parseFilterLines('product = cloud\nnonsense')).toThrow('Filter line 2');
  });

  it('writes filters back the way it reads them', () => {
    const filters = parseFilterLines('product = cloud\ntags ~ api | sdk');
    expect(parseFilterLines(filterLines(filters))).toEqual(filters);
  });
});
