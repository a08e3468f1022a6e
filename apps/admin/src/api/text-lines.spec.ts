import { textLines } from './text-lines';

describe('text lines of the portal forms', () => {
  it('trims each line and leaves out blank ones', () => {
    expect(textLines(' https://a.example \n\n\thttps://b.example\n  \n')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('reads an empty field as no lines', () => {
    expect(textLines('')).toEqual([]);
  });
});
