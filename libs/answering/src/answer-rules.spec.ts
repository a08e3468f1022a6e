import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { NOT_FOUND_ANSWER } from './answer-types';
import { unsaid } from './quote-once';
import { sectionPassages } from './section-passage';
import { literalTokens, terms } from './text';
import { termWeights } from './passage-choice';

const chunk = (doc: string, section: string, text: string) =>
  passage(doc, section, text, section.split(' › ')[0]!);

describe('tokens a question writes as code', () => {
  it('are flags and dotted or underscored names, not words', () => {
    expect(literalTokens("How do I configure the coverage.py HTML report's output directory?")).toEqual([
      'coverage.py',
    ]);
    expect(literalTokens('How do I use --frozen-lockfile in CI?')).toEqual(['--frozen-lockfile']);
    expect(literalTokens('What does REDIS_PREFIX do, e.g. for two apps?')).toEqual(['redis_prefix']);
    expect(literalTokens('How do I require at least TLS 1.2 on a built-in entry point?')).toEqual([]);
    // The asker's own values: a version, a domain.
    expect(literalTokens('Does v1.2 let me restrict a token to docs.acme.com or example.org?')).toEqual([]);
    expect(literalTokens('What does http.redirections.entryPoint.to do?')).toEqual([
      'http.redirections.entrypoint.to',
    ]);
  });

  /** pytest's docs: reports of its own, no coverage.py. */
  const JUNIT = chunk(
    'output',
    'Managing pytest’s output › Creating JUnitXML format files',
    'To create result files which can be read by Jenkins or other Continuous integration servers, use this invocation:\n\n```bash\npytest --junit-xml=path\n```\n\nTo set the name of the root test suite xml item, you can configure the `junit_suite_name` option in your config file. The report is written to the output directory you give.',
  );
  const HTML = chunk(
    'output',
    'Managing pytest’s output › HTML report',
    'Plugins can write an HTML report of a test run; configure its output directory in the configuration file.',
  );

  it('decline a question when no retrieved passage writes one, however many words they share', async () => {
    const { text } = await askExtractive(
      "How do I configure the coverage.py HTML report's output directory?",
      pageSearcher([HTML, JUNIT]),
    );
    expect(text).toBe(NOT_FOUND_ANSWER);
  });

  it("do not decline by themselves when they name the asker's own file", async () => {
    const INGEST = chunk(
      'ingest',
      'Ingesting documents › From files',
      'Markdown, HTML and text files are ingested with `docqa ingest PATH`; a folder is walked and each file becomes a document.',
    );
    const { text, cited } = await askExtractive(
      'How do I ingest a Markdown file like notes.md?',
      pageSearcher([INGEST]),
    );
    expect(text).not.toBe(NOT_FOUND_ANSWER);
    expect(text).toContain('docqa ingest PATH');
    expect(cited).toEqual(['ingest']);
  });

  it('put first the section that writes the flag asked about', async () => {
    const CI = chunk(
      'continuous-integration',
      'Continuous Integration › Frozen lockfile in CI',
      'In CI, pnpm uses a frozen lockfile: an install whose lockfile is not up to date fails, so the lockfile you committed is the one CI uses.',
    );
    const OPTIONS = chunk(
      'install',
      'pnpm install › Options',
      '- `--frozen-lockfile`: Don’t generate a lockfile and fail if an update is needed. This setting is on by default in CI.\n- `--prefer-offline`: Bypass staleness checks for cached data.',
    );
    const { cited } = await askExtractive(
      'How do I use --frozen-lockfile in CI?',
      pageSearcher([CI, OPTIONS]),
    );
    expect(cited[0]).toBe('install');
  });
});

