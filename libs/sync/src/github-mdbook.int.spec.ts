import { DEFAULT_PARSE_LIMITS, type LoadedDocument } from '@docqa/sources';
import { readGithub } from './github-reader';
import type { StoredSource } from './source-store';
import { startGitHubStandIn, type GitHubStandIn } from './testing';

describe('a github source of an mdBook (against a local stand-in of the GitHub REST API)', () => {
  let github: GitHubStandIn;
  beforeAll(async () => {
    github = await startGitHubStandIn();
  });
  afterAll(() => github.close());

  const source = (repo: string): StoredSource => ({
    id: 'src_1',
    type: 'github',
    url: null,
    repo,
    branch: null,
    has_token: false,
    include: [],
    exclude: [],
    metadata: {},
    schedule: null,
    base_url: 'https://acme.test/book/',
    created_at: new Date(0).toISOString(),
  });

  /** The documents a sync of the repository would ingest, by path. */
  async function read(repo: string): Promise<Map<string, LoadedDocument>> {
    const listing = await readGithub(
      source(repo),
      {},
      { githubApiUrl: github.url, limits: DEFAULT_PARSE_LIMITS },
    );
    const documents = new Map<string, LoadedDocument>();
    for (const entry of listing.entries) {
      const result = await entry.read(undefined);
      if (result.status === 'changed')
        documents.set(entry.key.replace(/^.*\/blob\/main\//, ''), result.document);
    }
    return documents;
  }

  it('reads the chapters its SUMMARY.md lists, from the source folder its book.toml names, as page.html', async () => {
    github.repos.set('acme/tool', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Acme, the tool\n',
          'doc/user-guide/book.toml': '[book]\ntitle = "The Acme book"\nsrc = "pages"\n',
          'doc/user-guide/pages/SUMMARY.md': '# Summary\n\n[Intro](index.md)\n- [Overrides](overrides.md)\n',
          'doc/user-guide/pages/index.md': '# Acme\n\nSee [overrides](overrides.md#the-toolchain-file).',
          'doc/user-guide/pages/overrides.md': [
            '# Overrides',
            '',
            '## The toolchain file',
            '',
            'Pin it in [`acme.toml`] ([the format](../../format/index.md)):',
            '',
            '```toml',
            '{{#include ../examples/acme.toml:pin}}',
            '```',
            '',
            '[`acme.toml`]: https://acme.test/reference/acme-toml',
          ].join('\n'),
          'doc/user-guide/examples/acme.toml':
            '# ANCHOR: pin\n[toolchain]\nchannel = "nightly"\n# ANCHOR_END: pin\n',
          'doc/user-guide/pages/unlisted.md': '# Not in the summary\n',
        },
      },
    });
    const documents = await read('acme/tool');
    expect([...documents.keys()].sort()).toEqual([
      'doc/user-guide/pages/index.md',
      'doc/user-guide/pages/overrides.md',
    ]);
    expect(documents.get('doc/user-guide/pages/index.md')!.url).toBe('https://acme.test/book/');
    expect(documents.get('doc/user-guide/pages/index.md')!.content).toContain(
      '[overrides](https://acme.test/book/overrides.html#the-toolchain-file)',
    );
    const overrides = documents.get('doc/user-guide/pages/overrides.md')!;
    expect(overrides.url).toBe('https://acme.test/book/overrides.html');
    expect(overrides.content).toContain('## The toolchain file {#the-toolchain-file}');
    expect(overrides.content).toContain(
      'Pin it in [`acme.toml`](https://acme.test/reference/acme-toml) ([the format](../../format/index.html)):',
    );
    expect(overrides.content).toContain('```toml\n[toolchain]\nchannel = "nightly"\n```');
  });
});
