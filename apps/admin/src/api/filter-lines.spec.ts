import { formatFilter, parseFilterLines } from './filter-lines';

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

  it('writes filters back as the lines they are read from', () => {
    const lines = ['product = cloud', 'tags ~ api | sdk'];
    expect(parseFilterLines(lines.join('\n')).map(formatFilter)).toEqual(lines);
  });
});
