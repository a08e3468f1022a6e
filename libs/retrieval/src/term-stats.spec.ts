import { chunkTerms } from './sparse-vector';
import { termStatsOf, type TermStats } from './term-stats';

/** The statistics as they were counted before `termStatsOf`'s single pass: chunk by chunk. */
function countedChunkByChunk(texts: string[]): TermStats {
  const stats: TermStats = { chunks: 0, terms: 0, df: new Map() };
  for (const text of texts) {
    const { distinct, length } = chunkTerms(text);
    stats.chunks++;
    stats.terms += length;
    for (const term of distinct) stats.df.set(term, (stats.df.get(term) ?? 0) + 1);
  }
  return stats;
}

/** Texts of a few words each drawn from `words`, some repeated within a text. */
function texts(count: number, words: string[], seed = 7): string[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 5 + Math.floor(next() * 60) },
      () => words[Math.floor(next() ** 2 * words.length)],
    ).join(' '),
  );
}

describe('termStatsOf', () => {
  it('counts each chunk once per term it holds, and every term occurrence in the length', () => {
    const stats = termStatsOf(['rotate the token token', 'token rotation', 'the and of']);
    expect(stats.chunks).toBe(3);
    expect(stats.terms).toBe(5);
    // "rotate" and "rotation" are one term (rotat); "the", "and" and "of" are stop words.
    expect([...stats.df.values()]).toEqual([2, 2]);
  });

  it('gives the counts, in the same term order, that chunk-by-chunk counting gives', () => {
    const vocabulary = Array.from({ length: 3_000 }, (_, i) => `word${i.toString(36)}x`);
    const written = [
      ...texts(2_000, vocabulary),
      '',
      'Configure Ünïcode accents, café and naïve; the Straße',
      'repeated repeated repeated repeated',
    ];
    const stats = termStatsOf(written);
    const expected = countedChunkByChunk(written);
    // More distinct terms than the first slots hold: the slots grew meanwhile.
    expect(stats.df.size).toBeGreaterThan(2_048);
    expect({ chunks: stats.chunks, terms: stats.terms }).toEqual({
      chunks: expected.chunks,
      terms: expected.terms,
    });
    expect([...stats.df]).toEqual([...expected.df]);
  });

  it('counts nothing for no texts', () => {
    expect(termStatsOf([])).toEqual({ chunks: 0, terms: 0, df: new Map() });
  });
});
