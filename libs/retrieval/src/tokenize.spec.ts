import { stem, words } from './tokenize';

describe('stem', () => {
  it('gives the forms of a verb one term, the final e included', () => {
    expect(new Set(['enable', 'enabled', 'enables', 'enabling'].map(stem))).toEqual(new Set(['enabl']));
    expect(new Set(['token', 'tokens'].map(stem))).toEqual(new Set(['token']));
  });

  it('leaves short words and words with digits as they are', () => {
    expect(['api', 'v2s', 'h264'].map(stem)).toEqual(['api', 'v2s', 'h264']);
  });
});

describe('words', () => {
  it('lower-cases, folds accents and splits on anything but letters and digits', () => {
    expect(words('Café-Menü: HDMI 2.1')).toEqual(['cafe', 'menu', 'hdmi', '2', '1']);
  });
});
