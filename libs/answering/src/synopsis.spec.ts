import { givesUsage, isSynopsis } from './page-parts';
import { units } from './section-passage';
import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

const codeUnit = (text: string) => units(text).find((u) => u.kind === 'code')!;

/** A command's page as CLI docs write it: what it does and its usage, then examples. */
const OPENING = passage(
  'cli_unpublish',
  '',
  'Remove a published package version from the registry.\n\n```sh\n' +
    'tool unpublish [<pkg>[@<version>]] [--force]\n```',
  'tool unpublish',
);
const EXAMPLES = passage(
  'cli_unpublish',
  'Examples',
  'Unpublish a specific version:\n\n```sh\ntool unpublish foo@1.0.0\n```\n\n' +
    'Unpublish an entire package (all versions). Requires `--force`:\n\n```sh\ntool unpublish foo --force\n```',
  'tool unpublish',
);
/** Another page that shares the question's words and gives code about something else. */
const MANIFEST = passage(
  'manifest',
  'peerDependencies',
  'A bare version of a package here is rejected, as it is almost always a mistake:\n\n' +
    '```json\n{ "peerDependencies": { "lib-a": "lib-a@1.2.3" } }\n```',
  'package.json',
);

describe('a command’s synopsis', () => {
  it('is its page’s command with placeholders alone, subcommands perhaps', () => {
    const block = (lines: string) => codeUnit(`\`\`\`sh\n${lines}\n\`\`\``);
    expect(isSynopsis(block('tool unpublish [<pkg>[@<version>]] [--force]'), 'tool unpublish')).toBe(true);
    expect(
      isSynopsis(
        block('tool pkg get [<key> [<key> ...]]\ntool pkg set <key>=<value>\ntool pkg fix'),
        'tool pkg',
      ),
    ).toBe(true);
    expect(isSynopsis(block('tool access set status=public|private <package>'), 'tool access')).toBe(true);
  });

  it('is not an example, a command with a flag, another page’s command or a page not titled by one', () => {
    const block = (lines: string) => codeUnit(`\`\`\`sh\n${lines}\n\`\`\``);
    expect(isSynopsis(block('tool unpublish foo@1.0.0'), 'tool unpublish')).toBe(false);
    expect(isSynopsis(block('tool unpublish foo --force'), 'tool unpublish')).toBe(false);
    expect(isSynopsis(block('tool access set status=private foo'), 'tool access')).toBe(false);
    expect(isSynopsis(block('tool ls | grep foo'), 'tool ls')).toBe(false);
    expect(isSynopsis(block('tool version -r [--dry-run]'), 'tool version')).toBe(false);
    expect(isSynopsis(block('tool publish [--tag <tag>]'), 'tool unpublish')).toBe(false);
    expect(isSynopsis(block('tool unpublish [<pkg>]'), 'Unpublishing')).toBe(false);
  });

  it('gives no usage: the page’s examples do', () => {
    const section = (r: typeof OPENING) =>
      ({ units: units(r.text), chunk: r }) as Parameters<typeof givesUsage>[0];
    expect(givesUsage(section(OPENING))).toBe(false);
    expect(givesUsage(section(EXAMPLES))).toBe(true);
  });
});

describe('a command page whose retrieved part gives only its synopsis', () => {
  it('is quoted with its page’s example, found by a search of the page, before another page’s runner-up', async () => {
    const retriever = pageSearcher([OPENING, MANIFEST], [OPENING, EXAMPLES]);
    const { text } = await askExtractive(
      'How do I remove a version of my package that I published by mistake?',
      retriever,
    );
    expect(retriever.queries[1]!.filters).toEqual([
      { type: 'eq', property: 'document_id', value: 'cli_unpublish' },
    ]);
    expect(text).toContain('tool unpublish [<pkg>[@<version>]] [--force]');
    expect(text).toContain('tool unpublish foo@1.0.0');
    expect(text).not.toContain('"lib-a@1.2.3"');
  });

  it('stays second when a section of its page that gives the command is quoted first', async () => {
    const ADD = passage(
      'cli_dist_tag',
      'Commands › add',
      'Tag the specified version of a package with a dist-tag.\n\n```sh\ntool dist-tag add foo@1.2.0 next\n```',
      'tool dist-tag',
    );
    const TAGS = passage(
      'cli_dist_tag',
      '',
      'Manage distribution tags for a package: aliases that point to versions.\n\n```sh\n' +
        'tool dist-tag add <pkg>@<version> [<tag>]\ntool dist-tag rm <pkg> <tag>\n```',
      'tool dist-tag',
    );
    const RM = passage(
      'cli_dist_tag',
      'Commands › rm',
      'Remove a dist-tag from a package.\n\n```sh\ntool dist-tag rm foo next\n```',
      'tool dist-tag',
    );
    const retriever = pageSearcher([ADD, TAGS], [ADD, TAGS, RM]);
    const { text } = await askExtractive(
      'How do I point the next dist-tag at version 1.2.0 of my package?',
      retriever,
    );
    expect(text).toContain('tool dist-tag add foo@1.2.0 next');
    expect(text).toContain('tool dist-tag add <pkg>@<version> [<tag>]');
    expect(text).not.toContain('tool dist-tag rm foo next');
  });
});
