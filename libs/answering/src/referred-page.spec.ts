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
