import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** rclone's docs: a global flag's section, a backend's note, and the command page for the task. */
const REFRESH_TIMES = passage(
  'docs',
  'Usage › Main options › --refresh-times',
  "If this flag is used when rclone comes to upload a file it will check to see if there is an existing file on the destination. If this file matches the source with size (and checksum if available) but has a differing timestamp then instead of re-uploading it, rclone will update the timestamp on the destination file. If the checksum does not match rclone will upload the new file. If the checksum is absent (e.g. on a `crypt` backend) then rclone will update the timestamp.\n\nNote that some remotes can't set the modification time without re-uploading the file so this flag is less useful on them.\n\nNormally if you are doing a modification time sync rclone will update modification times without `--refresh-times` provided that the remote supports checksums **and** the checksums match on the file. However if the checksums are absent then rclone will upload the file rather than setting the timestamp as this is the safe behaviour.",
  'Usage',
);
const CHUNKER = passage(
  'chunker',
  'Chunker › Configuration › Modification times',
  'Chunker stores modification times using the wrapped remote so support depends on that. For a small non-chunked file the chunker overlay simply manipulates modification time of the wrapped remote file. For a composite file with metadata chunker will get and set modification time of the metadata object on the wrapped remote. If file is chunked but metadata format is `none` then chunker will use modification time of the first data chunk.',
  'Chunker',
);
const FTP = passage(
  'ftp',
  'FTP › Limitations › Modification times',
  'File modification time (timestamps) is supported to 1 second resolution for major FTP servers: ProFTPd, PureFTPd, VsFTPd, and FileZilla FTP server. The `VsFTPd` server has non-standard implementation of time related protocol commands and needs a special configuration setting: `writing_mdtm = true`.\n\nSupport for precise file time with other FTP servers varies depending on what protocol extensions they advertise. If all the `MLSD`, `MDTM` and `MFTM` extensions are present, rclone will use them together to provide precise time. Otherwise the times you see on the FTP server through rclone are those of the last file upload.',
  'FTP',
);
const MOD_TIME = passage(
  'overview',
  'Overview of cloud storage systems › Features › ModTime',
  'Almost all cloud storage systems store some sort of timestamp on objects, but several of them not something that is appropriate to use for syncing. E.g. some backends will only write a timestamp that represents the time of the upload. To be relevant for syncing it should be able to store the modification time of the source object. If this is not the case, rclone will only check the file size by default, though can be configured to check the file hash (with the `--checksum` flag). Ideally it should also be possible to change the timestamp of an existing file without having to re-upload it.',
  'Overview of cloud storage systems',
);
const TOUCH = passage(
  'commands/rclone_touch',
  'rclone touch › Synopsis',
  'Set the modification time on file(s) as specified by remote:path to have the current time.\n\n' +
    'If remote:path does not exist then a zero sized file will be created, unless `--no-create` ' +
    'or `--recursive` is provided.\n\n```\nrclone touch remote:path [flags]\n```',
  'rclone touch',
);
const MOUNT = passage(
  'commands/rclone_mount',
  'rclone mount › Symlinks',
  'By default rclone mount does not set the modification time of a symlink on a remote.\n\n' +
    '```\nrclone mount remote:path /mnt --links\n```',
  'rclone mount',
);

/** The share link: the overview's feature note, the command's one-line opening, its synopsis. */
const LINK_SHARING = passage(
  'overview',
  'Overview of cloud storage systems › Optional Features › LinkSharing',
  'Sets the necessary permissions on a file or folder and prints a link that allows others to ' +
    "access them, even if they don't have an account on the particular cloud provider.",
  'Overview of cloud storage systems',
);
const LINK = passage(
  'commands/rclone_link',
  'rclone link',
  'Generate public link to file/folder.',
  'rclone link',
);
const LINK_SYNOPSIS = passage(
  'commands/rclone_link',
  'rclone link › Synopsis',
  'Create, retrieve or remove a public link to the given file or folder.\n\n```console\n' +
    'rclone link remote:path/to/file\nrclone link --unlink remote:path/to/folder/\n```',
  'rclone link',
);
/** The VFS commands' section on symlinks, as `rclone serve` and `rclone mount` pages repeat it. */
const symlinks = (command: string) =>
  passage(
    `commands/rclone_${command.replace(' ', '_')}`,
    `rclone ${command} › Symlinks`,
    'By default the VFS does not support symlinks. However this may be enabled with either of the ' +
      "following flags:\n\n```text\n    --links      Translate symlinks to/from regular files with a '.rclonelink' extension.\n```\n\n" +
      'As most cloud storage systems do not support symlinks directly, rclone stores the symlink as ' +
      'a normal file with a special extension. So a file which appears as a symlink ' +
      '`link-to-file.txt` would be stored on cloud storage as `link-to-file.txt.rclonelink` and the ' +
      'contents would be the path to the symlink destination.',
    `rclone ${command}`,
  );
const SYMLINKS = ['mount', 'serve http', 'serve webdav', 'serve sftp'].map(symlinks);

describe('a how-do-I whose task a command page’s summary says', () => {
  it('quotes the command its page writes when another page’s prose holds more of the question', async () => {
    const retriever = pageSearcher([REFRESH_TIMES, CHUNKER, TOUCH, FTP, MOD_TIME, MOUNT], []);
    const { text, cited } = await askExtractive(
      'How do I set the modification time of a file on a remote to now?',
      retriever,
    );
    expect(text).toContain('rclone touch remote:path');
    expect(cited).toContain('commands/rclone_touch');
  });

  it('searches the command’s page for its synopsis when only its opening was retrieved', async () => {
    const retriever = pageSearcher([LINK_SHARING, LINK, ...SYMLINKS], [LINK, LINK_SYNOPSIS]);
    const { text } = await askExtractive(
      'How do I get a public share link for a file on my cloud storage?',
      retriever,
    );
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: ['overview', 'commands/rclone_link'] },
    ]);
    expect(text).toContain('rclone link remote:path/to/file');
  });

  it('does not take a command page’s other section for its summary', async () => {
    // The mount page's section on symlinks writes its command, yet does not say what it is for.
    const retriever = pageSearcher([REFRESH_TIMES, CHUNKER, FTP, MOD_TIME, MOUNT], []);
    const { text } = await askExtractive(
      'How do I set the modification time of a file on a remote to now?',
      retriever,
    );
    expect(text).not.toContain('rclone mount remote:path');
  });
});
