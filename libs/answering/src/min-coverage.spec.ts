import { NOT_FOUND_ANSWER } from './answer-types';
import { answerTo, rankedSection as section } from './testing/page-searcher';

/** What a search of a package manager's docs finds for a question in a visitor's own words. */
const MERGE = [
  section(
    'Git branch lockfiles',
    'Merge git branch lockfiles › `pnpm install --merge-git-branch-lockfiles`',
    'To merge all git branch lockfiles, just specify `--merge-git-branch-lockfiles` to `pnpm install` ' +
      'command.\n\nAfter that, all git branch lockfiles will be merged into one `pnpm-lock.yaml`',
    0,
  ),
  section(
    'Git branch lockfiles',
    'Use git branch lockfiles',
    'Set `gitBranchLockfile: true` in `pnpm-workspace.yaml` to turn them on.',
    1,
  ),
  section(
    'Filtering',
    'Combining filters',
    'Several filters combine into one: a package must match them all.',
    2,
  ),
  section(
    'pnpm rollback',
    'Go back to a single version',
    'Goes back to the version one package had before.',
    3,
  ),
  section('Settings', 'Per-package settings', 'A setting may be given per package, one at a time.', 4),
];

describe('the share of the question the section that answers must hold (MIN_COVERAGE)', () => {
  it('does not decline a question in words the docs do not use that other sections hold', async () => {
    // "combine", "per", "back" are the visitor's words, each held by another retrieved section;
    // the docs say "merge". The section that answers holds 0.39 of the question by weight: under
    // 0.4, the question was declined.
    const text = await answerTo(
      'How do I combine all the per-branch lockfiles back into a single one?',
      MERGE,
    );
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('--merge-git-branch-lockfiles');
  });
});
