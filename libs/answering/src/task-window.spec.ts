import { asksForTask } from './question-kind';
import { askExtractive, pageSearcher, passage, prose } from './testing/page-searcher';

/** An install page's upgrade section as AsciiDoc sites write it: a caution first, then the command. */
const UPGRADE = passage(
  'Install',
  'Install using gems › Upgrade using gem update',
  `> **Caution:**\n>\n> ${prose(12, 'system gems managed by the package manager')}\n\n` +
    'You can upgrade the tool using the gem `update` command:\n\n```\n$ gem update thetool\n```\n\n' +
    `> **Tip:**\n>\n> ${prose(4, 'old versions left behind')}`,
);

describe('the window of a question that asks for a task', () => {
  it('quotes the section’s command when an admonition before it fills the word budget', async () => {
    const { text } = await askExtractive('How do I upgrade the gem?', pageSearcher([UPGRADE]));
    expect(text).toContain('$ gem update thetool');
    expect(text).toContain('You can upgrade the tool using the gem `update` command');
  });

  it('takes the command next to the quoted part when it fits, for a how-do-I worded as a failure', async () => {
    const marks = passage(
      'Marks',
      'Marks › Raising errors on unknown marks',
      `${prose(12, 'unregistered marks and their warnings')}\n\n` +
        'When the strict option is set, unknown marks applied to a test raise an error. ' +
        'You can enforce this validation in your project by setting the option in the configuration file that your test runner reads at its start:\n\n```toml\n[pytest]\naddopts = ["--strict-markers"]\n```\n\n' +
        `${prose(6, 'marks registered in plugins')}`,
    );
    const other = passage(
      'Skipping',
      'Skipping › Expected failures',
      prose(6, 'tests expected to fail on unknown platforms'),
    );
    const { text } = await askExtractive(
      'How do I make the test run fail on unknown marks?',
      pageSearcher([marks, other]),
    );
    expect(text).toContain('addopts = ["--strict-markers"]');
  });

  it('starts from the command that holds the question’s words, at its list’s start, not from a sample output', async () => {
    const lines = (n: number, name: string) =>
      Array.from({ length: n }, (_, i) => `  604832${i} 2016-03-05 ${name}-${i}.txt`).join('\n');
    const dedupe = passage(
      'Dedupe',
      'rclone dedupe › Synopsis',
      `${prose(12, 'removing duplicate files without being asked')}\n\n` +
        `\`\`\`console\n$ rclone dedupe drive:dupes\n${lines(60, 'one')}\n\`\`\`\n\nThe result being\n\n` +
        `\`\`\`console\n$ rclone lsl drive:dupes\n${lines(5, 'two')}\n\`\`\`\n\n` +
        'Dedupe can be run non interactively using the `--dedupe-mode` flag\n\n' +
        '- `--dedupe-mode interactive` - interactive as above.\n' +
        '- `--dedupe-mode skip` - removes identical files then skips anything left.\n' +
        '- `--dedupe-mode first` - removes identical files then keeps the first one.',
    );
    const { text } = await askExtractive(
      'How do I remove duplicate files without being asked?',
      pageSearcher([dedupe]),
    );
    expect(text).toContain('`--dedupe-mode interactive`');
    expect(text).toContain('`--dedupe-mode skip` - removes identical files');
    expect(text).not.toContain('rclone lsl');
  });

  it('takes a step whose command is a code block inside the list item as the task’s command', async () => {
    const labels = passage(
      'Localization Support',
      'Localization Support › Translating built-in labels',
      `${prose(8, 'labels in several languages')}\n\nIndeed, it has!\n\n` +
        `The labels have been translated into many languages: Arabic, Czech, German, Spanish, French and more. ${prose(6, 'the translation file')}\n\n` +
        'To use this file, follow these steps:\n\n' +
        '1. Download the translation file from the repository.\n' +
        '2. Put the file in the folder locale next to your document.\n' +
        '3. Set the language using the `lang` attribute. For example:\n\n    ```\n    -a lang=es\n    ```\n\n' +
        `${prose(6, 'an ongoing discussion')}`,
    );
    const { text } = await askExtractive(
      'How do I set the document language to Spanish?',
      pageSearcher([labels]),
    );
    expect(text).toContain('-a lang=es');
    expect(text).toContain('Set the language using the `lang` attribute');
  });

  it('finds the page on a custom thing for a question about "my own" one', async () => {
    const modes = passage(
      'stylesheet-modes',
      'Stylesheet Modes › Copy the stylesheet to the output directory',
      'If the HTML output links to a stylesheet, the stylesheet must be in the output directory. ' +
        'Asciidoctor copies the default stylesheet to the output directory for you:\n\n' +
        '```\n$ asciidoctor -a linkcss my-document.adoc\n```',
      'Stylesheet Modes',
    );
    const custom = passage(
      'custom-stylesheet',
      'Apply a Custom Stylesheet › Custom stylesheet usage',
      'To apply a stylesheet of your making to the HTML output, pass its path in the `stylesheet` attribute:\n\n' +
        '```\n$ asciidoctor -a stylesheet=my-stylesheet.css my-document.adoc\n```',
      'Apply a Custom Stylesheet',
    );
    const defaults = passage(
      'default-stylesheet',
      'Default Stylesheet › Usage',
      'Asciidoctor embeds the default stylesheet into the HTML it generates. ' +
        'You need to do nothing special to get it.',
      'Default Stylesheet',
    );
    const { text, cited } = await askExtractive(
      'How do I use my own stylesheet for the HTML output?',
      pageSearcher([modes, custom, defaults]),
    );
    expect(cited[0]).toBe('custom-stylesheet');
    expect(text).toContain('-a stylesheet=my-stylesheet.css');
  });

  it('quotes an FAQ entry from its opening, not from a later aside that names more of the question', async () => {
    const faq = passage(
      'FAQ',
      'Frequently Asked Questions › Can I use the tool with an HTTP proxy?',
      'Yes. The tool follows the standard environment variables for proxies, as cURL does. ' +
        'Set the `https_proxy` variable to the address of the proxy server:\n\n' +
        '```console\nexport https_proxy=http://proxyserver:12345\n```\n\n' +
        `${prose(14, 'proxy servers that need a password')}\n\n` +
        'You can also use the command line argument `--http-proxy` to set an HTTP proxy for the tool ' +
        'when it runs behind a firewall, and override it in the config file.',
    );
    const { text } = await askExtractive('How do I use the tool behind an HTTP proxy?', pageSearcher([faq]));
    expect(text).toContain('export https_proxy=http://proxyserver:12345');
    expect(text).toContain('The tool follows the standard environment variables for proxies');
  });

  it('goes on to a later sentence that writes the task’s flag as code, in a section without code', async () => {
    const versions = passage(
      'Cloud store',
      'Cloud store › Configuration › Versions',
      'The default setting of the store is to keep old versions of files. ' +
        `${prose(9, 'old versions of files in a bucket')}\n\n` +
        `You may opt in to a hard delete of files with the \`--store-hard-delete\` flag. ${prose(3, 'deleting')}\n\n` +
        'Old versions of files, where available, are visible using the `--store-versions` flag. ' +
        'These can be deleted as required with `delete`.\n\n' +
        prose(4, 'cleaning up old versions of files in a bucket'),
    );
    const { text } = await askExtractive(
      'How do I see the old versions of files in my bucket?',
      pageSearcher([versions]),
    );
    expect(text).toContain('are visible using the `--store-versions` flag');
  });

  it('quotes a command further in the section that holds a word of the question the window lacks', async () => {
    const synopsis = passage(
      'tool lsf',
      'tool lsf › Synopsis',
      'List the contents of the source path to standard output in a form which is easy to parse by scripts. ' +
        'By default this will just be the names of the objects, one per line.\n\n' +
        'E.g.\n\n```console\n$ tool lsf remote:bucket\nbevajer5jef\ncanole\n```\n\n' +
        `Use the \`--format\` option to control what gets listed. ${prose(14, 'the output of the listing')}\n\n` +
        'Use the `--hash` flag to change which hash type is used.\n\n' +
        'For example, to emulate the md5sum command you can use\n\n' +
        '```console\ntool lsf -R --hash MD5 --format hp --files-only .\n```\n\n' +
        prose(3, 'related list commands'),
      'tool lsf',
    );
    // Other pages write "MD5" too, so it weighs little, as on a docs site where many pages do.
    const others = ['Checksums', 'Hasher'].map((doc) =>
      passage(
        doc,
        `${doc} › Digests`,
        `Some backends store an MD5 digest of each file in their own format. ${prose(2, 'digests')}`,
      ),
    );
    const { text } = await askExtractive(
      'How do I list every file with its MD5 hash in a format a script can parse?',
      pageSearcher([synopsis, ...others]),
    );
    expect(text).toContain('List the contents of the source path');
    expect(text).toContain('tool lsf -R --hash MD5 --format hp --files-only .');
  });

  it('quotes a later key in place of the window’s opening when it outscores all of it', async () => {
    const output = Array.from({ length: 40 }, (_, i) => `test_50.py::test_num[${i}] PASSED`).join('\n');
    const rerun = passage(
      'Cache',
      'Cache › Rerunning only failures or failures first',
      'First, let us create 50 test invocations of which only 2 fail:\n\n```python\n# content of test_50.py\n' +
        'import tool\n\n@tool.mark.parametrize("i", range(50))\ndef test_num(i):\n    assert i not in (17, 25)\n```\n\n' +
        `${prose(3, 'the two failing tests of the last run')}\n\n` +
        'Now, if you run with the `--ff` option, all tests will be run but the first previous failures ' +
        `will be executed first:\n\n\`\`\`bash\n$ tool --ff\n${output}\n\`\`\`\n\n` +
        'New `--nf, --new-first` option: run new tests first followed by the rest of the tests, in both ' +
        'cases tests are also sorted by the file modified time, with more recent files coming first.',
    );
    const { text } = await askExtractive(
      'Can the tool run the tests from files I just added first?',
      pageSearcher([rerun]),
    );
    expect(text).toContain('`--nf, --new-first`');
  });

  it('quotes a later command that does a word of the question only the window’s prose says', async () => {
    const doctests = passage(
      'Doctest',
      'How to run doctests',
      'By default, all files matching the `test*.txt` pattern will be run through the python standard ' +
        'doctest module. You can change the pattern by issuing:\n\n```bash\npytest --doctest-glob="*.rst"\n```\n\n' +
        `on the command line. ${prose(8, 'text files of examples')}\n\n` +
        'In addition to text files, you can also execute doctests directly from docstrings of your ' +
        'classes and functions, including from test modules, using the `--doctest-modules` option:\n\n' +
        '```bash\n$ pytest --doctest-modules\n=========== test session starts ===========\n' +
        'platform linux -- Python 3.x.y, pytest-9.x.y, pluggy-1.x.y\ncollected 2 items\n```\n\n' +
        prose(4, 'making these changes permanent'),
    );
    const { text } = await askExtractive(
      'How do I run the doctests in all my Python modules?',
      pageSearcher([doctests]),
    );
    expect(text).toContain('pytest --doctest-glob="*.rst"');
    expect(text).toContain('$ pytest --doctest-modules');
  });

  it('quotes an earlier command the quoted sentence refers back to, before it', async () => {
    const labels = passage(
      'Localization Support',
      'Localization Support › Translating built-in labels',
      'The built-in labels, such as Caution, are in English by default. ' +
        `${prose(4, 'the DocBook toolchain')}\n\n` +
        "If you plan to support multiple languages, you'll want to define the attributes for each " +
        'language inside a conditional preprocessor directive. For example:\n\n' +
        '```asciidoc\nifeval::["{lang}" == "de"]\n:caution-caption: Achtung\n...\nendif::[]\n```\n\n' +
        `${prose(10, 'the translation file in the repository')}\n\n` +
        'Thus far, the built-in labels have been translated into the following languages: Danish, ' +
        'Dutch, German, Spanish, Finnish and French. The translations are defined using attribute ' +
        'entries inside conditional preprocessor blocks, just as suggested above.\n\n' +
        `${prose(6, 'steps to use the file')}\n\nThese labels can be modified by changing the value of their attributes.`,
    );
    // Another page says "Caution", so "German" weighs more, as where many pages name the labels.
    const admonitions = passage(
      'Admonitions',
      'Admonitions › Types',
      `A Caution admonition warns the reader of a risk. ${prose(3, 'the other admonition types')}`,
    );
    const { text } = await askExtractive(
      'How do I change the word Caution on admonitions to German?',
      pageSearcher([labels, admonitions]),
    );
    expect(text).toContain(':caution-caption: Achtung');
    expect(text.indexOf(':caution-caption: Achtung')).toBeLessThan(text.indexOf('Dutch, German'));
  });

  it('counts a how-do-I that names a failure as a task, and a why-question not', () => {
    expect(asksForTask('How do I make pytest fail on unknown markers?')).toBe(true);
    expect(asksForTask('Why does pytest fail on unknown markers?')).toBe(false);
  });

  it('counts a can-it or how-do-I asked after a sentence that states the case as a task', () => {
    expect(asksForTask('My backend fails now and then. Can Traefik try the request again?')).toBe(true);
    expect(asksForTask('I get an error on Windows. How do I fix it?')).toBe(true);
    // The case alone, or a why-question after it, asks for no task.
    expect(asksForTask('My backend fails now and then.')).toBe(false);
    expect(asksForTask('My backend fails now and then. Why?')).toBe(false);
  });
});

