import { startGitHubStandIn, syncedDocuments, type GitHubStandIn } from './testing';

describe('a github source of an mdBook, a GitBook space, a Mintlify, a docsify, a Jekyll, a Next.js, a Nuxt Content or an Rspress site or a Redocly project (against a local stand-in of the GitHub REST API)', () => {
  let github: GitHubStandIn;
  beforeAll(async () => {
    github = await startGitHubStandIn();
  });
  afterAll(() => github.close());

  const read = (repo: string) => syncedDocuments(github, repo, 'https://acme.test/book/');

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

  it("reads a GitBook space's pages from the root its .gitbook.yaml names, as its SUMMARY.md lists them", async () => {
    github.repos.set('acme/space', {
      default_branch: 'main',
      branches: {
        main: {
          '.gitbook.yaml': 'root: ./docs/\n\nredirects:\n  old: guide/install.md\n',
          'README.md': '# The repository\n',
          'docs/SUMMARY.md': '# Table of contents\n\n* [Intro](README.md)\n* [Install](guide/install.md)\n',
          'docs/README.md':
            '# Acme\n\n{% content-ref url="guide/install.md" %}\n[install.md](guide/install.md)\n{% endcontent-ref %}\n',
          'docs/guide/install.md': '# Install\n\n{% hint style="danger" %}\nBack up first.\n{% endhint %}\n',
          'docs/guide/draft.md': '# Not in the summary\n',
        },
      },
    });
    const documents = await read('acme/space');
    expect([...documents.keys()].sort()).toEqual(['docs/README.md', 'docs/guide/install.md']);
    expect(documents.get('docs/guide/install.md')!.url).toBe('https://acme.test/book/guide/install');
    expect(documents.get('docs/guide/install.md')!.content).toContain('> **Danger:** Back up first.');
    expect(documents.get('docs/README.md')!.content).toContain(
      '[install.md](https://acme.test/book/guide/install)',
    );
  });

  it("reads a Mintlify site's pages as its docs.json navigation lists them, with their snippets and versions, at their paths", async () => {
    github.repos.set('acme/mintlify', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# The repository\n',
          'docs/docs.json': JSON.stringify({
            navigation: {
              versions: [
                { version: 'v2', groups: [{ group: 'Start', pages: ['cli/install'] }] },
                { version: 'v1', groups: [{ group: 'Start', pages: ['index'] }] },
              ],
            },
          }),
          'docs/index.mdx': '---\ntitle: Acme\n---\nStart with [the CLI](/cli/install).\n',
          'docs/cli/install.mdx': [
            '---',
            'title: Install',
            'slug: ../install',
            '---',
            "import CLIInstall from '/snippets/cli-install.mdx'",
            '',
            '<Steps>',
            '<Step title="Install the CLI">',
            '<CLIInstall />',
            '</Step>',
            '</Steps>',
          ].join('\n'),
          'docs/snippets/cli-install.mdx':
            '<CodeGroup>\n```bash npm\nnpm i -g @acme/cli\n```\n</CodeGroup>\n',
          'docs/hidden.mdx': '---\ntitle: A hidden page\n---\nDraft.\n',
        },
      },
    });
    const documents = await read('acme/mintlify');
    expect([...documents.keys()].sort()).toEqual(['docs/cli/install.mdx', 'docs/index.mdx']);
    const install = documents.get('docs/cli/install.mdx')!;
    expect(install.url).toBe('https://acme.test/book/cli/install');
    expect(install.content).toContain(
      '1. **Install the CLI**\n\n   **npm**:\n\n   ```bash\n   npm i -g @acme/cli\n   ```',
    );
    expect(documents.get('docs/index.mdx')!.content).toContain(
      '[the CLI](https://acme.test/book/cli/install)',
    );
    expect(install.metadata?.version).toBe('v2');
    expect(documents.get('docs/index.mdx')!.metadata?.version).toBe('v1');
  });

  it("reads a docsify site's pages routed after #/, links from its root, embeds put in, its sidebar no page", async () => {
    github.repos.set('acme/docsify', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# The repository\n',
          'docs/index.html': '<script>window.$docsify = { loadSidebar: true };</script>',
          'docs/_sidebar.md': '- [Home](/)\n- [Recording](guide/recording.md)\n',
          'docs/README.md': '# Acme\n\nSee [recording](guide/recording.md#mode).\n',
          'docs/guide/recording.md': [
            '# Recording',
            '',
            '## Mode :id=mode',
            '',
            "[defaults](../_media/config.js ':include :type=code')",
            '',
            '?> Back to [the home page](README.md).',
          ].join('\n'),
          'docs/_media/config.js': "export default { mode: 'replay' };\n",
        },
      },
    });
    const documents = await read('acme/docsify');
    expect([...documents.keys()].sort()).toEqual(['docs/README.md', 'docs/guide/recording.md']);
    expect(documents.get('docs/README.md')!.url).toBe('https://acme.test/book/#/');
    expect(documents.get('docs/README.md')!.content).toContain(
      '[recording](https://acme.test/book/#/guide/recording?id=mode)',
    );
    const recording = documents.get('docs/guide/recording.md')!;
    expect(recording.url).toBe('https://acme.test/book/#/guide/recording');
    expect(recording.content).toContain("```js\nexport default { mode: 'replay' };\n```");
    expect(recording.content).toContain('> **Tip:** Back to [the home page](https://acme.test/book/#/)');
  });

  it("reads a Jekyll site's pages at their permalinks, its Liquid rendered from its data and includes", async () => {
    github.repos.set('acme/jekyll', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# The repository\n',
          'docs/_config.yml':
            'permalink: pretty\ncollections:\n  docs:\n    output: true\n    permalink: /:collection/:path/\nexclude: [README.md]\n',
          'docs/README.md': '# How to preview these docs\n',
          'docs/_data/acme.yml': 'ruby: 3.1.0\n',
          'docs/_includes/note.html': '> **Note:** {{ include.content }}\n',
          'docs/_layouts/default.html': '<body>{{ content }}</body>\n',
          'docs/faq.md': '# FAQ\n\nSee [installation](_docs/installation.md#install).\n',
          'docs/_docs/installation.md': [
            '---',
            'title: Installation',
            '---',
            'Needs Ruby {{ site.data.acme.ruby }}. {% include note.html content="Use rbenv." %}',
            '',
            '## Install',
            '{: #install}',
            '',
            '{% highlight sh %}',
            'gem install acme',
            '{% endhighlight %}',
          ].join('\n'),
        },
      },
    });
    const documents = await read('acme/jekyll');
    expect([...documents.keys()].sort()).toEqual(['docs/_docs/installation.md', 'docs/faq.md']);
    expect(documents.get('docs/faq.md')!.url).toBe('https://acme.test/book/faq/');
    expect(documents.get('docs/faq.md')!.content).toContain(
      '[installation](https://acme.test/book/docs/installation/#install)',
    );
    const install = documents.get('docs/_docs/installation.md')!;
    expect(install.url).toBe('https://acme.test/book/docs/installation/');
    expect(install.content).toContain('Needs Ruby 3.1.0. > **Note:** Use rbenv.');
    expect(install.content).toContain('## Install {#install}');
    expect(install.content).toContain('```sh\ngem install acme\n```');
  });

  it('reads a site in several languages in its default one, as a folder load does', async () => {
    github.repos.set('acme/swr', {
      default_branch: 'main',
      branches: {
        main: {
          'content/docs/cache.mdx': '---\ntitle: Cache\n---\n\n## Provider [#provider]\n\nUse a provider.',
          'content/docs/cache.ja.mdx': '---\ntitle: キャッシュ\n---\n\nプロバイダー。',
          'content/docs/api.mdx': '---\ntitle: API\n---\n\nOptions.',
          'content/docs/api.ja.mdx': '---\ntitle: API\n---\n\nオプション。',
          'content/fr/guide.md': '# Guide\n\nFrançais.',
          'content/fr/intro.md': '# Intro\n\nFrançais.',
          'content/guide.md': '# Guide\n\nEnglish.',
          'content/intro.md': '# Intro\n\nEnglish.',
        },
      },
    });
    const documents = await read('acme/swr');
    expect([...documents.keys()].sort()).toEqual([
      'content/docs/api.mdx',
      'content/docs/cache.mdx',
      'content/guide.md',
      'content/intro.md',
    ]);
    expect(documents.get('content/docs/cache.mdx')!.content).toContain('## Provider {#provider}');

    // Read in Japanese: its pages in Japanese, published under /ja/, the others in English.
    const ja = await syncedDocuments(github, 'acme/swr', 'https://acme.test/book/', { language: 'ja' });
    expect([...ja.keys()].sort()).toEqual([
      'content/docs/api.ja.mdx',
      'content/docs/cache.ja.mdx',
      'content/guide.md',
      'content/intro.md',
    ]);
    expect(ja.get('content/docs/cache.ja.mdx')!.url).toBe('https://acme.test/book/ja/content/docs/cache');
    await expect(
      syncedDocuments(github, 'acme/swr', 'https://acme.test/book/', { language: 'de' }),
    ).rejects.toThrow('the site has no pages in de: its pages are translated into fr, ja');
  });

  it("reads a Next.js site's App Router pages at their routes, its partials no pages", async () => {
    github.repos.set('acme/next', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Acme\n\nThe repository.',
          'docs/next.config.ts': 'export default {}',
          'docs/app/docs/guide/search/page.mdx': '# Search\n\nSee [static exports](./static-exports).',
          'docs/app/docs/guide/static-exports/page.mdx': "# Static exports\n\nSet `output: 'export'{:js}`.",
          'docs/app/docs/custom-theme/old.mdx': '# Old\n\nImported.',
          'docs/components/install.mdx': '# Install\n\nA partial.',
        },
      },
    });
    const documents = await read('acme/next');
    expect([...documents.keys()].sort()).toEqual([
      'README.md',
      'docs/app/docs/guide/search/page.mdx',
      'docs/app/docs/guide/static-exports/page.mdx',
    ]);
    const search = documents.get('docs/app/docs/guide/search/page.mdx')!;
    expect(search.url).toBe('https://acme.test/book/docs/guide/search');
    expect(search.content).toContain('[static exports](./static-exports)');
    expect(documents.get('docs/app/docs/guide/static-exports/page.mdx')!.content).toContain(
      "`output: 'export'`",
    );
  });

  it("reads a Nuxt Content site's content/ pages at their paths without order numbers, its components read", async () => {
    github.repos.set('acme/nuxt', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Acme\n\nThe repository.',
          'docs/content.config.ts': 'export default defineContentConfig({ collections: {} })',
          'docs/content/1.getting-started/1.index.md': '# Introduction\n\nWelcome.',
          'docs/content/1.getting-started/2.installation.md':
            '# Installation\n\n::tip\nUse pnpm.\n::\n\nSee [deploying](../2.guide/1.deploy.md).',
          'docs/content/2.guide/1.deploy.md': '# Deploy\n\nRun `acme build`.',
        },
      },
    });
    const documents = await read('acme/nuxt');
    expect([...documents.keys()].sort()).toEqual([
      'docs/content/1.getting-started/1.index.md',
      'docs/content/1.getting-started/2.installation.md',
      'docs/content/2.guide/1.deploy.md',
    ]);
    expect(documents.get('docs/content/1.getting-started/1.index.md')!.url).toBe(
      'https://acme.test/book/getting-started',
    );
    const install = documents.get('docs/content/1.getting-started/2.installation.md')!;
    expect(install.url).toBe('https://acme.test/book/getting-started/installation');
    expect(install.content).toContain('> **Tip:** Use pnpm.');
    expect(install.content).toContain('[deploying](https://acme.test/book/guide/deploy)');
  });

  it("reads a Redocly project's version folders as versions, its default one's pages without the folder, partials put in", async () => {
    github.repos.set('acme/redocly', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Acme\n\nThe repository.',
          'docs/redocly.yaml': 'seo:\n  title: Acme\n',
          'docs/versions.yaml': "default: 'v2'\n",
          'docs/@v1/install.md': '# Install\n\nRun `npm i -g acme@1`.',
          'docs/@v2/install.md':
            '# Install\n\n{% partial file="../_partials/node.md" /%}\n\n{% admonition type="warning" %}\nBack up.\n{% /admonition %}',
          'docs/_partials/node.md': 'Acme needs Node.js 22.',
        },
      },
    });
    const documents = await read('acme/redocly');
    expect([...documents.keys()].sort()).toEqual(['docs/@v1/install.md', 'docs/@v2/install.md']);
    const current = documents.get('docs/@v2/install.md')!;
    expect(current.url).toBe('https://acme.test/book/install');
    expect(current.metadata?.version).toBe('v2');
    expect(current.content).toContain('Acme needs Node.js 22.');
    expect(current.content).toContain('> **Warning:** Back up.');
    const old = documents.get('docs/@v1/install.md')!;
    expect(old.url).toBe('https://acme.test/book/v1/install');
    expect(old.metadata?.version).toBe('v1');
  });

  it("reads an Rspress project's docs folder as .html pages, its excluded routes no pages, tabs of commands read", async () => {
    github.repos.set('acme/rspress', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Acme\n\nThe repository.',
          'website/rspress.config.ts':
            "export default defineConfig({ route: { exclude: ['**/fragments/**'] } });",
          'website/docs/index.md': '# Acme\n\nSee [the guide](./guide/start.mdx).',
          'website/docs/guide/start.mdx': '# Start\n\n<PackageManagerTabs command="add @acme/cli -D" />',
          'website/docs/fragments/intro.mdx': 'A fragment.',
        },
      },
    });
    const documents = await read('acme/rspress');
    expect([...documents.keys()].sort()).toEqual(['website/docs/guide/start.mdx', 'website/docs/index.md']);
    expect(documents.get('website/docs/index.md')!.content).toContain(
      '(https://acme.test/book/guide/start.html)',
    );
    const start = documents.get('website/docs/guide/start.mdx')!;
    expect(start.url).toBe('https://acme.test/book/guide/start.html');
    expect(start.content).toContain('**bun**:\n\n```sh\nbun add @acme/cli -D\n```');
  });
});