describe('the command of a how-do-I on a CLI page', () => {
  /** Asciidoctor's page on the safe mode from the CLI: an introduction, then its flags as a definition list. */
  const CLI_INTRO = chunk(
    'cli-safe-mode',
    'Set the Safe Mode Using the CLI',
    'When Asciidoctor is invoked via the CLI, the safe mode is set to `UNSAFE` by default.',
  );
  const CLI_FLAGS = chunk(
    'cli-safe-mode',
    'Set the Safe Mode Using the CLI › Assign safe mode level',
    'You can change the security level by executing one of the following commands:\n\n`-S`, `--safe-mode=SAFE_MODE`\n\nSets the safe mode level of the document according to the assigned level (`UNSAFE`, `SAFE`, `SERVER`, `SECURE`).\n\n`--safe`, `asciidoctor-safe`\n\nSets the safe mode level to `SAFE`.',
  );
  const API = chunk(
    'api-safe-mode',
    'Set the Safe Mode Using the API › Set :safe option',
    "The safe mode can be set from the API using the `:safe` option. The `:safe` option accepts the safe mode as a string:\n\n```ruby\nAsciidoctor.convert_file 'doc.adoc', safe: 'server'\n```",
  );

  it('is its list of flags, quoted though the introduction said "safe mode" already, before the runner-up of another page', async () => {
    const retriever = pageSearcher([CLI_INTRO, API], [CLI_INTRO, CLI_FLAGS]);
    const { text, cited } = await askExtractive(
      'How do I set the safe mode when running the CLI?',
      retriever,
    );
    expect(text).toContain('`-S`, `--safe-mode=SAFE_MODE`');
    expect(text).toContain('You can change the security level by executing one of the following commands');
    // The API page, as good a match, is still quoted (briefly), after the CLI page's command.
    expect(cited).toEqual(['cli-safe-mode', 'api-safe-mode']);
    expect(retriever.queries.some((q) => q.filters.some((f) => f.property === 'document_id'))).toBe(true);
  });
});

describe('a near tie that gives a command', () => {
  /** rclone: the GUI's one-line "Mounts" section first, then the later part of `rclone mount`'s synopsis. */
  const GUI = chunk(
    'gui',
    'rclone gui › Using the GUI › Mounts',
    'Mount remotes as local drives on your computer and check on your existing mounts.',
  );
  const MOUNT_START = chunk(
    'rclone_mount',
    'rclone mount › Synopsis',
    "Rclone mount allows Linux, FreeBSD, macOS and Windows to mount any of Rclone's cloud storage systems as a file system with FUSE. First set up your remote using `rclone config`. Check it works with `rclone ls` etc. On Linux and macOS, you can run mount in either foreground or background (aka daemon) mode. Mount runs in foreground mode by default. Use the `--daemon` flag to force background mode:\n\n```console\nrclone mount remote:path/to/files /path/to/local/mount\n```",
  );
  const MOUNT_LATER = chunk(
    'rclone_mount',
    'rclone mount › Synopsis',
    'When running in background mode the user will have to stop the mount manually:\n\n```console\n# Linux\nfusermount -u /path/to/local/mount\n```\n\nThe umount operation can fail, for example when the mountpoint is busy. The size of the mounted file system will be set according to information retrieved from the remote, the same as returned by the `rclone about` command.',
  );

  it('has its page searched with the best one’s, in one search, and its section quoted with the part that gives the command', async () => {
    const retriever = pageSearcher([MOUNT_LATER, GUI], [MOUNT_START]);
    const { text } = await askExtractive('How do I mount a remote as a local folder?', retriever);
    expect(text).toContain('rclone mount remote:path/to/files /path/to/local/mount');
    const pages = retriever.queries.flatMap((q) => q.filters.filter((f) => f.property === 'document_id'));
    expect(pages.map((f) => f.value)).toEqual([['gui', 'rclone_mount']]);
  });
});

describe('a sentence said once', () => {
  it('is one whose words were quoted, unless it names code not quoted yet', () => {
    const [intro, flags] = sectionPassages(
      [
        {
          passages: [
            chunk('p', 'Safe mode', 'The safe mode is set to `UNSAFE` by default.'),
            chunk('p', 'Safe mode › Flags', '`--safe-mode`\n\nThe safe mode.'),
          ],
        },
      ],
      new Map(),
    );
    const left = unsaid(flags!.units, intro!.units);
    expect(left.map((u) => u.text)).toEqual(['`--safe-mode`']);
  });
});

describe('a task asked as "the best way to…"', () => {
  /** rclone's crypt page: its backup section, which writes none of the question's grading words. */
  const BACKUP = chunk(
    'crypt',
    'Crypt › Backing up an encrypted remote',
    'If you wish to backup an encrypted remote, it is recommended that you use `rclone sync` on the encrypted files.\n\n```console\nrclone sync --interactive remote:crypt remote2:crypt\n```',
  );

  it('weighs the grading word as phrasing, not as much as a word of the task none holds', () => {
    const question = 'What is the best way to back up an encrypted remote to a second provider?';
    const weights = termWeights(
      [...new Set(terms(question))],
      sectionPassages([{ passages: [BACKUP] }], new Map()),
    );
    expect(weights.get('best')!).toBeLessThan(weights.get('second')! / 2);
  });
});
