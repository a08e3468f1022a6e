import { BM25_B, BM25_K1, keywordScore, keywordTermIds, queryTerms, queryWeights } from '@docqa/retrieval';
import { BestRows } from './best-rows';
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
    const got = () =>
      new Map(
        [...terms.postings]
          .filter(([, list]) => list.size)
          .map(([id]) => {
            const { slots, counts } = terms.postingsOf(id);
            return [id, Array.from(slots, (slot, p) => [slot, counts[p]!])];
          }),
      );
    expect(got()).toEqual(expected);
    // Packed into WebAssembly memory, the same postings.
    terms.trim();
    expect([...terms.postings.values()].every((list) => list.tail === 0)).toBe(true);
    expect(got()).toEqual(expected);
  });

  it('packs the postings of every 16,384 rows added, and ranks across the packs as keywordScore scores', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    // Row i holds alpha, and beta, gamma or delta as i divides; epsilon in a few rows.
    const texts = Array.from({ length: 20_000 }, (_, i) =>
      [
        'alpha',
        ...(i % 2 ? ['beta'] : []),
        ...(i % 3 ? [] : ['gamma', 'gamma']),
        ...(i % 7 ? [] : ['delta']),
        ...(i % 997 ? [] : ['epsilon']),
        ...Array.from({ length: i % 5 }, () => 'filler'),
      ].join(' '),
    );
    const terms = new MirrorTerms();
    let sum = 0;
    const lengths = texts.map((text, slot) => {
      const bytes = Buffer.from(text);
      const length = terms.addText(bytes, 0, bytes.length, slot);
      sum += length;
      return length;
    });
    const [alpha] = keywordTermIds('alpha');
    // Packed at 16,384 slots: the last 3,616 rows' postings are not.
    expect(terms.postings.get(alpha!)).toMatchObject({ size: 20_000, tail: 3_616 });
    expect([...terms.postingsOf(alpha!).slots]).toEqual(texts.map((_, slot) => slot));
    const average = sum / texts.length;
    terms.setLengths(0, texts.length, lengths);
    terms.setNorms(Math.max(...lengths), (length) => BM25_K1 * (1 - BM25_B + (BM25_B * length) / average));
    const df = new Map([...terms.postings].map(([id, list]) => [id, list.size]));
    for (const query of ['alpha', 'beta gamma', 'delta epsilon alpha', words.join(' ')]) {
      const weights = queryWeights(queryTerms(query), { chunks: texts.length, df });
      const accepts = (slot: number) => slot % 4 !== 1;
      const best = new BestRows(30);
      terms.rank(weights, texts.length, best, accepts);
      const expected = new BestRows(30);
      texts.forEach((text, slot) => {
        const score = keywordScore(text, weights, average);
        if (score > 0 && accepts(slot)) expected.offer(slot, score);
      });
      expect(best.rows()).toEqual(expected.rows());
    }
  });

  it('gives a list emptied by a pack room at once for its share of the slots until the next pack', () => {
    const terms = new MirrorTerms();
    // alpha in every row, beta in every other row, epsilon in every 997th.
    for (let slot = 0; slot < 20_000; slot++) {
      const text = ['alpha', ...(slot % 2 ? ['beta'] : []), ...(slot % 997 ? [] : ['epsilon'])];
      const bytes = Buffer.from(text.join(' '));
      terms.addText(bytes, 0, bytes.length, slot);
    }
    const list = (word: string) => terms.postings.get(keywordTermIds(word)[0]!)!;
    // Packed at slot 16,384, the next pack at 32,768: room for their postings in that stretch,
    // from the first slot each list took after the pack (16,384; 16,385; 16,948), not grown since.
    expect(list('alpha')).toMatchObject({ tail: 3_616, size: 20_000 });
    expect(list('alpha').slots.length).toBe(16_384);
    expect(list('beta').slots.length).toBe(Math.ceil((8_192 / 16_384) * (32_768 - 16_385)));
    expect(list('epsilon').slots.length).toBe(Math.ceil((17 / 16_384) * (32_768 - 16_948)));
    expect(list('beta').counts.length).toBe(list('beta').slots.length);
    expect([...terms.postingsOf(keywordTermIds('beta')[0]!).slots]).toEqual(
      Array.from({ length: 10_000 }, (_, i) => 2 * i + 1),
    );
  });
});