describe('the window of a what-question over an option table', () => {
  it('starts from the row that names the question best, not from the table’s first rows', async () => {
    const row = (name: string, text: string) =>
      `| \`${name}\` | ${text} ${prose(2, `the ${name} option`)} | "" | No |`;
    const options = passage(
      'Compress',
      'Compress › Configuration Options',
      '| Field | Description | Default | Required |\n|---|---|---|---|\n' +
        [
          row('excludedContentTypes', 'Content types of responses that are not compressed.'),
          row('includedContentTypes', 'Content types of responses that are compressed.'),
          row('defaultEncoding', 'Encoding used when the request names none.'),
          row('encodings', 'Encodings supported, in order of priority.'),
          row('minResponseBodyBytes', 'Minimum amount of bytes a response body must have to be compressed.'),
          row('maxBufferSize', 'Largest body kept in memory while it is compressed.'),
        ].join('\n'),
    );
    const { text } = await askExtractive(
      'What is the minimum size of a response body to be compressed?',
      pageSearcher([options]),
    );
    expect(text).toContain('minResponseBodyBytes');
  });
});

describe('the window of a task on a command page', () => {
  it('takes the page’s usage after the sentence that answers, not the later block holding more words', async () => {
    const copyto = passage(
      'commands/tool_copyto',
      'tool copyto › Synopsis',
      `${prose(8, 'copying a file from source to destination')}\n\n` +
        'This can be used to copy a single file to a destination with a name different from its ' +
        `source, for example uploading and renaming in one step. ${prose(3, 'directories')}\n\n` +
        'So\n\n```console\ntool copyto src dst\n```\n\nThis will:\n\n' +
        '```text\nif src is file\n    copy it to dst, overwriting an existing file if it exists\n' +
        'if src is directory\n    copy it to dst, overwriting existing files if they exist\n' +
        '    see the copy command for how a single file is copied to its destination\n```\n\n' +
        prose(5, 'identical files'),
      'tool copyto',
    );
    const { text } = await askExtractive(
      'How do I copy a single file and give it a different name at the destination?',
      pageSearcher([copyto]),
    );
    expect(text).toContain('with a name different from its source');
    expect(text).toContain('tool copyto src dst');
  });
});

