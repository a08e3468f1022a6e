import { keywordTermIds } from '@docqa/retrieval';
import { MirrorTerms } from './mirror-terms';

describe('MirrorTerms', () => {
  it('makes the postings keywordTermIds gives, whatever the text holds', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const words = [
      'Rotate',
      'rotating',
      'KEY',
      'keys',
      'the',
      'and',
      'Having',
      'because',
      'v2',
      '2026',
      'x86_64',
      'qqhrotat',
      'café',
      'naïve',
      'Straße',
      '東京',
      'don’t',
      'e-mail',
      'a'.repeat(39),
      'b'.repeat(40),
      'é'.repeat(25),
      '🙂',
      'token',
      'TOKEN',
      'Tokens',
      'ß',
      'ǅemal',
    ];
    const texts = Array.from({ length: 400 }, (_, t) =>
      Array.from({ length: Math.floor(random() * 30) }, () => {
        const word = words[Math.floor(random() * (t % 3 ? 13 : words.length))]!;
        return word + [' ', ', ', '. ', '\n', '—', '/', ' '][Math.floor(random() * 7)];
      }).join(''),
    );
    texts.push('', '   ', 'the and of', 'ASCII only, then é');
    const terms = new MirrorTerms();
    const bytes = texts.map((text) => Buffer.from(text));
    const all = Buffer.concat(bytes);
    let at = 0;
    const lengths = bytes.map((text, slot) => {
      const length = terms.addText(all, at, at + text.length, slot);
      at += text.length;
      return length;
    });
    const expected = new Map<number, [number, number][]>();
    texts.forEach((text, slot) => {
      const ids = keywordTermIds(text);
      expect(lengths[slot]).toBe(ids.length);
      const counts = new Map<number, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const [id, count] of counts) expected.set(id, [...(expected.get(id) ?? []), [slot, count]]);
    });
    const got = new Map(
      [...terms.postings]
        .filter(([, list]) => list.size)
        .map(([id, list]) => [
          id,
          Array.from({ length: list.size }, (_, p) => [list.slots[p]!, list.counts[p]!]),
        ]),
    );
    expect(got).toEqual(expected);
  });
});
