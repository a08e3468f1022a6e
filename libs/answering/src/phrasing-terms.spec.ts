import { NOT_FOUND_ANSWER } from './answer-types';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { rankedChoice } from './ranked-choice';
import { phrasingTermsOf, terms } from './text';

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

/** What a search of a code formatter's docs finds for an indentation of four spaces. */
const INDENTATION = [
  passage(
    'options.md',
    'Tabs',
    'Indent lines with tabs instead of spaces.\n\n| Default | CLI Override | API Override |\n' +
      '| --- | --- | --- |\n| `false` | `--use-tabs` | `useTabs: <bool>` |',
    'Options',
  ),
  passage(
    'options.md',
    'Tab Width',
    'Specify the number of spaces per indentation-level.\n\n| Default | CLI Override | API Override |\n' +
      '| --- | --- | --- |\n| `2` | `--tab-width <int>` | `tabWidth: <int>` |',
    'Options',
  ),
  passage(
    'precommit.md',
    'Option 4. git-format-staged',
    'Great for when you want to format partially-staged files. Changes in commits are always ' +
      'formatted, and unstaged changes are never staged during the formatting process.',
    'Pre-commit Hook',
  ),
];

/** What a search of a package manager's docs finds for installing a package under another name. */
const ALIASES = [
  passage(
    'package_json.md',
    'publishConfig › publishConfig.name',
    'Publishes the package under a different name than the one its manifest carries in the workspace. ' +
      'This is for a project whose published name is already taken by a sibling project.\n\n' +
      '```json\n{ "name": "foo-v2", "publishConfig": { "name": "foo" } }\n```',
    'package.json',
  ),
  passage(
    'package-managers.md',
    'Where each one comes from',
    '| Package manager | Provided by |\n|---|---|\n| npm | the `npm` package on the registry |\n' +
      '| Bun | `oven-sh/bun` release archives |\n\nThe registry-published ones go through the same ' +
      "resolve, verify and install pipeline as pnpm's own engine. Each package manager resolves into " +
      "its own environment lockfile under the pnpm home, so one package manager's pins never rewrite another's.",
    'Package managers',
  ),
  passage(
    'aliases.md',
    '',
    'Aliases let you install packages with custom names. Publish a new package called ' +
      '`awesome-lodash` and install it using `lodash` as its alias:\n\n```\npnpm add lodash@npm:awesome-lodash\n```',
    'Aliases',
  ),
];

describe('words that phrase a question in context', () => {
  it('are the clause of what the asker does meanwhile, "while I…" or "whilst we…", "while" with it', () => {
    expect(phrasingTermsOf('How do I make my package importable from its tests while I work on it?')).toEqual(
      new Set(terms('while I work on it')),
    );
    expect(phrasingTermsOf('How can we preview the site whilst we work on it, locally?')).toEqual(
      new Set(terms('whilst we work on it')),
    );
  });

  it('are not a clause of something else that goes on ("while the tests run")', () => {
    expect(phrasingTermsOf('How do I see log messages in the terminal while the tests are running?')).toEqual(
      new Set(),
    );
  });

  it('are "keep" and "out" of keeping a thing out of or from something', () => {
    expect(phrasingTermsOf("How do I keep a heading out of the sidebar's table of contents?")).toEqual(
      new Set(terms('keep out')),
    );
    expect(phrasingTermsOf('How do I keep Prettier from reformatting one piece of code?')).toEqual(
      new Set(terms('keep')),
    );
    expect(phrasingTermsOf('How long does pytest keep old temp folders?')).toEqual(new Set());
  });

  it('are a count the asker gives a thing ("to 4 spaces", "every 10 minutes"), not a version', () => {
    expect(phrasingTermsOf('How do I change the indentation to 4 spaces?')).toEqual(new Set(['4']));
    expect(phrasingTermsOf('How do I retry more than 3 times, every 10 minutes?')).toEqual(
      new Set(['3', '10']),
    );
    expect(phrasingTermsOf('How do I migrate my project from pnpm 10 to 11 automatically?')).toEqual(
      new Set(),
    );
  });

  it("quote the option that sets the asker's count, not a heading that writes that number", async () => {
    const { text, cited } = await askExtractive(
      'How do I change the indentation to 4 spaces?',
      pageSearcher(INDENTATION),
    );
    expect(text).toContain('tabWidth');
    expect(cited[0]).toBe('options.md');
  });

  it('are "one" as a pronoun for a thing named already, not of a compound or a count', () => {
    const phrased = (q: string) => phrasingTermsOf(q).has('one');
    expect(phrased('How do I install a package under a different name than its published one?')).toBe(true);
    expect(phrased('How do I run pnpm at another version than the one my project uses?')).toBe(true);
    expect(phrased('How do I show a one-time message to the user after a redirect?')).toBe(false);
    expect(phrased('How do I mark just one parametrized case as expected to fail?')).toBe(false);
  });

  it('weigh "one" as a pronoun as little as a phrasing word, where it weighed most as the rarest', () => {
    // A package manager's docs: "one" is written by two of the three sections searched.
    const choice = rankedChoice(
      'How do I install a package under a different name than its published one?',
      ALIASES,
    )!;
    const [one, name] = [choice.weights.get('one')!, choice.weights.get(terms('name')[0]!)!];
    expect(one).toBeLessThan(name / 2);
  });

  it('do not decline the question the section answers without them', async () => {
    const { text, cited } = await askExtractive(
      'How do I keep a page out of production builds while I am still writing it?',
      pageSearcher(FRONTMATTER),
    );
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('draft: true');
    expect(cited[0]).toBe('reference/frontmatter.md');
  });
});
