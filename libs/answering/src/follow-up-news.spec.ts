import type { SearchResult } from '@docqa/contracts';
import { ExtractiveAnswerer } from './extractive-answerer';
import { pageSearcher, passage } from './testing/page-searcher';

/** What a search of a test runner's docs finds for a follow-up on stopping at the first failure. */
const FAILURES = [
  passage(
    'failures',
    'Stopping after the first (or N) failures',
    'To stop the testing process after the first (N) failures:\n\n' +
      '```bash\npytest -x           # stop after first failure\npytest --maxfail=2  # stop after two failures\n```',
    'How to handle test failures',
  ),
  passage(
    'cache',
    'Stepwise',
    'The test suite will run until the first failure and then stop; the next run continues from it.',
    'How to re-run failed tests',
  ),
  passage(
    'failures',
    'Dropping to pdb on failures',
    'Python comes with a builtin Python debugger called pdb. pytest allows one to drop into the pdb ' +
      'prompt via a command line option:\n\n```bash\npytest --pdb\n```\n\n' +
      'Often you might only want to do this for the first failing test:\n\n' +
      '```bash\npytest -x --pdb   # drop to PDB on first failure, then end test session\n```',
    'How to handle test failures',
  ),
];

async function followUp(question: string, previous: string, results: SearchResult[]): Promise<string> {
  let text = '';
  for await (const c of new ExtractiveAnswerer(pageSearcher(results)).answer({
    tenant: 't',
    question,
    history: [{ question: 'How do I stop the test run after the first failure?', answer: previous }],
    filters: [],
  }))
    if (c.type === 'delta') text += c.text;
  return text;
}

describe('a follow-up after an answer that quoted the best section', () => {
  const previous = 'To stop the testing process after the first (N) failures [1]:\n\n```bash\npytest -x\n```';

  it('leads with the section on what it asks anew, which the answer before did not quote', async () => {
    const text = await followUp('And how do I also open the debugger at that failure?', previous, FAILURES);
    expect(text).toContain('pytest -x --pdb');
    expect(text.indexOf('debugger')).toBeLessThan(text.indexOf('stop the testing process') >>> 0);
  });

  it('keeps the section first when the answer before did not quote it', async () => {
    const text = await followUp(
      'And how do I also open the debugger at that failure?',
      'See the docs.',
      FAILURES,
    );
    expect(text.startsWith('To stop the testing process')).toBe(true);
  });
});
