import { keywordTermIds } from './keyword-terms';
import { countedTerms, equivalentWords, queryTerms } from './sparse-vector';
import { EQUIVALENT_RATIO, EQUIVALENT_WEIGHT, idf, queryWeights, termStatsOf } from './term-stats';

const id = (word: string) => keywordTermIds(word)[0]!;

describe("a query's equivalents in the keyword leg", () => {
  const query = queryTerms('How do I skip a folder?');

  it("counts the lexicon's equivalents of the query's terms", () => {
    expect(countedTerms(query)).toEqual(expect.arrayContaining([id('ignore'), id('directory')]));
  });

  it('weighs an equivalent only where no chunk holds the visitor’s own word', () => {
    // The docs write "directory" and never "folder"; they write both "skip" and "ignore".
    const stats = termStatsOf(['Ignore a directory with the option.', 'Skip a test.', 'Other text.']);
    const weights = queryWeights(query, stats);
    const weight = (word: string) => weights.values[weights.indices.indexOf(id(word))];
    expect(weight('directory')).toBeCloseTo(EQUIVALENT_WEIGHT * idf(1, 3));
    expect(weights.indices).not.toContain(id('ignore'));
    expect(weights.indices).not.toContain(id('folder'));
  });

  it('weighs an equivalent the docs write far more often than the visitor’s word beside it', () => {
    // "folder" in one chunk, "directory" in eight: the docs' word for the thing is "directory".
    const texts = [
      'A folder of tests.',
      ...Array.from({ length: EQUIVALENT_RATIO }, (_, i) => `The directory ${i} holds files.`),
      ...Array.from({ length: 10 }, (_, i) => `Other text ${i}.`),
    ];
    const weights = queryWeights(query, termStatsOf(texts));
    const weight = (word: string) => weights.values[weights.indices.indexOf(id(word))];
    expect(weight('directory')).toBeCloseTo(EQUIVALENT_WEIGHT * idf(EQUIVALENT_RATIO, texts.length));
    // Held only a few times as often, it is not searched: the docs write both.
    const fewer = queryWeights(query, termStatsOf(texts.slice(0, EQUIVALENT_RATIO)));
    expect(fewer.indices).not.toContain(id('directory'));
  });

  it('searches no equivalent of an acronym the docs write, however often they write the equivalent', () => {
    const texts = [
      'An in RAM backend.',
      ...Array.from({ length: 2 * EQUIVALENT_RATIO }, (_, i) => `The memory limit ${i} of a cache.`),
    ];
    const stats = termStatsOf(texts);
    expect(queryWeights(queryTerms('Which backend lives in RAM?'), stats).indices).not.toContain(
      id('memory'),
    );
    // The same word written plainly is searched as its equivalent too.
    expect(queryWeights(queryTerms('Which backend lives in ram?'), stats).indices).toContain(id('memory'));
  });

  it('gives the words of the equivalents weighed, for a full-text index asked in words', () => {
    const stats = termStatsOf(['Ignore a directory with the option.', 'Skip a test.', 'Other text.']);
    expect(equivalentWords(query, queryWeights(query, stats))).toEqual(['directory']);
  });
});
