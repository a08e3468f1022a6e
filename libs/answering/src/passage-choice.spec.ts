import type { SearchResult } from '@docqa/contracts';
import { chooseWindow, type TermWeights } from './passage-choice';
import { units, type SectionPassage } from './section-passage';
import { terms } from './text';

/** A section of one long page, as {@link chooseWindow} receives it. */
function section(markdown: string): SectionPassage {
  return {
    doc: 0,
    section: 'Usage › Specifying which tests to run',
    headingTerms: new Set(terms('Usage Specifying which tests to run')),
    sectionTerms: new Set(terms('Specifying which tests to run')),
    headingPairs: new Set(),
    rank: 0,
    chunk: {} as SearchResult,
    units: units(markdown),
  };
}

const filler = (topic: string) =>
  Array.from(
    { length: 6 },
    (_, i) => `Sentence ${i} about ${topic} fills this paragraph with ordinary words.`,
  ).join(' ');

const PAGE = [
  filler('modules'),
  '**Run tests by keyword expressions**',
  '```bash\npytest -k "MyClass and not method"\n```',
  'This will run tests whose names match the given string expression, which can include Python operators.',
  filler('node ids'),
  filler('markers'),
].join('\n\n');

const weights = (question: string): TermWeights => new Map(terms(question).map((t) => [t, 1]));

describe('chooseWindow', () => {
  it('takes the command beside the best sentence of a how-do-I answer, though it holds none of the question’s words', () => {
    const quoted = chooseWindow(section(PAGE), weights('run only tests whose names match an expression'), {
      maxWords: 60,
      targetWords: 40,
      kind: 'how',
    });
    expect(quoted.map((u) => u.text)).toContain('```bash\npytest -k "MyClass and not method"\n```');
  });

  it('grows a window by the question’s words alone for other questions', () => {
    const quoted = chooseWindow(section(PAGE), weights('tests names match expression node ids'), {
      maxWords: 60,
      targetWords: 40,
      kind: 'what',
    });
    expect(quoted.some((u) => u.kind === 'code')).toBe(false);
  });
});
