import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** pnpm's docs: a `package.json` field, the Docker page's runtime part, and the runtime command. */
const ENGINES_RUNTIME = passage(
  'package_json',
  'engines.runtime',
  'Added in: v10.21.0\n\nSpecifies the Node.js runtime required by a dependency. When declared, pnpm ' +
    'will automatically install the specified Node.js version.\n\n```json\n{\n  "engines": {\n' +
    '    "runtime": {\n      "name": "node",\n      "version": "^24.11.0",\n      "onFail": "download"\n' +
    '    }\n  }\n}\n```\n\nThis is particularly useful for dependencies that require specific Node.js ' +
    'versions to function correctly.',
  'package.json',
);
const DOCKER_NODE = passage(
  'docker',
  'Official pnpm base image › Installing Node.js',
  'The image ships without Node.js. Let pnpm install Node.js automatically from ' +
    '`devEngines.runtime` in your `package.json`:\n\n```json\n{\n  "devEngines": {\n    "runtime": ' +
    '{\n      "name": "node",\n      "version": "22.x",\n      "onFail": "download"\n    }\n  }\n}\n```\n\n' +
    '```dockerfile\nFROM ghcr.io/pnpm/pnpm:11\nWORKDIR /app\nRUN pnpm install --frozen-lockfile\n```',
  'Working with Docker',
);
const SUPPORTED = passage(
  'cli/runtime',
  'Commands › set › Supported runtimes',
  '- `node` - Node.js\n- `deno` - Deno\n- `bun` - Bun',
  'pnpm runtime <cmd>',
);
const EXAMPLES = passage(
  'cli/runtime',
  'Commands › set › Examples',
  'Install Node.js v22 globally:\n\n```\npnpm runtime set node 22 -g\n```\n\n' +
    'Install the LTS version of Node.js:\n\n```\npnpm runtime set node lts -g\n```',
  'pnpm runtime <cmd>',
);
const NO_RUNTIME = passage(
  'cli/install',
  'Options for filtering dependencies › --no-runtime',
  'Skips installing runtime dependencies (such as Node.js) declared in `devEngines.runtime`.',
  'pnpm install',
);

describe('a how-do-I whose runner-up about as good is on a command page', () => {
  it('quotes the command page’s command after a first section on another page', async () => {
    const retriever = pageSearcher([ENGINES_RUNTIME, EXAMPLES, SUPPORTED, DOCKER_NODE, NO_RUNTIME]);
    const { text, cited } = await askExtractive(
      'How do I install a specific version of a runtime like Node.js with pnpm?',
      retriever,
    );
    expect(text).toContain('pnpm runtime set node 22 -g');
    expect(cited).toEqual(['package_json', 'cli/runtime']);
  });

  it('keeps the runner-up when no section of the command page writes its command', async () => {
    const retriever = pageSearcher([ENGINES_RUNTIME, DOCKER_NODE, SUPPORTED, NO_RUNTIME]);
    const { cited } = await askExtractive(
      'How do I install a specific version of a runtime like Node.js with pnpm?',
      retriever,
    );
    // No section of the runtime page writes `pnpm runtime`: the Docker page keeps its place.
    expect(cited).toEqual(['package_json', 'docker']);
  });
});
