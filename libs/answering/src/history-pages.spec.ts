import { recordsHistory } from './history-pages';
import { sectionPassages } from './section-passage';
import { answerTo, passage } from './testing/page-searcher';

/** A CLI's docs as a search finds them for logging in: its changelog ranks first. */
const CLI = [
  passage(
    'changelog.md',
    'Changelog › 2.0.0 › Major changes',
    '- Removed the legacy registry in favour of the Reunite platform.\n' +
      '- Migrated the `login` and `push` commands to work with Reunite only, so you log in to Reunite from the CLI.',
    'Changelog',
  ),
  passage(
    'commands/login.md',
    'login › Usage',
    'Log in to Reunite from the CLI with your API key:\n\n```bash\nredocly login\n```',
    'login',
  ),
  passage('commands/push.md', 'push', 'Push an API description to Reunite.', 'push'),
];

describe('pages that record the site’s past', () => {
  it('are changelogs, release notes, blog and news posts and history pages, by path or title', () => {
    const record = (doc: string, title = doc) =>
      recordsHistory(sectionPassages([{ passages: [passage(doc, title, 'Text.', title)] }], new Map())[0]!);
    expect(record('CHANGELOG.md')).toBe(true);
    expect(record('@v2/changelog.md')).toBe(true);
    expect(record('blog/announcing-vite5.md')).toBe(true);
    expect(record('_posts/2022-12-21-sass-converter-released.markdown')).toBe(true);
    expect(record('_docs/history.md')).toBe(true);
    expect(record('guide/whats-new.md', "What's new in 3.0")).toBe(true);
    expect(record('guide/upgrading.md', 'Upgrading')).toBe(false);
    expect(record('reference/blogging.md', 'Blogging')).toBe(false);
    expect(record('commands/login.md', 'login')).toBe(false);
  });

  it('answer after the page that documents what is asked', async () => {
    const text = await answerTo('How do I log in to Reunite from the CLI?', CLI);
    expect(text.startsWith('Log in to Reunite from the CLI')).toBe(true);
    expect(text).toContain('redocly login');
  });

  it('answer a question about changes as they rank', async () => {
    const text = await answerTo('What changed for the login command in 2.0?', CLI);
    expect(text).toContain('Migrated the `login` and `push` commands');
  });
});
