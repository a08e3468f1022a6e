import type { SearchResult } from '@docqa/contracts';
import { askedToggle, askedVerb, intentFit, questionIntent, switchesAs } from './question-intent';
import { askExtractive, pageSearcher, stored } from './testing/page-searcher';
import { sectionPassages } from './section-passage';

const passage = (chunkId: string, section: string, text: string, score: number): SearchResult => ({
  document_id: 'persistence',
  chunk_id: chunkId,
  title: 'Redis persistence',
  url: null,
  section,
  text,
  score,
  metadata: {},
});

/** Two sections of a persistence page: one turns the AOF on, one backs its files up. */
const PERSISTENCE = [
  passage(
    'persistence#4',
    'Redis persistence › Backing up Redis data › Backing up AOF persistence',
    'If you run a Redis instance with only AOF persistence enabled, you can still perform backups. ' +
      'Since Redis 7.0.0, AOF files are split into multiple files which reside in a single directory ' +
      'determined by the `appenddirname` configuration. During normal operation all you need to do is ' +
      'copy or tar the files in this directory to achieve a backup of AOF persistence:\n\n' +
      '```\nredis-cli CONFIG SET auto-aof-rewrite-percentage 0\n```\n\n' +
      'Turn AOF persistence back on when the backup of AOF persistence is done.',
    0.9,
  ),
  passage(
    'persistence#2',
    'Redis persistence › Append-only file',
    'You can turn on the AOF in your configuration file:\n\n```\nappendonly yes\n```\n\n' +
      'From now on, every time Redis receives a command that changes the dataset (e.g. SET) it will ' +
      'append it to the AOF. When you restart Redis it will re-play the AOF to rebuild the state.',
    0.8,
  ),
];

async function answerTo(question: string): Promise<string> {
  const retriever = { search: async () => ({ results: PERSISTENCE, took_ms: 0 }) };
  return (await askExtractive(question, retriever)).text;
}

/**
 * The same page as retrieval met it on the Redis docs: its backup section, which writes inline code
 * only, found; the section that turns the AOF on not; the page's first code its snapshot setting.
 */
const BACKUP = passage(
  'persistence#30',
  'Redis persistence › Backing up Redis data › Backing up AOF persistence',
  'If you run a Redis instance with only AOF persistence enabled, you can still perform backups. ' +
    'To work around a rewrite, turn off automatic rewrites with `CONFIG SET auto-aof-rewrite-percentage 0`.',
  0.9,
);
const SNAPSHOTS = passage(
  'persistence#7',
  'Redis persistence › Snapshotting',
  'You can configure Redis to save the dataset every N seconds:\n\n```\nsave 60 1000\n```',
  0.5,
);
const REPLICATION = {
  ...passage(
    'replication#3',
    'Replication › Safety of replication when master has persistence turned off',
    'It is strongly advised to have persistence turned on in the master and in the replicas, ' +
      'or to configure instances to avoid restarting automatically after a reboot.',
    0.8,
  ),
  document_id: 'replication',
  title: 'Replication',
};

describe('passage choice by intent', () => {
  it('searches the page of a section doing another task for the section doing the one asked', async () => {
    const page = [SNAPSHOTS, PERSISTENCE[1]!, BACKUP];
    const retriever = {
      ...pageSearcher([BACKUP, REPLICATION], [PERSISTENCE[1]!]),
      documentChunks: async (_tenant: string, id: string) =>
        page.filter((r) => r.document_id === id).map(stored),
    };
    const text = (await askExtractive('How do I turn on AOF persistence?', retriever)).text;
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: 'persistence' },
    ]);
    expect(text).toContain('appendonly yes');
    expect(text).not.toContain('save 60 1000');
  });

  it('quotes the section that turns a feature on, not the one that mentions it beside another task', async () => {
    const text = await answerTo('How do I turn on AOF persistence?');
    expect(text).toContain('appendonly yes');
    expect(text).not.toContain('auto-aof-rewrite-percentage');
  });

  it('quotes the section whose heading names what is asked when that is another task', async () => {
    expect(await answerTo('How do I back up AOF persistence?')).toMatch(/^If you run a Redis instance/);
  });

  it.each([
    ['How do I turn on AOF persistence?', 'enable'],
    ['And how do I turn it off again?', 'disable'],
    ['How do I make a replica?', 'create'],
    ['How do I start Sentinel?', 'start'],
    ['How do I configure Qdrant?', 'configure'],
    ['How do I patch a bug in a dependency myself?', 'do:patch'],
    ['How do I use pnpm in GitHub Actions?', null],
    ['What is a tenant?', null],
  ])('reads %p as asking to %p', (question, intent) => {
    expect(questionIntent(question)).toBe(intent);
  });
});

