import { sharesNamedSubject } from './named-subject';
import { sectionPassages, type SectionPassage } from './section-passage';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { namePhrases } from './text';

/** A docs repository's CI section: a lead-in and the workflow it introduces. */
const WORKFLOW = passage(
  'evaluations.md',
  'Evaluations › In CI: a docs repository checks its changes',
  'After the docs are synced, run the set and publish the JUnit report. A GitHub Actions workflow ' +
    'of the docs repository, with docqa’s command line built from a checkout of docqa:\n\n' +
    '```yaml\nname: docs answers\non:\n  push:\n    branches: [main]\njobs:\n  evaluate:\n' +
    '    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n' +
    '      - run: npm run -s docqa -- eval run --set release --junit docqa-eval.xml\n```',
);
/** Another page's section that shares the question's common words, and "action" by chance. */
const SESSIONS = passage(
  'admin.md',
  'Administration portal › Accounts and signing in',
  'Use docqa’s portal to manage the knowledge base. When a session has ended, the next action ' +
    'returns to the sign-in page with "Your session has expired". Use `npm run docqa -- admins ' +
    'create` to add an account to docqa.',
);

function section(result = WORKFLOW): SectionPassage {
  return sectionPassages([{ passages: [result] }], new Map([[result.chunk_id, 0]]))[0]!;
}

describe('namePhrases', () => {
  it('keeps the words of a name written in a row together', () => {
    expect(namePhrases('How do I use docqa in GitHub Actions?')).toEqual([['github', 'action']]);
    expect(namePhrases('Run Redis with Docker Compose and Qdrant.')).toEqual([
      ['redi'],
      ['docker', 'compos'],
      ['qdrant'],
    ]);
  });
});

describe('sharesNamedSubject', () => {
  const question = 'How do I use docqa in GitHub Actions?';

  it('wants the other section to write a name the first writes, its words in a row', () => {
    expect(sharesNamedSubject(question, section(), section(SESSIONS))).toBe(false);
    const other = passage('ci.md', 'CI', 'docqa runs in GitHub Actions and in GitLab CI.');
    expect(sharesNamedSubject(question, section(), section(other))).toBe(true);
  });

  it('does not apply when the question names nothing the first section writes', () => {
    expect(sharesNamedSubject('How do I use docqa in a pipeline?', section(), section(SESSIONS))).toBe(true);
    expect(sharesNamedSubject('How do I use docqa with Jenkins?', section(), section(SESSIONS))).toBe(true);
  });
});

describe('a how-do-I answered by a workflow', () => {
  it('quotes the workflow with its lead-in, without another page that only shares common words', async () => {
    const { text, cited } = await askExtractive(
      'How do I use docqa in GitHub Actions?',
      pageSearcher([WORKFLOW, SESSIONS]),
    );
    expect(text).toContain('A GitHub Actions workflow of the docs repository');
    expect(text).toContain('uses: actions/checkout@v4');
    expect(text).not.toContain('session has expired');
    expect(cited).toEqual(['evaluations.md']);
  });
});
