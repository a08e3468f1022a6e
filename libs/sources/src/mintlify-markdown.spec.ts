import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';
import { mintlifyLayout, mintlifyNavigation } from './mintlify-site';
import { parseDocument } from './parse-document';

/** Shaped like the Mintlify pages of Continue's and AgentOps' docs. */
const PAGE = [
  '## Install',
  '',
  '<Tabs>',
  '  <Tab title="VS Code">',
  '',
  '<Steps>',
  '<Step title="Install from Marketplace">',
  'Click `Install` on the extension page.',
  '</Step>',
  '<Step title="Move to Right Sidebar">',
  '  The logo will appear on the left sidebar.',
  '',
  '  <Info>',
  '    If you have any problems, see the [troubleshooting guide](/troubleshooting).',
  '  </Info>',
  '</Step>',
  '</Steps>',
  '  </Tab>',
  '  <Tab title="npm (cross-platform)">',
  '    If you already have Node.js 20+:',
  '    ```bash',
  '    npm i -g @continuedev/cli',
  '    ```',
  '  </Tab>',
  '</Tabs>',
  '',
  '<CodeGroup>',
  '  ```bash pip',
  '  pip install agentops python-dotenv',
  '  ```',
  '  ```yaml title="config.yaml" {2} lines',
  '  models:',
  '    - name: Llama',
  '  ```',
  '</CodeGroup>',
  '',
  '<Warning>Never commit your `.env` file.</Warning>',
  '',
  '<AccordionGroup>',
  '  <Accordion title="Why is my key rejected?">',
  '    Check that `AGENTOPS_API_KEY` is set.',
  '  </Accordion>',
  '</AccordionGroup>',
  '',
  '<ParamField query="limit" type="number" default="10" required>',
  '  How many traces to return.',
  '</ParamField>',
  '',
  '<ResponseField name="trace" type="object">',
  '  The trace.',
  '  <Expandable title="properties">',
  '    <ResponseField name="id" type="string">Its id.</ResponseField>',
  '  </Expandable>',
  '</ResponseField>',
  '',
  '<CardGroup cols={2}>',
  '  <Card title="Quickstart" icon={<img src="/images/bolt.svg" />} href="/v2/quickstart">',
  '    Start in two lines.',
  '  </Card>',
  '</CardGroup>',
  '',
  '<Frame caption="The session waterfall">',
  '  <img src="/images/waterfall.png" />',
  '</Frame>',
  '',
  'A page that documents them shows `<Note>` in code:',
  '',
  '```mdx',
  '<Note>Keep me.</Note>',
  '```',
].join('\n');

