import { NOT_FOUND_ANSWER } from './answer-types';
import { answerTo, rankedSection as section } from './testing/page-searcher';

/** What a search of a package manager's docs finds for a question in a visitor's words. */
const LINK = [
  section(
    'Global packages',
    'How a version is chosen',
    'A globally installed package follows the version a project pins; the global copy is the fallback.',
    0,
  ),
  section(
    'pnpm link',
    'Use Cases › Replace an installed package with a local version of it',
    "Let's say you have a project that uses `foo` package. You want to make changes to `foo` and test " +
      'them in your project. In this scenario, you can use `pnpm link` to link the local version of `foo` ' +
      'to your project:\n\n```bash\ncd ~/projects/my-project\npnpm link ~/projects/foo\n```',
    1,
  ),
  section('CI', 'Add the workflow', 'Add a workflow file that installs pnpm and runs your tests.', 2),
  section(
    'package.json',
    'publishConfig',
    'Fields that override the manifest when the package is published.',
    3,
  ),
];

describe('a plain word no retrieved section holds', () => {
  it('does not decline a covered question worded with several of them', async () => {
    const text = await answerTo(
      'How can I use my local checkout of a library in another project instead of the published version?',
      LINK,
    );
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('pnpm link ~/projects/foo');
  });
});