describe('a heading that names another task', () => {
  const sectionOf = (section: string, text: string) =>
    sectionPassages(
      [{ passages: [{ ...passage('p#1', section, text, 1), title: 'Basic patterns' }] }],
      new Map(),
    )[0]!;

  it('lowers a section, but changing a setting is not another task: it is how many are done', () => {
    // pytest's "How to change command line options defaults" answers "How do I add command-line
    // options to every pytest run through the configuration file?" with its `addopts` setting.
    const defaults = sectionOf(
      'Basic patterns › How to change command line options defaults',
      'You can put them in a configuration file:\n\n```toml\n[pytest]\naddopts = ["-ra", "-q"]\n```',
    );
    expect(
      intentFit(defaults, questionIntent('How do I add command-line options to every pytest run?')),
    ).toBe(1);
    const backup = sectionOf(
      'Redis persistence › Backing up AOF persistence',
      'Copy the files of the AOF directory.',
    );
    expect(intentFit(backup, questionIntent('How do I turn on AOF persistence?'))).toBe(0.75);
  });

  it('does not lower a section headed by adding a thing for a question that sets it', () => {
    // Asciidoctor's "Add a Favicon" answers "How do I set the little icon that shows in the browser tab?".
    const favicon = sectionOf('Add a Favicon', 'The favicon is the icon shown in the browser tab.');
    expect(intentFit(favicon, questionIntent('How do I set the icon shown in the browser tab?'))).toBe(1);
    const removing = sectionOf('Remove a Favicon', 'Unset the favicon attribute.');
    expect(intentFit(removing, questionIntent('How do I set the icon shown in the browser tab?'))).toBe(0.75);
  });

  it('reads a "Quick start" heading as a guide, not as the task of starting something', () => {
    // docsify's "Quick start" installs its command-line tool first.
    const quick = sectionOf(
      'Quick start',
      'Install the `docsify-cli` tool globally:\n\n```bash\nnpm i docsify-cli -g\n```',
    );
    const install = questionIntent('How do I install the docsify command line tool?');
    expect(intentFit(quick, install)).toBeGreaterThan(1);
    expect(intentFit(quick, questionIntent('How do I start the preview server?'))).toBe(1);
    expect(intentFit(sectionOf('Start the server', 'Run `docsify serve docs`.'), install)).toBe(0.75);
  });

  it('counts the command a step gives under its sentence as the section doing the task', () => {
    // Loki's "Install with Docker on Linux", asked to run Loki in a Docker container: its third
    // step starts the container, as Fluent Bit's Docker example, beside it, starts its own.
    const steps = (command: string) =>
      sectionOf(
        'Install Loki with Docker › Install with Docker on Linux',
        '1. Download the configuration file to your directory.\n\n' +
          `1. Copy and paste the following command into your command line.\n\n    \`\`\`bash\n    ${command}\n    \`\`\``,
      );
    const run = questionIntent('How do I run Loki in a Docker container with my own config file?');
    // 0.75 for the heading's other task, then 0.1 for the step that writes the verb and 0.1 for its code.
    expect(intentFit(steps('docker run --name loki -d -p 3100:3100 grafana/loki:3.6.0'), run)).toBeCloseTo(
      0.95,
    );
    expect(intentFit(steps('wget https://example.com/loki-local-config.yaml'), run)).toBe(0.75);
  });
});

describe('a phrasal verb written in one word', () => {
  /** rclone's docs: a backup section that says "set up", and the command page that says "setup". */
  const REMOTES: SearchResult[] = [
    {
      ...passage(
        'crypt#12',
        'Crypt › Backing up an encrypted remote',
        'If you wish to backup an encrypted remote, it is recommended that you use `rclone sync` on ' +
          'the encrypted files. For example, you would set up the new remote `remote2:` and then the ' +
          'encrypted version `eremote2:` with path `remote2:crypt`.\n\n' +
          '```console\nrclone sync --interactive remote:crypt remote2:crypt\n```',
        0.9,
      ),
      document_id: 'crypt',
      title: 'Crypt',
    },
    {
      ...passage(
        'rclone_config#1',
        'rclone config › Synopsis',
        'Enter an interactive configuration session where you can setup new remotes and manage ' +
          'existing ones.\n\n```\nrclone config [flags]\n```',
        0.8,
      ),
      document_id: 'rclone_config',
      title: 'rclone config',
    },
  ];

  it('asks for the same task as the two words', () => {
    expect(questionIntent('How do I setup a new remote?')).toBe('install');
    expect(questionIntent('How do I set up a new remote?')).toBe('install');
  });

  it('is the task asked in two words, and the "up" of "Backing up" is not', async () => {
    const retriever = { search: async () => ({ results: REMOTES, took_ms: 0 }) };
    const { text } = await askExtractive('How do I set up a new remote?', retriever);
    expect(text).toMatch(/^Enter an interactive configuration session/);
    expect(text).toContain('rclone config [flags]');
  });
});