describe('the Mintlify dialect', () => {
  const read = normaliseMarkdown(PAGE, 'mintlify');

  it('reads tabs and accordions as labelled parts, steps as a numbered list, callouts as labelled quotes', () => {
    expect(read).toContain(
      '**VS Code**:\n\n1. **Install from Marketplace**\n\n   Click `Install` on the extension page.\n\n' +
        '2. **Move to Right Sidebar**\n\n   The logo will appear on the left sidebar.\n\n' +
        '   > **Info:** If you have any problems, see the [troubleshooting guide](/troubleshooting).',
    );
    expect(read).toContain(
      '**npm (cross-platform)**:\n\nIf you already have Node.js 20+:\n```bash\nnpm i -g @continuedev/cli\n```',
    );
    expect(read).toContain('> **Warning:** Never commit your `.env` file.');
    expect(read).toContain('**Why is my key rejected?**:\n\nCheck that `AGENTOPS_API_KEY` is set.');
  });

  it("labels a code block by its fence's title and reduces the fence to its language", () => {
    expect(read).toContain('**pip**:\n\n```bash\npip install agentops python-dotenv\n```');
    expect(read).toContain('**config.yaml**:\n\n```yaml\nmodels:\n  - name: Llama\n```');
  });

  it('reads API fields and cards as items, a frame by its caption', () => {
    expect(read).toContain('- `limit` (query, number, required, default: `10`): How many traces to return.');
    expect(read).toContain('- `trace` (object): The trace.\n\n  - `id` (string): Its id.');
    expect(read).toContain('- [Quickstart](/v2/quickstart): Start in two lines.');
    expect(read).toContain('The session waterfall');
    expect(read).not.toMatch(/<\/?(Tabs?|Steps?|CodeGroup|Card|Frame|Expandable|Info)\b/);
  });

  it('keeps a code block that follows a field’s description line inside its item', () => {
    const field =
      '<ParamField body="filter" type="object">\nFor example:\n```json\n{ "tag": "prod" }\n```\n</ParamField>';
    expect(normaliseMarkdown(field, 'mintlify')).toBe(
      '- `filter` (body, object)\n\n  For example:\n  ```json\n  { "tag": "prod" }\n  ```',
    );
  });

  it('leaves components shown in code as written', () => {
    expect(read).toContain('```mdx\n<Note>Keep me.</Note>\n```');
    expect(read).toContain('shows `<Note>` in code');
  });

  it('is told from its components in MDX and Markdown, not from components imported from a package', () => {
    expect(detectDialect('<Steps>\n<Step title="A">x</Step>\n</Steps>', { mdx: true })).toBe('mintlify');
    expect(detectDialect('# A\n\n<Note>\nHi.\n</Note>\n')).toBe('mintlify');
    const starlight = "import { Steps } from '@astrojs/starlight/components';\n\n<Steps>\n1. Go\n</Steps>";
    expect(detectDialect(starlight, { mdx: true })).toBe('docusaurus');
    expect(detectDialect('```mdx\n<Steps>\n```', { mdx: true })).toBe('docusaurus');
    expect(repositoryDialect(['docs/docs.json', 'docs/index.mdx'])).toBe('mintlify');
    expect(repositoryDialect(['mint.json', 'intro.md'])).toBe('mintlify');
    expect(repositoryDialect(['docs.json', 'README.md'])).toBeUndefined();
  });

  it('reads an MDX page of a Mintlify site as Mintlify’s, its description as the lead it shows', () => {
    const doc = parseDocument({
      id: 'a.mdx',
      content: '---\ntitle: A\ndescription: Shown under the title.\n---\n<Tip>Use it.</Tip>',
      type: 'text/markdown',
      mdx: true,
      dialect: 'mintlify',
    });
    expect(doc.content).toBe('Shown under the title.\n\n> **Tip:** Use it.');
  });
});

describe("a Mintlify site's navigation", () => {
  it('lists the pages of docs.json’s tabs and groups and of mint.json’s groups, not a hidden group’s', () => {
    const docs = {
      navigation: {
        tabs: [
          {
            tab: 'Guides',
            groups: [
              { group: 'Start', pages: ['index', '/quickstart', { group: 'Deep', pages: ['deep/one'] }] },
              { group: 'Drafts', hidden: true, pages: ['drafts/two'] },
              { group: 'Kept', hidden: true, searchable: true, root: 'kept/index', pages: ['kept/three'] },
            ],
          },
          { tab: 'Blog', href: 'https://blog.acme.test' },
        ],
      },
    };
    expect([...mintlifyNavigation(docs).pages!].sort()).toEqual([
      'deep/one',
      'index',
      'kept/index',
      'kept/three',
      'quickstart',
    ]);
    const mint = { navigation: [{ group: 'Start', pages: ['v2/quickstart'], version: 'v2' }] };
    expect([...mintlifyNavigation(mint).pages!]).toEqual(['v2/quickstart']);
    expect(mintlifyNavigation({ ...mint, seo: { indexing: 'all' } }).pages).toBeUndefined();
  });

  it('gives each page the version it is listed under, none to a page of several versions', () => {
    const docs = {
      navigation: {
        versions: [
          { version: 'v2', groups: [{ group: 'Start', pages: ['v2/quickstart', 'changelog'] }] },
          { version: 'v1', groups: [{ group: 'Start', pages: ['v1/quickstart', 'changelog'] }] },
        ],
        global: { anchors: [{ anchor: 'Blog', href: 'https://blog.acme.test' }] },
      },
    };
    expect(Object.fromEntries(mintlifyNavigation(docs).versions)).toEqual({
      'v2/quickstart': 'v2',
      'v1/quickstart': 'v1',
    });
    const mint = {
      versions: ['v2', 'v1'],
      navigation: [
        { group: 'Start', pages: ['v1/introduction'], version: 'v1' },
        { group: 'Legal', pages: ['terms'] },
      ],
    };
    expect(Object.fromEntries(mintlifyNavigation(mint).versions)).toEqual({ 'v1/introduction': 'v1' });
  });

  it('is no site when the JSON names no navigation', () => {
    expect(mintlifyLayout('{"name": "not a site"}', '')).toBeUndefined();
    expect(mintlifyLayout('{', '')).toBeUndefined();
  });
});