describe('the window of a task whose prose names the code that does it', () => {
  it('quotes the later code block that calls what the window names, not only the code under test', async () => {
    const env = passage(
      'Monkeypatch',
      'How to monkeypatch › Monkeypatching environment variables',
      'If you are working with environment variables you often need to safely change the values ' +
        'or delete them from the system for testing purposes. `monkeypatch` provides a mechanism ' +
        'to do this using the `setenv` and `delenv` method. Our example code to test:\n\n' +
        '```python\n# contents of our original code file e.g. code.py\nimport os\n\n' +
        'def get_os_user_lower():\n    """Simple retrieval function."""\n' +
        '    username = os.getenv("USER")\n    if username is None:\n' +
        '        raise OSError("USER environment is not set.")\n    return username.lower()\n```\n\n' +
        `${prose(8, 'the two paths the code under test may take')}\n\n` +
        'Using `monkeypatch` both paths can be safely tested:\n\n' +
        '```python\n# contents of our test file e.g. test_code.py\n' +
        'def test_upper_to_lower(monkeypatch):\n    """Set the USER env var to assert the behavior."""\n' +
        '    monkeypatch.setenv("USER", "TestingUser")\n    assert get_os_user_lower() == "testinguser"\n```\n\n' +
        prose(6, 'fixtures shared across tests'),
    );
    const { text } = await askExtractive(
      'How do I set an environment variable for the duration of a test?',
      pageSearcher([env]),
    );
    expect(text).toContain('get_os_user_lower');
    expect(text).toContain('monkeypatch.setenv("USER", "TestingUser")');
  });
});

