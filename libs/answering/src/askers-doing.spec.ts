import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { askersDoingTerms, terms } from './text';

/** What a search of a docs theme's reference finds for keeping a draft page out of the build. */
const FRONTMATTER = [
  passage(
    'reference/frontmatter.md',
    'Frontmatter fields › `draft`',
    'Set whether this page should be considered a draft and not be included in production builds. ' +
      'Set to `true` to mark a page as a draft and make it only visible during development.\n\n' +
      '```md\n---\n# Exclude this page from production builds\ndraft: true\n---\n```',
    'Frontmatter Reference',
  ),
  passage(
    'guides/pages.mdx',
    'Custom pages › `<StarlightPage>` component › Props',
    'The `draft` option only displays a notice that the page is a draft but does not ' +
      'automatically exclude it from production builds.',
    'Pages',
  ),
  passage('reference/tabs.md', '`<Tabs>` › `syncKey`', 'Keep several tab groups in sync.', 'Tabs'),
];

describe("the asker's own doing meanwhile", () => {
  it('is the clause of "while I" or "whilst we", "while" with it', () => {
    expect(
      askersDoingTerms('How do I keep a page out of production builds while I am still writing it?'),
    ).toEqual(new Set(terms('while am still writing it')));
    expect(askersDoingTerms('How can we preview the site whilst we work on it, locally?')).toEqual(
      new Set(terms('whilst we work on it')),
    );
  });

  it('is not a clause of something else that goes on ("while the tests run")', () => {
    expect(
      askersDoingTerms('How do I see log messages in the terminal while the tests are running?'),
    ).toEqual(new Set());
  });

  it('does not decline the question the section answers without its words', async () => {
    const { text, cited } = await askExtractive(
      'How do I keep a page out of production builds while I am still writing it?',
      pageSearcher(FRONTMATTER),
    );
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('draft: true');
    expect(cited[0]).toBe('reference/frontmatter.md');
  });
});