describe('loading a Mintlify site', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-mintlify-'));
  const write = (path: string, content: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  beforeAll(() => {
    write(
      'docs.json',
      JSON.stringify({
        navigation: { groups: [{ group: 'A', pages: ['index', 'cli/install', 'more/asksage'] }] },
      }),
    );
    write('index.mdx', '---\ntitle: Home\n---\nSee [the CLI](/cli/install).\n');
    write(
      'cli/install.mdx',
      '---\ntitle: Install\n---\nimport CLIInstall from \'/snippets/cli-install.mdx\'\n\n<CLIInstall />\n\n<Snippet file="note.mdx" />\n',
    );
    write(
      'snippets/cli-install.mdx',
      '<Tabs>\n  <Tab title="npm">\n    ```bash\n    npm i -g @acme/cli\n    ```\n  </Tab>\n</Tabs>\n',
    );
    write('snippets/note.mdx', '<Note>Needs Node.js 20.</Note>\n');
    write('more/asksage.mdx', '---\ntitle: Ask Sage\nslug: ../asksage\n---\n<Info>Get a key.</Info>\n');
    write('hidden.mdx', '---\ntitle: Hidden\n---\nA draft.\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes the pages its navigation lists at their paths, with their snippets put in', async () => {
    const result = await loadPaths([dir], { baseUrl: 'https://docs.acme.test/' });
    const byId = new Map(result.documents.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual(['cli/install.mdx', 'index.mdx', 'more/asksage.mdx']);
    expect(result.skipped.map((s) => s.source.slice(dir.length)).sort()).toEqual([
      '/hidden.mdx',
      '/snippets/cli-install.mdx',
      '/snippets/note.mdx',
    ]);
    expect(byId.get('more/asksage.mdx')!.url).toBe('https://docs.acme.test/more/asksage');
    expect(byId.get('index.mdx')!.url).toBe('https://docs.acme.test/');
    const install = byId.get('cli/install.mdx')!.content;
    expect(install).toContain('**npm**:\n\n```bash\nnpm i -g @acme/cli\n```');
    expect(install).toContain('> **Note:** Needs Node.js 20.');
    expect(byId.get('index.mdx')!.content).toContain('[the CLI](https://docs.acme.test/cli/install)');
  });
});

describe('loading a Mintlify site with versions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-mintlify-versions-'));
  beforeAll(() => {
    const mint = {
      versions: ['v2', 'v1'],
      navigation: [
        { group: 'Start', pages: ['v2/quickstart'], version: 'v2' },
        { group: 'Start', pages: ['v1/quickstart'], version: 'v1' },
        { group: 'Legal', pages: ['terms'] },
      ],
    };
    writeFileSync(join(dir, 'mint.json'), JSON.stringify(mint));
    for (const page of ['v2/quickstart', 'v1/quickstart', 'terms']) {
      mkdirSync(join(dir, page, '..'), { recursive: true });
      writeFileSync(join(dir, `${page}.mdx`), `---\ntitle: ${page}\n---\nText.\n`);
    }
    writeFileSync(join(dir, 'v1/quickstart.mdx'), '---\ntitle: Old\nversion: 1.x\n---\nText.\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each page the version its navigation lists it under, its front matter’s first', async () => {
    const { documents } = await loadPaths([dir], { baseUrl: 'https://docs.acme.test/' });
    const version = (id: string) => documents.find((d) => d.id === id)?.metadata?.version;
    expect(version('v2/quickstart.mdx')).toBe('v2');
    expect(version('v1/quickstart.mdx')).toBe('1.x');
    expect(version('terms.mdx')).toBeUndefined();
  });
});
