import { startGitHubStandIn, syncedDocuments, type GitHubStandIn } from './testing';

describe('a github source of a VitePress site (against a local stand-in of the GitHub REST API)', () => {
  let github: GitHubStandIn;
  beforeAll(async () => {
    github = await startGitHubStandIn();
  });
  afterAll(() => github.close());

  const read = (repo: string) => syncedDocuments(github, repo, 'https://vite.acme.test/');

  it('maps pages from the docs folder of its configuration, in its URL style, with its snippets put in', async () => {
    github.repos.set('acme/vite', {
      default_branch: 'main',
      branches: {
        main: {
          'README.md': '# Acme\n',
          'docs/.vitepress/config.ts': "export default defineConfig({ title: 'Acme', cleanUrls: true })\n",
          'docs/index.md': '# Acme\n\nRead [the deploy guide](/guide/deploy.md#github-pages).',
          'docs/guide/deploy.md':
            '# Deploy\n\n## GitHub Pages\n\n<<< @/guide/deploy.yaml#content [deploy.yml]\n\n::: tip\nPush.\n:::\n',
          'docs/guide/deploy.yaml': '#region content\nuses: actions/deploy-pages@v5\n#endregion content\n',
        },
      },
    });
    const documents = await read('acme/vite');
    expect(documents.get('docs/guide/deploy.md')!.url).toBe('https://vite.acme.test/guide/deploy');
    expect(documents.get('docs/index.md')!.url).toBe('https://vite.acme.test/');
    expect(documents.get('docs/index.md')!.content).toContain(
      '[the deploy guide](https://vite.acme.test/guide/deploy#github-pages)',
    );
    const deploy = documents.get('docs/guide/deploy.md')!.content;
    expect(deploy).toContain('## GitHub Pages {#github-pages}');
    expect(deploy).toContain('**deploy.yml**:\n\n```yaml\nuses: actions/deploy-pages@v5\n```');
    expect(deploy).toContain('> **Tip:** Push.');

    // Pages from its srcDir, published as page.html by default.
    github.repos.set('acme/vue', {
      default_branch: 'main',
      branches: {
        main: {
          '.vitepress/config.mts': "export default { srcDir: './src', srcExclude: ['**/examples/*'] }\n",
          'src/guide/examples/basic.md': '# An example\n',
          'src/guide/intro.md': '# Intro\n\n::: code-group\n\n```sh [npm]\nnpm i acme\n```\n\n:::\n',
        },
      },
    });
    const vue = await read('acme/vue');
    expect(vue.get('src/guide/intro.md')!.url).toBe('https://vite.acme.test/guide/intro.html');
    expect([...vue.keys()]).toEqual(['src/guide/intro.md']);
    expect(vue.get('src/guide/intro.md')!.content).toContain('**npm**:\n\n```sh\nnpm i acme\n```');
  });
});
