import { askExtractive, pageSearcher, passage } from './testing/page-searcher';
import { sectionPassages } from './section-passage';
import { terms } from './text';
import { namedInWords } from './worded-option';

/** pnpm's page of the recursive flag, its opening, as Docusaurus writes it. */
const RECURSIVE = passage(
  'cli/recursive.md',
  '',
  'Aliases: `m`, `multi`, `recursive`, `<command> -r`\n\n' +
    'Runs a command in every project of a workspace, when used with the following commands:\n\n' +
    '* `install`\n* `list`\n* `outdated`\n* `publish`\n\n' +
    'Runs a command in every project of a workspace, excluding the root project, when used with ' +
    'the following commands:\n\n* `exec`\n* `run`\n* `test`\n\n' +
    'If you want the root project be included even when running scripts, set the ' +
    '[includeWorkspaceRoot] setting to `true`.\n\nUsage example:\n\n```\npnpm -r publish\n```',
  'pnpm -r, --recursive',
);
const UPDATE = passage(
  'cli/update.md',
  'Options › --workspace',
  'Tries to link all packages from the workspace. Versions are updated to match the versions of ' +
    'packages inside the workspace.',
  'pnpm update',
);
/** The CLI's global options, headed by each flag with its short alias. */
const ROOT_FLAG = passage(
  'pnpm-cli.md',
  'Options › -w, --workspace-root',
  'Run as if pnpm was started in the root of the [workspace](./workspaces.md) instead of the current ' +
    'working directory.',
  'pnpm CLI',
);

describe('an option the question spells in words', () => {
  it('quotes the section headed by the option before a section holding more of the words', async () => {
    const searcher = pageSearcher([RECURSIVE, UPDATE, ROOT_FLAG]);
    const { text, cited } = await askExtractive(
      'How do I run a pnpm command in the workspace root while I am inside one of its packages?',
      searcher,
    );
    expect(cited[0]).toBe('pnpm-cli.md');
    expect(text).toContain('--workspace-root');
  });

  it('leaves the order alone when the question names the option as code', async () => {
    const searcher = pageSearcher([RECURSIVE, UPDATE, ROOT_FLAG]);
    const { cited } = await askExtractive('How do I run a command in every project with -r?', searcher);
    expect(cited[0]).toBe('cli/recursive.md');
  });
});

describe('namedInWords', () => {
  const section = (heading: string) =>
    sectionPassages([{ passages: [passage('p.md', heading, 'Text.')] }], new Map())[0]!;

  it('finds a flag spelled in a row, with its alias or its argument', () => {
    const asked = terms('How do I run it in the workspace root?');
    expect(namedInWords(section('Options › -w, --workspace-root'), asked)).toBe(true);
    expect(namedInWords(section('--output-dir, -o &lt;dir\\>'), terms('Set the output dir'))).toBe(true);
  });

  it('needs two words of a flag, in a row, under a heading that is a flag', () => {
    expect(namedInWords(section('Options › --dir'), terms('Run pnpm in another dir'))).toBe(false);
    expect(namedInWords(section('Workspace root'), terms('Run it in the workspace root'))).toBe(false);
    expect(namedInWords(section('--workspace-root'), terms('the root of the workspace'))).toBe(false);
    // A setting's key: Traefik's ForwardAuth `trustForwardHeader`, asked of the entry points'
    // forwarded headers ("…trust the X-Forwarded-For headers set by my load balancer?").
    expect(namedInWords(section('trustForwardHeader'), terms('trust the X-Forwarded-For headers'))).toBe(
      false,
    );
  });
});
