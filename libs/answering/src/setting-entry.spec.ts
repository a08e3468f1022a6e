import { askExtractive, pageSearcher, passage } from './testing/page-searcher';

/** pnpm's docs: a setting's entry that mutes deprecation warnings, and the command that deprecates. */
const ALLOWED_DEPRECATED = passage(
  'settings/dependency-resolution',
  'allowedDeprecatedVersions',
  'This setting allows muting deprecation warnings of specific packages.\n\nExample:\n\n' +
    '```yaml\nallowedDeprecatedVersions:\n  express: "1"\n  request: "*"\n```\n\n' +
    'With the above configuration pnpm will not print deprecation warnings about any version of ' +
    '`request` and about v1 of `express`.',
  'Dependency Resolution Settings',
);
const DEPRECATE = passage(
  'cli/deprecate',
  '',
  'Added in: v11.0.0\n\nSet a deprecation message on a published package version. Consumers running ' +
    '`pnpm install` will see this message when the matching version is installed.\n\n' +
    '```sh\npnpm deprecate <pkg>[@<version-range>] <message>\n```',
  'pnpm deprecate',
);
const UNPUBLISH = passage(
  'cli/unpublish',
  '',
  'Added in: v11.0.0\n\nRemove a published package version from the registry.\n\n' +
    '```sh\npnpm unpublish [<pkg>[@<version>]] [--force]\n```',
  'pnpm unpublish',
);
/** A setting named by the question's words ("fetch timeout"), and a command page's opening. */
const FETCH_TIMEOUT = passage(
  'settings/network',
  'Request Settings › fetchTimeout',
  '* Default: **60000** (60 seconds)\n* Type: **number**\n\nThe maximum amount of time to wait for ' +
    'HTTP requests to complete.',
  'Network Settings',
);
const FETCH = passage(
  'cli/fetch',
  '',
  'Fetch packages from a lockfile into the virtual store, package manifest is ignored. The fetch ' +
    'waits for HTTP requests to complete, up to the timeout.\n\n```sh\npnpm fetch\n```',
  'pnpm fetch',
);

describe('a setting’s entry that the how-do-I does not name', () => {
  it('gives way to a command page’s opening that holds as much of the question', async () => {
    const retriever = pageSearcher([ALLOWED_DEPRECATED, DEPRECATE, UNPUBLISH]);
    const { text, cited } = await askExtractive(
      'How do I mark an old version of my package as deprecated?',
      retriever,
    );
    expect(cited[0]).toBe('cli/deprecate');
    expect(text).toContain('pnpm deprecate <pkg>');
  });

  it('keeps its place when the question names the setting', async () => {
    const retriever = pageSearcher([FETCH_TIMEOUT, FETCH]);
    const { cited } = await askExtractive('How do I raise the fetch timeout of HTTP requests?', retriever);
    expect(cited[0]).toBe('settings/network');
  });
});
