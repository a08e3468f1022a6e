import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** Asciidoctor's page on a script that migrates Confluence pages: its opening, then its steps. */
const PAGE = 'migrate/pages/confluence-xhtml.adoc';
const TITLE = 'Migrate from Confluence XHTML to Asciidoctor';
const OPENING = passage(
  PAGE,
  TITLE,
  'You can convert Atlassian Confluence XHTML pages to Asciidoctor using this Groovy script.\n\n' +
    'The script calls Pandoc to convert single or multiple HTML files exported from Confluence to ' +
    'AsciiDoc files. You’ll need Pandoc installed before running this script.',
  TITLE,
);
const USAGE = passage(
  PAGE,
  `${TITLE} › Usage`,
  [
    ' 1. Save the script contents to a `convert.groovy` file in a working directory.',
    ' 2. Make the file executable according to your specific OS requirements.',
    ' 3. Create an `html` directory for input files and an `asciidoc` directory for output files.',
    ' 4. Place individual files, or a directory containing files, into the `html` directory.',
    ' 5. Run `groovy convert` to convert the files contained inside the `html` directory.',
    ' 6. Look for the generated output file in the `asciidoc` directory.',
  ].join('\n\n'),
  TITLE,
);
const FIRST = passage(
  'get-started/pages/index.adoc',
  'Convert Your First AsciiDoc File',
  'On this page, you’ll learn how to run Asciidoctor on an AsciiDoc document and convert it to HTML.',
  'Convert Your First AsciiDoc File',
);

describe('a step that says to run a command written as code', () => {
  it('gives the command of a page whose opening answers in prose', async () => {
    const retriever = pageSearcher([OPENING, USAGE, FIRST], []);
    const { text } = await askExtractive(
      'How do I convert pages exported from Confluence to AsciiDoc?',
      retriever,
    );
    expect(text).toContain('using this Groovy script');
    expect(text).toContain('Run `groovy convert`');
  });
});

/** Redis's persistence page (redis/redis-doc, docs/management/persistence.md): its FAQ's switch to AOF. */
const SWITCH = passage(
  'management/persistence.md',
  'Redis persistence › How I can switch to AOF, if I’m currently using dump.rdb snapshots?',
  [
    'If you want to enable AOF in a server that is currently using RDB snapshots, you need to convert the data by enabling AOF via CONFIG command on the live server first.',
    '**IMPORTANT:** not following this procedure (e.g. just changing the config and restarting the server) can result in data loss!',
    '**Redis >= 2.2**',
    'Preparations:',
    '* Make a backup of your latest dump.rdb file.\n* Transfer this backup to a safe place.',
    'Switch to AOF on live database:',
    '* Enable AOF: `redis-cli config set appendonly yes`\n* Optionally disable RDB: `redis-cli config set save ""`\n* Make sure writes are appended to the append only file correctly.\n* **IMPORTANT:** Update your `redis.conf` (potentially through `CONFIG REWRITE`) and ensure that it matches the configuration above.\n  If you forget this step, when you restart the server, the configuration changes will be lost and the server will start again with the old configuration, resulting in a loss of your data.',
    'Next time you restart the server:',
    '* Before restarting the server, wait for AOF rewrite to finish persisting the data.\n  You can do that by watching `INFO persistence`, waiting for `aof_rewrite_in_progress` and `aof_rewrite_scheduled` to be `0`, and validating that `aof_last_bgrewrite_status` is `ok`.\n* After restarting the server, check that your database contains the same number of keys it contained previously.',
    '**Redis 2.0**',
    [
      '* Make a backup of your latest dump.rdb file.',
      '* Transfer this backup into a safe place.',
      '* Stop all the writes against the database!',
      '* Issue a `redis-cli BGREWRITEAOF`. This will create the append only file.',
      '* Stop the server when Redis finished generating the AOF dump.',
      '* Edit redis.conf end enable append only file persistence.',
      '* Restart the server.',
      '* Make sure that your database contains the same number of keys it contained before the switch.',
      '* Make sure that writes are appended to the append only file correctly.',
    ].join('\n'),
  ].join('\n\n'),
  'Redis persistence',
);

/** Its administration page's section on restarts, which retrieval ranks second. */
const RESTART = passage(
  'management/admin.md',
  'Redis administration › Upgrading or restarting a Redis instance without downtime',
  [
    'Redis is designed to be a long-running process in your server. You can modify many configuration options without a restart using the `CONFIG SET` command. You can also switch from AOF to RDB snapshots persistence, or the other way around, without restarting Redis. Check the output of the `CONFIG GET *` command for more information.',
    'From time to time, a restart is required, for example, to upgrade the Redis process to a newer version, or when you need to modify a configuration parameter that is currently not supported by the `CONFIG` command.',
    'Follow these steps to avoid downtime.',
    '* Set up your new Redis instance as a replica for your current Redis instance. In order to do so, you need a different server, or a server that has enough RAM to keep two instances of Redis running at the same time.',
    '* If you use a single server, ensure that the replica is started on a different port than the master instance, otherwise the replica cannot start.',
    "* Wait for the replication initial synchronization to complete. Check the replica's log file.",
  ].join('\n\n'),
  'Redis administration',
);

describe('a step labelled by what it does, then its command as code', () => {
  it('takes the window of a how-do-I on to it, past the preparations', async () => {
    const retriever = pageSearcher([SWITCH, RESTART], []);
    const { text } = await askExtractive(
      'How do I switch a running server from RDB snapshots to AOF without a restart?',
      retriever,
    );
    expect(text).toContain('Enable AOF: `redis-cli config set appendonly yes`');
  });
});
