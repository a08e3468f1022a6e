import { NOT_FOUND_ANSWER } from './answer-types';
import { answerTo, rankedSection as section } from './testing/page-searcher';

describe('"not covered": a name the question writes another way than the docs', () => {
  it('answers a question naming a file by its own name that a section names by its pattern', async () => {
    const docs = [
      section(
        'Test discovery',
        'Changing naming conventions',
        'Set the file patterns pytest collects:\n\n```toml\n[pytest]\npython_files = ["check_*.py"]\n```',
        0,
      ),
      section('Test discovery', 'Ignoring paths', 'Pass `--ignore=path` to skip a path.', 1),
    ];
    const text = await answerTo(
      "My test files are named check_db.py and pytest doesn't find them, why?",
      docs,
    );
    expect(text).toContain('python_files');
    // A pattern of the file's kind alone (`*.py`) names no file: still declined.
    const kind = [section('Test discovery', 'Naming', 'pytest collects `*.py` files as test modules.', 0)];
    expect(await answerTo('Why is coverage_db.py not collected?', kind)).toBe(NOT_FOUND_ANSWER);
  });

  it('answers a question naming by its abbreviation what the docs name in full ("RAM": memory)', async () => {
    // rclone's FAQ, asked "Rclone eats too much RAM, can I make it use less?": "RAM", a name no
    // section held, declined the question the top hit answers.
    const docs = [
      section(
        'FAQ',
        'Rclone is using too much memory',
        'It is possible to tune the garbage collector to use less memory by setting GOGC to a lower value, say `export GOGC=20`.',
        0,
      ),
      section('Docs', '--buffer-size', 'Use this sized buffer to speed up file transfers.', 1),
    ];
    expect(await answerTo('Rclone eats too much RAM, can I make it use less?', docs)).toContain('GOGC=20');
  });
});
