import { searchText } from './chunk';
import { headingPhrase, keywordTokens, queryPhrases } from './keyword-terms';
import { keywordScore, queryTerms } from './sparse-vector';
import { averageTerms, queryWeights, termStatsOf } from './term-stats';

describe('headingPhrase', () => {
  it('writes a heading of two to four terms as one word of its terms in order', () => {
    const [phrase] = headingPhrase('GitHub Actions');
    expect(headingPhrase('GitHub Actions')).toHaveLength(1);
    // One term of the index, not the heading's words.
    expect(keywordTokens(phrase!)).toHaveLength(1);
    expect(headingPhrase('Actions GitHub')).not.toEqual(headingPhrase('GitHub Actions'));
    expect(headingPhrase('Using the `--offline` flag')).toEqual(headingPhrase('use offline flag'));
  });

  it('leaves a heading of one term, or of five and more, to its heading words', () => {
    expect(headingPhrase('Options')).toEqual([]);
    expect(headingPhrase('Installing dependencies from a lockfile in a CI pipeline')).toEqual([]);
    expect(headingPhrase('')).toEqual([]);
  });
});

describe('queryPhrases', () => {
  it("holds a heading's phrase for a name the question writes capitalised", () => {
    const phrases = queryPhrases('How do I use pnpm in GitHub Actions?');
    expect(phrases).toEqual(headingPhrase('GitHub Actions'));
    expect(phrases).not.toEqual(expect.arrayContaining(headingPhrase('Updating GitHub Actions')));
    expect(queryPhrases('Can Traefik Proxy read Docker Compose labels?')).toEqual([
      ...headingPhrase('Traefik Proxy'),
      ...headingPhrase('Docker Compose'),
    ]);
  });

  it('holds none for a topic written in lower case, or a lone capitalised word', () => {
    expect(queryPhrases('How do I set an environment variable for the duration of a test?')).toEqual([]);
    expect(queryPhrases('How do I enable syntax highlighting with Rouge?')).toEqual([]);
  });
});

describe('a heading phrase in keyword search', () => {
  // Sections as a docs site writes them: the update command's pages say "GitHub Actions" more often
  // and under longer headings; the CI page's section is headed by the two words themselves.
  const sections = [
    {
      title: 'pnpm update',
      heading: 'Updating GitHub Actions',
      text:
        '`pnpm outdated` can check the GitHub Actions referenced by the workflow files, and ' +
        '`pnpm update` can update the GitHub Actions: use `pnpm update --include-github-actions`. ' +
        'Updated GitHub Actions are pinned to commits.',
    },
    {
      title: 'Using Changesets with pnpm',
      heading: 'Integration with GitHub Actions',
      text: 'To automate the release with GitHub Actions, add a workflow that runs pnpm changeset.',
    },
    {
      title: 'Continuous Integration',
      heading: 'GitHub Actions',
      text:
        'The workflow below installs and caches your dependencies (belongs in ' +
        '`.github/workflows/NAME.yml`): the `pnpm/action-setup` step, then `pnpm install`.',
    },
    { title: 'pnpm install', heading: 'Options › --offline', text: 'Use only packages in the store.' },
  ].map(searchText);

  const ranked = (question: string, phrases: boolean) => {
    const stats = termStatsOf(sections);
    const terms = queryTerms(question);
    const query = phrases ? terms : { ...terms, phrases: new Set<number>() };
    const kept = phrases ? terms.terms : terms.terms.filter((t) => !terms.phrases.has(t));
    const weights = queryWeights({ ...query, terms: kept }, stats);
    return sections
      .map((text, i) => ({ i, score: keywordScore(text, weights, averageTerms(stats)) }))
      .sort((a, b) => b.score - a.score)
      .map(({ i }) => i);
  };

  it('ranks the section the question names first, which the heading words alone do not', () => {
    const question = 'How do I use pnpm in GitHub Actions?';
    expect(ranked(question, true)[0]).toBe(2);
    expect(ranked(question, false)[0]).not.toBe(2);
  });

  it('changes nothing when the question writes no name of two words', () => {
    const question = 'Which actions does pnpm run on GitHub?';
    expect(queryTerms(question).phrases.size).toBe(0);
    expect(ranked(question, true)).toEqual(ranked(question, false));
  });
});
