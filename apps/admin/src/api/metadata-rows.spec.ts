import { metadataOfRows } from './metadata-rows';

describe('metadata rows of the source form', () => {
  it('reads each row as a key and its value, trimmed, ignoring empty rows', () => {
    const rows = [
      { key: ' product ', value: ' cloud ' },
      { key: '', value: '' },
      { key: 'tier', value: 'pro = gold' },
    ];
    expect(metadataOfRows(rows)).toEqual({ product: 'cloud', tier: 'pro = gold' });
  });

  it('refuses a row with a key but no value, or a value but no key, naming it', () => {
    expect(() =>
      metadataOfRows([
        { key: 'a', value: '1' },
        { key: 'team', value: ' ' },
      ]),
    ).toThrow('Metadata row 2 needs both a key and a value.');
    expect(() => metadataOfRows([{ key: '', value: 'web' }])).toThrow('Metadata row 1 needs both');
  });

  it('refuses a key given twice, naming the second row', () => {
    expect(() =>
      metadataOfRows([
        { key: 'team', value: 'web' },
        { key: 'team', value: 'api' },
      ]),
    ).toThrow('Metadata row 2: the key "team" is given twice.');
  });
});
