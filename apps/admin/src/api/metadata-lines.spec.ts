import { parseMetadataLines } from './metadata-lines';

describe('metadata lines of the source form', () => {
  it('reads key = value pairs, keeping = signs inside values and skipping blank lines', () => {
    expect(parseMetadataLines(' product = cloud \n\nquery=a=b')).toEqual({ product: 'cloud', query: 'a=b' });
  });

  it('names the line without a value and the key given twice', () => {
    expect(() => parseMetadataLines('product = cloud\nteam')).toThrow('Metadata line 2 must read');
    expect(() => parseMetadataLines('product = cloud\nproduct =')).toThrow('Metadata line 2 must read');
    expect(() => parseMetadataLines('a = 1\n\na = 2')).toThrow('Metadata line 3: the key "a" is given twice');
  });
});
