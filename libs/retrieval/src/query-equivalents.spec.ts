import { keywordTermIds } from './keyword-terms';
import { countedTerms, equivalentWords, queryTerms } from './sparse-vector';
import { EQUIVALENT_WEIGHT, idf, queryWeights, termStatsOf } from './term-stats';

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

  it('gives the words of the equivalents weighed, for a full-text index asked in words', () => {
    const stats = termStatsOf(['Ignore a directory with the option.', 'Skip a test.', 'Other text.']);
    expect(equivalentWords(query, queryWeights(query, stats))).toEqual(['directory']);
  });
});