describe('the window of a procedure whose step that does the task comes after its setup steps', () => {
  // Loki's "Install with Docker on Linux": two setup steps, the step that starts the container with
  // a long note under its command, then a check. From the opening, the window held the setup steps
  // and could not reach the container's command.
  const steps = passage(
    'Install Loki with Docker',
    'Install Loki with Docker › Install with Docker on Linux',
    [
      '1. Create a directory called `loki`. Make `loki` your current working directory:\n\n    ```bash\n    mkdir loki\n    cd loki\n    ```',
      '1. Copy and paste the following command into your command line to download `loki-local-config.yaml` to your `loki` directory. If necessary, update the version numbers in the commands to match your version.\n\n    ```bash\n    wget https://example.com/loki-local-config.yaml -O loki-config.yaml\n    ```',
      `1. Copy and paste the following command into your command line to start the Docker container using the configuration file you downloaded in the previous step.\n\n    \`\`\`bash\n    docker run --name loki -d -v $(pwd):/mnt/config -p 3100:3100 grafana/loki:3.6.0 -config.file=/mnt/config/loki-config.yaml\n    \`\`\`\n\n    > **Note:** ${prose(7, 'the user the image runs as and bind mounts')}`,
      '1. Verify that your containers are running:\n\n    ```bash\n    docker container ls\n    ```',
    ].join('\n'),
  );

  it('quotes the step that does the task, not the setup steps before it', async () => {
    const { text } = await askExtractive(
      'How do I run Loki in a Docker container with my own config file?',
      pageSearcher([steps]),
    );
    expect(text).toContain('docker run --name loki');
  });
});