describe('a question asking to keep a thing from happening', () => {
  const hostEnv = (chunkId: string, section: string, text: string, score: number): SearchResult => ({
    ...passage(chunkId, section, text, score),
    document_id: 'host-env',
    title: 'Host Environment',
  });
  /** AgentOps's host environment page: what it collects, then how to turn that off. */
  const HOST_ENV = [
    hostEnv(
      'host-env#1',
      'Host Environment › Collected Information',
      'AgentOps automatically collects information about the machine your agent runs on:\n\n' +
        '- **Operating System**: The OS type and version\n- **Hostname**: The name of the host machine',
      0.9,
    ),
    hostEnv(
      'host-env#2',
      'Host Environment › Disabling Host Environment Collection',
      'If needed, you can disable host environment collection when initializing AgentOps:\n\n' +
        '```python\nagentops.init(api_key="YOUR_API_KEY", env_data_opt_out=True)\n```',
      0.8,
    ),
  ];

  it('asks to disable it, and no switch need be flipped to answer', () => {
    const question = 'How do I stop AgentOps from collecting information about the machine my agent runs on?';
    expect(questionIntent(question)).toBe('disable');
    expect(questionIntent('How do I keep Prettier from reformatting one piece of code?')).toBe('disable');
    expect(askedToggle(question)).toBeNull();
    expect(questionIntent('How do I stop the server from the command line?')).toBe('stop');
  });

  it('is answered with the section that disables it beside the one that describes it', async () => {
    const retriever = { search: async () => ({ results: HOST_ENV, took_ms: 0 }) };
    const { text } = await askExtractive(
      'How do I stop AgentOps from collecting information about the machine my agent runs on?',
      retriever,
    );
    expect(text).toContain('env_data_opt_out=True');
  });
});

describe('askedVerb and askedToggle', () => {
  it('reads the verb a question asks to do something with, after its subject', () => {
    expect(askedVerb('Can docqa translate answers into French?')).toBe('translate');
    expect(askedVerb('How do I diagnose problems with my setup?')).toBe('diagnose');
    expect(askedVerb('Is it possible to rotate a token?')).toBe('rotate');
    // No verb there: an article as the subject, a vague verb, a question of another kind.
    expect(askedVerb('Can the widget speak French?')).toBeNull();
    expect(askedVerb('How do I use the widget?')).toBeNull();
    expect(askedVerb('What does the cloud plan cost?')).toBeNull();
  });

  it('reads the verb after an article and one word when a determiner follows it', () => {
    expect(askedVerb('Can the widget play a sound when an answer arrives?')).toBe('play');
    // The subject may be two words ("a finder function"): no verb is read there.
    expect(askedVerb('Can a finder function show extra info, like the license?')).toBeNull();
    // "be" says nothing of the task: what is asked is done to the subject.
    expect(askedVerb('Can docqa be deployed with Helm?')).toBeNull();
  });

  it('reads the switch a question asks to turn on or off, with its verb as written', () => {
    expect(askedToggle("How do I turn off the widget's feedback buttons?")).toEqual({
      intent: 'disable',
      verbs: ['turn', 'off'],
    });
    expect(askedToggle('Can I enable access logs?')).toEqual({ intent: 'enable', verbs: ['enabl'] });
    expect(askedToggle('How do I install pnpm?')).toBeNull();
  });

  it('reads a switch whose object stands between its verb and particle, without the object', () => {
    expect(questionIntent('How do I turn the check off?')).toBe('disable');
    expect(askedToggle('How do I turn the check off?')).toEqual({
      intent: 'disable',
      verbs: ['turn', 'off'],
    });
    expect(askedToggle('Can I switch this warning on?')).toEqual({ intent: 'enable', verbs: ['switch'] });
  });

  it('reads the whole value of a setting as the switch: `0` and `"off"` turn off, `on-demand` does not', () => {
    for (const value of ['0', 'false', '"off"', "'no',", 'disabled'])
      expect(switchesAs('disable', value)).toBe(true);
    for (const value of ['1', 'yes', 'True', '"on"']) expect(switchesAs('enable', value)).toBe(true);
    for (const value of ['on-demand', '10', '0.5', 'false-positive', '"off']) {
      expect(switchesAs('enable', value) || switchesAs('disable', value)).toBe(false);
    }
    expect(switchesAs('install', 'yes')).toBe(false);
  });
});
