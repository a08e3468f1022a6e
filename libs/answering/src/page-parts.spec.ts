import { givesUsage, isOptionHelp } from './page-parts';
import { units } from './section-passage';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** A CLI's page as generated from its help: a synopsis with examples, then its options. */
const SYNOPSIS = passage(
  'tool_version',
  'tool version › Synopsis',
  'Show the tool version number and the platform it was built for.\n\n' +
    'If you supply the --check flag, then it will do an online check to compare your version ' +
    'with the latest release.\n\n```console\n$ tool version --check\nyours:  1.4.0\nlatest: 1.5.0\n```',
  'tool version',
);
const OPTIONS = passage(
  'tool_version',
  'tool version › Options',
  '```\n      --check   Check for new version\n      --deps    Show the Go dependencies\n' +
    '  -h, --help    help for version\n```',
  'tool version',
);
const PLUGINS = passage(
  'plugins',
  'Plugins › Listing plugins',
  'The `tool plugins` command lists the plugins installed with their version.\n\n```console\n$ tool plugins\n```',
  'Plugins',
);

const SOURCE = passage(
  'install',
  'Install › Source installation',
  'Make sure you have Go installed; version 1.26 or later is required.\n\n```console\ngit clone ' +
    'https://example.com/tool.git\ncd tool\ngo build\n```\n\nAs an initial check you can now run ' +
    '`./tool version`.',
  'Install',
);

const codeUnit = (text: string) => units(text).find((u) => u.kind === 'code')!;

describe('option help', () => {
  it('is a code block of flags each with what it does, as a command’s help prints them', () => {
    expect(isOptionHelp(codeUnit(OPTIONS.text))).toBe(true);
    expect(
      isOptionHelp(
        codeUnit(
          '```\n  -o, --output string   where to write\n                        (default: stdout)\n```',
        ),
      ),
    ).toBe(true);
  });

  it('is not a command, a configuration or a command’s output', () => {
    expect(isOptionHelp(codeUnit('```console\n$ tool version --check\n```'))).toBe(false);
    expect(isOptionHelp(codeUnit('```yaml\ntls:\n  minVersion: VersionTLS12\n```'))).toBe(false);
    expect(isOptionHelp(codeUnit('```console\ntool sync --dry-run src: dst:\n```'))).toBe(false);
  });

  it('gives no usage, while a section with a command does', () => {
    const section = (text: string) =>
      ({ units: units(text), chunk: { title: 'tool version' } }) as Parameters<typeof givesUsage>[0];
    expect(givesUsage(section(OPTIONS.text))).toBe(false);
    expect(givesUsage(section(SYNOPSIS.text))).toBe(true);
    expect(givesUsage(section('Run `tool version` to see it.'))).toBe(false);
  });
});

describe('the part of a page that gives an option in use', () => {
  it('replaces the option help of the best section with its page’s example, found by a search of the page', async () => {
    const retriever = pageSearcher([OPTIONS, PLUGINS], [OPTIONS, SYNOPSIS]);
    const { text } = await askExtractive(
      'How do I check whether a newer tool version is available?',
      retriever,
    );
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: 'tool_version' },
    ]);
    expect(text).toContain('$ tool version --check');
  });

  it('searches no page when the retrieved sections give the command', async () => {
    const retriever = pageSearcher([SYNOPSIS, PLUGINS], [OPTIONS, SYNOPSIS]);
    const { text } = await askExtractive('How do I check for a new tool version?', retriever);
    expect(retriever.queries).toHaveLength(1);
    expect(text).toContain('$ tool version --check');
  });

  it('searches the page of a runner-up about as good that only lists the option, and quotes its example', async () => {
    const retriever = pageSearcher([SOURCE, OPTIONS, PLUGINS], [OPTIONS, SYNOPSIS]);
    const { text } = await askExtractive('How do I check for a newer tool version?', retriever);
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: 'tool_version' },
    ]);
    expect(text).toContain('$ tool version --check');
  });
});

describe('the page of a best section that is its page’s opening', () => {
  /** A command's page: its opening gives the command in its plain form, its options the rest. */
  const OPENING = passage(
    'tool_bundle',
    '',
    'Bundle one package of a workspace into a folder, with its dependencies.\n\n```sh\ntool bundle --filter=app out/\n```',
    'tool bundle',
  );
  const PRODUCTION = passage(
    'tool_bundle',
    'Options › --production',
    'Only production dependencies are bundled.\n\n```sh\ntool bundle --filter=app --production out/\n```',
    'tool bundle',
  );

  it('is searched for the question, though the opening gives a command: the task’s own option is in a later part', async () => {
    const retriever = pageSearcher([OPENING, PLUGINS], [OPENING, PRODUCTION]);
    await askExtractive('How do I bundle a package with only its production dependencies?', retriever);
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: 'tool_bundle' },
    ]);
  });
});
