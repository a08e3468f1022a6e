import { GUIDE, ROUTER } from './testing/access-log-guides';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** A CLI's command page that points to another command for the task beside its own. */
const DELETE = passage(
  'commands/rclone_delete',
  'rclone delete › Synopsis',
  'Remove the files in path. Unlike [purge](https://docs.example/commands/rclone_purge/) it obeys ' +
    'include/exclude filters so can be used to selectively delete files.\n\n' +
    '`rclone delete` only deletes files but leaves the directory structure alone. If you want to ' +
    'delete a directory and all of its contents use the ' +
    '[purge](https://docs.example/commands/rclone_purge/) command.\n\n' +
    'If you supply the `--rmdirs` flag, it will remove all empty directories along with it.\n\n' +
    'For example, to delete all files bigger than 100 MiB, you may first want to check what would ' +
    'be deleted (use either):\n\n```sh\nrclone --min-size 100M lsl remote:path\n' +
    'rclone --dry-run --min-size 100M delete remote:path\n```',
  'rclone delete',
);
/** A backend's note that also deletes a directory with everything in it, in more of the words. */
const CHUNKER = passage(
  'chunker',
  'Chunker › Migrations',
  'An easy way to get rid of hidden garbage is to copy littered directory somewhere using the ' +
    'chunker remote and purge the original directory. The `copy` command will copy only active ' +
    'chunks while the `purge` will remove everything including garbage in the directory.',
  'Chunker',
);
const PURGE = passage(
  'commands/rclone_purge',
  'rclone purge › Synopsis',
  'Remove the path and all of its contents. Note that this does not obey include/exclude ' +
    'filters - everything will be removed. Use the [delete](https://docs.example/commands/rclone_delete/) ' +
    'command if you want to selectively delete files.\n\n```\nrclone purge remote:path [flags]\n```',
  'rclone purge',
);

describe('a how-do-I whose best sentence sends the reader to another page', () => {
  it('quotes the page that sentence links to when it was retrieved', async () => {
    const { text, cited } = await askExtractive(
      'How do I delete a directory on a remote together with everything in it?',
      pageSearcher([DELETE, CHUNKER, PURGE]),
    );
    expect(text).toContain('rclone purge remote:path');
    expect(cited).toEqual(['commands/rclone_delete', 'commands/rclone_purge']);
  });

  it('does not follow a link that a sentence gives in passing', async () => {
    // "Unlike [purge](…) it obeys filters" holds less of the question than the section's best
    // sentence, which links nowhere.
    const deleteOnly = passage(
      'commands/rclone_delete',
      'rclone delete › Synopsis',
      'Remove the files in path. Unlike [purge](https://docs.example/commands/rclone_purge/) it ' +
        'obeys include/exclude filters.\n\n`rclone delete` deletes the files in a directory on a ' +
        'remote but leaves the directory structure alone.\n\n```sh\nrclone delete remote:path\n```',
      'rclone delete',
    );
    const { cited } = await askExtractive(
      'How do I delete the files in a directory on a remote?',
      pageSearcher([deleteOnly, CHUNKER, PURGE]),
    );
    expect(cited).not.toContain('commands/rclone_purge');
  });
});

describe('a pointer sentence right after the best sentence', () => {
  const REFERENCE = passage(
    'reference/logs',
    'Logs › AccessLogs',
    'Access logs are written to standard output by default.\n\n```yaml\naccessLog: {}\n```',
    'Logs & Access Logs',
  );

  it('sends the reader to the page it links to', async () => {
    const { cited } = await askExtractive(
      'How do I enable access logs?',
      pageSearcher([GUIDE, ROUTER, REFERENCE]),
    );
    expect(cited).toEqual(['setup/docker', 'reference/logs']);
  });

  it('does not send for a pointer that says what its link is for', async () => {
    const forOther = passage(
      'setup/docker',
      'Setup › Access Logs',
      GUIDE.text.replace(
        'See the [Access Logs Documentation](https://docs.example/reference/logs/).',
        'See the [Access Logs Documentation](https://docs.example/reference/logs/) for the fields of a line.',
      ),
      'Setup with Docker',
    );
    const { cited } = await askExtractive(
      'How do I enable access logs?',
      pageSearcher([forOther, ROUTER, REFERENCE]),
    );
    expect(cited).not.toContain('reference/logs');
  });

  it('sends nowhere after a sentence that is not the best', async () => {
    // The pointer follows the guide's opening, which holds less of the question.
    const opening = passage(
      'setup/docker',
      'Setup › Access Logs',
      'You can configure the proxy to log requests. See the ' +
        '[Access Logs Documentation](https://docs.example/reference/logs/).\n\n' +
        '```yaml\ncommand:\n  - "--accesslog=true"\n```\n\n' +
        "This enables access logs to the container's standard output.",
      'Setup with Docker',
    );
    const { cited } = await askExtractive(
      'How do I enable access logs?',
      pageSearcher([opening, ROUTER, REFERENCE]),
    );
    expect(cited).not.toContain('reference/logs');
  });
});
