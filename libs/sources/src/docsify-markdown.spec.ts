import { join } from 'node:path';
import { withDocsifyEmbeds } from './docsify-embeds';
import { docsifySlug, docsifyLinks } from './docsify-markdown';
import { docsifySettings, docsifyUnpublished } from './docsify-site';
import { loadPaths } from './file-loader';
import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';
import { publishedUrl } from './published-url';
import { DIALECT_FIXTURES } from './testing';

const SITE = join(DIALECT_FIXTURES, 'docsify');

describe('the docsify dialect', () => {
  it('reads helper paragraphs and alerts with their text on the marker line as labelled quotes', () => {
    const text = normaliseMarkdown(
      [
        '?> **NOTE:** The folder is created',
        'when it does not exist.',
        '',
        '!> Never commit secrets.',
        '',
        '> [!TIP] Run `acme serve` to preview.',
        '',
        '```markdown',
        '?> shown as written',
        '```',
      ].join('\n'),
      'docsify',
    );
    expect(text).toContain('> **Note:** The folder is created\n> when it does not exist.');
    expect(text).toContain('> **Important:** Never commit secrets.');
    expect(text).toContain('> **Tip:** Run `acme serve` to preview.');
    expect(text).toContain('```markdown\n?> shown as written\n```');
  });

  it('gives headings the ids docsify gives them, without its marks; a custom id kept, repeats numbered', () => {
    const text = normaliseMarkdown(
      [
        '## Initialize :id=init',
        '## 1. Update the Theme CSS',
        '### Simple Example {docsify-ignore}',
        '## Header <!-- {docsify-ignore} -->',
        '## Mode',
        '## Mode',
        '## `routerMode`',
      ].join('\n'),
      'docsify',
    );
    expect(text.split('\n')).toEqual([
      '## Initialize {#init}',
      '## 1. Update the Theme CSS {#_1-update-the-theme-css}',
      '### Simple Example {#simple-example-docsify-ignore}',
      '## Header {#header-}',
      '## Mode {#mode}',
      '## Mode {#mode-1}',
      '## `routerMode` {#routermode}',
    ]);
    expect(docsifySlug('Legacy Style ⚠️')).toBe('legacy-style-');
  });

  it('drops the settings docsify reads from link and image titles, keeping a title of words', () => {
    const text = normaliseMarkdown(
      [
        "[link](/demo ':target=_blank')",
        "![logo](icon.svg 'Logo :size=50x100')",
        "[site](https://example.com ':include :type=iframe width=100%')",
        "[smile](a.md ':smile:')",
      ].join('\n'),
      'docsify',
    );
    expect(text).toContain('[link](/demo)');
    expect(text).toContain("![logo](icon.svg 'Logo')");
    expect(text).toContain('[site](https://example.com)');
    expect(text).toContain("[smile](a.md ':smile:')");
  });

  it('is told from its helpers and link settings, and in a repository from an index.html beside _sidebar.md', () => {
    expect(detectDialect('# Guide\n\n?> Run it first.\n')).toBe('docsify');
    expect(detectDialect("See [x](_media/a.js ':include :type=code').\n")).toBe('docsify');
    expect(detectDialect('<!-- tabs:start -->\n\n#### **npm**\n\nnpm i\n\n<!-- tabs:end -->\n')).toBe(
      'docsify',
    );
    expect(detectDialect('# Guide\n\nA plain page.\n')).toBe('markdown');
    expect(repositoryDialect(['docs/index.html', 'docs/_sidebar.md', 'docs/README.md'])).toBe('docsify');
    expect(repositoryDialect(['index.html', 'README.md'])).toBeUndefined();
  });
});

