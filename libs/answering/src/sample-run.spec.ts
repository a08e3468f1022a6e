import type { SearchResult } from '@docqa/contracts';
import { rankSections, termWeights } from './passage-choice';
import { runsOnly } from './sample-run';
import { units, type SectionPassage, type Unit } from './section-passage';
import { isSampleRun, typedTerms } from './command-unit';
import { terms } from './text';
import { askExtractive, pageSearcher, passage, stored } from './testing/page-searcher';

const code = (text: string): Unit => ({
  block: 0,
  kind: 'code',
  text,
  words: text.split(/\s+/).length,
  terms: new Set(),
  pairs: new Set(),
});

describe('a sample run', () => {
  it('is a command typed at a prompt with what it printed', () => {
    const run =
      '```pytest\n$ pytest -s test_finalizers.py\n=== test session starts ===\ncollected 1 item\n```';
    expect(isSampleRun(code(run))).toBe(true);
  });

  it('is not a block of commands only, nor code without a prompt', () => {
    expect(isSampleRun(code('```console\n$ mkdir /tmp/check\n$ cd /tmp/check\n```'))).toBe(false);
    expect(isSampleRun(code('```python\nrequest.addfinalizer(delete_user)\n```'))).toBe(false);
  });

  it('runs code explained elsewhere unless its typed command names a word of the question', () => {
    const section = (text: string) => ({ units: units(text) }) as SectionPassage;
    const weights = new Map([
      ['check', 1],
      ['version', 1],
    ]);
    const run = (typed: string) => section(`\`\`\`console\n$ ${typed}\nyours:  1.4.0\nlatest: 1.5.0\n\`\`\``);
    expect(runsOnly(run('pytest -s test_finalizers.py'), weights)).toBe(true);
    expect(runsOnly(run('tool version --check'), weights)).toBe(false);
    expect(runsOnly(section('```python\nrequest.addfinalizer(f)\n```'), weights)).toBe(false);
  });
});

/** A tutorial's page: a section's code, then a subsection that runs it and says what it shows. */
const PAGE = 'how-to/fixtures';
const TITLE = 'How to use fixtures';
const ABOVE = `${TITLE} › Teardown/Cleanup › Adding finalizers directly`;
const INTRO = passage(
  PAGE,
  ABOVE,
  'There is another choice: add "finalizer" functions directly to the test\'s request-context object. ' +
    "Here's how the previous example would look using the `addfinalizer` method:",
  TITLE,
);
const CODE = passage(
  PAGE,
  ABOVE,
  '```python\n@pytest.fixture\ndef receiving_user(mail_admin, request):\n    user = mail_admin.create_user()\n' +
    '    request.addfinalizer(lambda: mail_admin.delete_user(user))\n    return user\n```',
  TITLE,
);
const NOTE = passage(
  PAGE,
  `${ABOVE} › Note on finalizer order`,
  '```pytest\n$ pytest -s test_finalizers.py\n=== test session starts ===\ntest_finalizers.py test_bar\n' +
    '.finalizer_1\nfinalizer_2\n```\n\nThis is so because yield fixtures use *addfinalizer* behind the ' +
    'scenes: when the fixture executes, *addfinalizer* registers a function that resumes the generator, ' +
    'which in turn calls the teardown code.',
  TITLE,
);

const QUESTION = 'How do I register a teardown function from inside a fixture?';

describe('a section whose code is a sample run', () => {
  it('is quoted with the code of the section above it, read by its place', async () => {
    // The page search finds the section above's prose only; its code is in a chunk of its own.
    const retriever = {
      ...pageSearcher([NOTE], [INTRO]),
      documentChunks: async () => [INTRO, CODE, NOTE].map(stored),
    };
    const { text, cited } = await askExtractive(QUESTION, retriever);
    expect(text).toContain('*addfinalizer* registers a function');
    expect(text).toContain('request.addfinalizer(lambda: mail_admin.delete_user(user))');
    expect(cited).toEqual([PAGE]);
  });

  it('reads nothing with a searcher that cannot read a page', async () => {
    const { text } = await askExtractive(QUESTION, pageSearcher([NOTE], [INTRO]));
    expect(text).toContain('*addfinalizer* registers a function');
    expect(text).not.toContain('request.addfinalizer(');
  });
});

/** A section of a long page as the answerer reads it, retrieved at `rank`. */
const read = (section: string, markdown: string, rank = 0): SectionPassage => ({
  doc: rank,
  section,
  headingTerms: new Set(terms(section)),
  sectionTerms: new Set(terms(section.split(' › ').at(-1) ?? '')),
  headingPairs: new Set(),
  joinedPairs: new Set(),
  describedTerms: new Set(),
  ownJoinedPairs: new Set(),
  rank,
  chunk: { title: section.split(' › ')[0] } as SearchResult,
  units: units(markdown),
});

describe('the words of a sample run', () => {
  it('are what is typed at its prompt, not what it printed', () => {
    const [run] = units('```pytest\n$ pytest --markers\n@pytest.mark.slow: mark test as slow.\n```');
    expect([...typedTerms(run!)]).toEqual(terms('pytest --markers'));
    expect(typedTerms(run!).has('slow')).toBe(false);
    const [plain] = units('```python\nmark_slow()\n```');
    expect(typedTerms(plain!)).toBe(plain!.terms);
  });

  it('that it printed count for its section as a string’s words do, not as code', () => {
    const question = 'How do I print something without capturing it?';
    const output = 'F\ntest_print_without_capturing: print something\n```';
    // The same lines, once a run's output after its prompt, once code a reader writes.
    const printed = read('Examples › Options', `\`\`\`pytest\n$ pytest -q test_sample.py\n${output}`, 0);
    const written = read('Examples › Options', `\`\`\`python\npytest_q = test_sample\n${output}`, 1);
    const passages = [printed, written];
    const ranked = rankSections(passages, termWeights(terms(question), passages), 'how');
    const score = (p: SectionPassage) => ranked.find((s) => s.passage === p)!.score;
    expect(score(printed)).toBeLessThan(score(written));
  });
});