describe("a docsify site's settings", () => {
  it('reads the router, the links and the page parts from index.html, not from comments', () => {
    const site = docsifySettings(
      "<script>window.$docsify = {\n  // routerMode: 'history',\n  loadSidebar: 'docsify/sidebar.md',\n  relativePath: true,\n};</script>",
    )!;
    expect(site).toMatchObject({ hashRouted: true, relativeLinks: true });
    expect(docsifyUnpublished('docsify/sidebar.md', site)).toMatch(/sidebar/);
    expect(docsifyUnpublished('guide/_sidebar.md', site)).toMatch(/sidebar/);
    expect(docsifyUnpublished('_media/example.md', site)).toMatch(/embed/);
    expect(docsifyUnpublished('guide/install.md', site)).toBeUndefined();
    expect(docsifySettings("window.$docsify = { routerMode: 'history' }")!.hashRouted).toBe(false);
    expect(docsifySettings('<html></html>')).toBeUndefined();
  });

  it('publishes pages after #/ with README.md as its folder, and sections at ?id=', () => {
    const options = { dialect: 'docsify' as const, hashRouted: true };
    expect(publishedUrl('https://acme.test/', 'guide/recording.md', options)).toBe(
      'https://acme.test/#/guide/recording',
    );
    expect(publishedUrl('https://acme.test', 'README.md', options)).toBe('https://acme.test/#/');
    expect(publishedUrl('https://acme.test/#/docs', 'guide/README.md', { dialect: 'docsify' })).toBe(
      'https://acme.test/#/docs/guide/',
    );
    expect(publishedUrl('https://acme.test/', 'guide/index.md', options)).toBe(
      'https://acme.test/#/guide/index',
    );
    expect(
      docsifyLinks('[a](#mode) [b](https://acme.test/#/guide#mode) [c](/cli)', 'https://acme.test/#/x'),
    ).toBe(
      '[a](https://acme.test/#/x?id=mode) [b](https://acme.test/#/guide?id=mode) [c](https://acme.test/#/cli)',
    );
    expect(
      docsifyLinks(
        '![Logo](https://acme.test/#/_media/icon.svg) [demo](/_media/demo.html)',
        'https://acme.test/#/x',
      ),
    ).toBe('![Logo](https://acme.test/_media/icon.svg) [demo](https://acme.test/_media/demo.html)');
  });
});

describe('loading a docsify site', () => {
  it("puts in a local embed's fragment as code and leaves another site's as a link", async () => {
    const page =
      "[config.js](_media/config.js ':include :type=code :fragment=defaults')\n[x](https://a.test/b.md ':include')";
    const text = await withDocsifyEmbeds(page, join(SITE, 'quickstart.md'), SITE);
    expect(text).toBe(
      "```js\nmode: 'replay',\nrecordIfMissing: true,\n```\n[x](https://a.test/b.md ':include')",
    );
  });

  it('shows a Markdown file embedded as code in a fence longer than its own, and leaves an HTML file an iframe', async () => {
    const files: Record<string, string> = { '/site/page.md': '# Page\n\n```js\nx();\n```\n' };
    const text = await withDocsifyEmbeds(
      "[page.md](page.md ':include :type=code')\n[demo](demo.html ':include height=200px')",
      '/site/page.md',
      '/site',
      async (path) => files[path],
    );
    expect(text).toBe("````md\n# Page\n\n```js\nx();\n```\n````\n[demo](demo.html ':include height=200px')");
  });

  it('publishes its pages routed after #/, links read from the site’s root, its sidebar and cover no pages', async () => {
    const result = await loadPaths([SITE], { baseUrl: 'https://acme.test/' });
    const byId = new Map(result.documents.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual(['README.md', 'guide/recording.md', 'quickstart.md']);
    expect(result.skipped.map((s) => s.source.split('/').at(-1)).sort()).toEqual([
      '_coverpage.md',
      '_sidebar.md',
      'index.html',
    ]);
    const quickstart = byId.get('quickstart.md')!;
    expect(quickstart.url).toBe('https://acme.test/#/quickstart');
    expect(quickstart.content).toContain('```\nacme init ./recordings\n```');
    expect(quickstart.content).toContain('[configuration](https://acme.test/#/guide/recording?id=mode)');
    expect(quickstart.content).toContain('[open it in a new tab](https://acme.test/#/guide/recording)');
    expect(quickstart.content).toContain('[Initialize](https://acme.test/#/quickstart?id=init)');
    expect(quickstart.content).toContain("```js\nmode: 'replay',");
    expect(quickstart.content).toContain('## 1. Configure {#_1-configure-}');
    expect(quickstart.content).toContain(
      '**macOS**:\n\n```\nbrew install acme\n```\n\n**Windows**:\n\n```powershell\nwinget install acme\n```',
    );
    expect(quickstart.content).not.toMatch(/tabs:|#### /);
    const recording = byId.get('guide/recording.md')!.content;
    expect(recording).toContain('[the quick start](https://acme.test/#/quickstart?id=init)');
    expect(recording).toContain('[the home page](https://acme.test/#/)');
    expect(byId.get('README.md')!.url).toBe('https://acme.test/#/');
  });
});
