import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minimalPdf } from './testing/minimal-pdf';
import { loadFileData, loadPaths } from './file-loader';
import { DEFAULT_PARSE_LIMITS } from './parse-limits';
import { publishedUrl } from './published-url';
import { pathFilter } from './path-filter';

describe('pathFilter', () => {
  it('keeps everything without globs', () => {
    expect(pathFilter({})('a/b/c.md')).toBe(true);
  });

  it('matches globs without a slash against the file name at any depth', () => {
    const only = pathFilter({ include: ['*.mdx'] });
    expect(only('guide/deep/page.mdx')).toBe(true);
    expect(only('guide/page.md')).toBe(false);
  });

  it('leaves out excluded paths even when included', () => {
    const wanted = pathFilter({ include: ['guide/**'], exclude: ['guide/drafts/**', '*.txt'] });
    expect(wanted('guide/install.md')).toBe(true);
    expect(wanted('guide/drafts/next.md')).toBe(false);
    expect(wanted('guide/notes.txt')).toBe(false);
    expect(wanted('blog/post.md')).toBe(false);
  });
});

describe('loadPaths', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-files-'));
  beforeAll(() => {
    const write = (path: string, content: string | Uint8Array) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
    };
    write('guide/install.md', '---\ntitle: Install\n---\nRun it.');
    write('guide/drafts/next.md', '# Next\n\nSoon.');
    write('guide/widget.mdx', "import X from 'x';\n\n# Widget\n\n<X>Embed it.</X>");
    write('guide/manual.pdf', minimalPdf({ lines: ['Manual', 'Read me.'] }));
    write('broken.pdf', 'not a pdf');
    write('notes.txt', 'Plain notes.');
    write('image.png', 'binary');
    write('node_modules/pkg/readme.md', '# Vendored');
    write('.git/info.md', '# Hidden');
  });

  const ids = (result: { documents: { id: string }[] }) => result.documents.map((d) => d.id).sort();

  it('reads every supported file, PDFs included, but not node_modules, dot-folders or other types', async () => {
    const result = await loadPaths([dir]);
    expect(ids(result)).toEqual([
      'guide/drafts/next.md',
      'guide/install.md',
      'guide/manual.pdf',
      'guide/widget.mdx',
      'notes.txt',
    ]);
    expect(result.documents.find((d) => d.id === 'guide/widget.mdx')?.content).toBe('# Widget\n\nEmbed it.');
    expect(result.failed).toEqual([{ source: join(dir, 'broken.pdf'), reason: expect.any(String) }]);
  });

  it('keeps only the files the include and exclude globs select', async () => {
    const result = await loadPaths([dir], {
      include: ['guide/**'],
      exclude: ['drafts/**', 'guide/drafts/**'],
    });
    expect(ids(result)).toEqual(['guide/install.md', 'guide/manual.pdf', 'guide/widget.mdx']);
    expect(ids(await loadPaths([dir], { include: ['*.md'] }))).toEqual([
      'guide/drafts/next.md',
      'guide/install.md',
    ]);
  });

  it('reads a file named directly whatever the globs say, and reports an unsupported one as skipped', async () => {
    const result = await loadPaths([join(dir, 'notes.txt'), join(dir, 'image.png')], { include: ['*.md'] });
    expect(ids(result)).toEqual(['notes.txt']);
    expect(result.skipped).toEqual([
      { source: join(dir, 'image.png'), reason: expect.stringMatching(/not Markdown/) },
    ]);
  });

  it('links files to their published pages under --base-url; front matter url wins', async () => {
    const result = await loadPaths([dir], { baseUrl: 'https://docs.acme.com/v2' });
    const urls = Object.fromEntries(result.documents.map((d) => [d.id, d.url]));
    expect(urls).toMatchObject({
      'guide/install.md': 'https://docs.acme.com/v2/guide/install',
      'guide/widget.mdx': 'https://docs.acme.com/v2/guide/widget',
      'guide/manual.pdf': 'https://docs.acme.com/v2/guide/manual.pdf',
      'notes.txt': 'https://docs.acme.com/v2/notes.txt',
    });
    expect(publishedUrl('https://d.example/docs/', 'index.md')).toBe('https://d.example/docs/');
    expect(publishedUrl('https://d.example/docs/', 'guide/index.mdx')).toBe('https://d.example/docs/guide/');
    expect(publishedUrl('https://d.example/', 'a b/é.md')).toBe('https://d.example/a%20b/%C3%A9');
    writeFileSync(join(dir, 'own.md'), '---\nurl: https://elsewhere.example/own\n---\n# Own');
    const own = await loadPaths([join(dir, 'own.md')], { baseUrl: 'https://docs.acme.com/' });
    expect(own.documents[0]!.url).toBe('https://elsewhere.example/own');
  });

  it('links Markdown files to the pages of the files they link to under --base-url', async () => {
    const site = mkdtempSync(join(tmpdir(), 'docqa-links-'));
    mkdirSync(join(site, 'guide'));
    writeFileSync(
      join(site, 'guide/start.md'),
      '# Start\n\nSee [install](install.md#linux) and [the API](../api.md).',
    );
    const [start] = (await loadPaths([site], { baseUrl: 'https://docs.acme.com/v2/' })).documents;
    expect(start!.content).toContain(
      '[install](https://docs.acme.com/v2/guide/install#linux) and [the API](https://docs.acme.com/v2/api)',
    );
    const [plain] = (await loadPaths([site])).documents;
    expect(plain!.content).toContain('[install](install.md#linux)');
  });

  it('reads a site in several languages in its default one: translations skipped, a page named with its language published without it', async () => {
    const site = mkdtempSync(join(tmpdir(), 'docqa-languages-'));
    mkdirSync(join(site, 'docs'));
    for (const [path, text] of [
      ['docs/cache.mdx', '# Cache\n\nUse a provider.'],
      ['docs/cache.ja.mdx', '# キャッシュ\n\nプロバイダーを使う。'],
      ['docs/api.mdx', '# API\n\nOptions.'],
      ['docs/api.ja.mdx', '# API\n\nオプション。'],
    ] as const)
      writeFileSync(join(site, path), text);
    const loaded = await loadPaths([site], { baseUrl: 'https://swr.example.com/' });
    expect(loaded.documents.map((d) => d.url).sort()).toEqual([
      'https://swr.example.com/docs/api',
      'https://swr.example.com/docs/cache',
    ]);
    expect(loaded.skipped).toContainEqual({
      source: join(site, 'docs/cache.ja.mdx'),
      reason: "a translation (ja) of docs/cache.mdx: the site's pages are read in its default language",
    });
    // Read in Japanese, as the site publishes it under /ja/.
    const ja = await loadPaths([site], { baseUrl: 'https://swr.example.com/', language: 'ja' });
    expect(ja.documents.map((d) => d.url).sort()).toEqual([
      'https://swr.example.com/ja/docs/api',
      'https://swr.example.com/ja/docs/cache',
    ]);
    expect(ja.documents.find((d) => d.url?.endsWith('/cache'))!.title).toBe('キャッシュ');
    await expect(loadPaths([site], { language: 'ko' })).rejects.toThrow('the site has no pages in ko');

    const hugo = mkdtempSync(join(tmpdir(), 'docqa-languages-'));
    for (const [path, text] of [
      ['install.en.md', '# Install\n\nRun it.'],
      ['install.fr.md', '# Installer\n\nLancez-le.'],
      ['about.en.md', '# About\n\nUs.'],
      ['about.fr.md', '# À propos\n\nNous.'],
    ] as const)
      writeFileSync(join(hugo, path), text);
    const pages = await loadPaths([hugo], { baseUrl: 'https://hugo.example.com/' });
    expect(pages.documents.map((d) => d.url).sort()).toEqual([
      'https://hugo.example.com/about',
      'https://hugo.example.com/install',
    ]);
  });

  it('loads a Hugo site: sections as their folders, ref and relref as the published pages, shortcodes gone', async () => {
    const site = join(__dirname, 'testing/dialects/hugo');
    const { documents } = await loadPaths([site], { baseUrl: 'https://redis.example/docs/' });
    const byId = Object.fromEntries(documents.map((d) => [d.id, d]));
    expect(documents.map((d) => [d.id, d.url, d.title])).toEqual([
      ['_index.md', 'https://redis.example/docs/', 'Docs'],
      [
        'operate/persistence/_index.md',
        'https://redis.example/docs/operate/persistence/',
        'Redis persistence',
      ],
      [
        'operate/replication/_index.md',
        'https://redis.example/docs/operate/replication/',
        'Redis replication',
      ],
    ]);
    expect(byId['_index.md']!.content).toBe(
      'Start with [persistence](https://redis.example/docs/operate/persistence/) or\n' +
        '[replication](https://redis.example/docs/operate/replication/#configuration).',
    );
    const persistence = byId['operate/persistence/_index.md']!;
    expect(persistence.content).toContain(
      '[replication](https://redis.example/docs/operate/replication/) and\n[the AOF section](#append-only-file)',
    );
    expect(persistence.content).toContain('changed:\n\n```\nsave 60 1000\n```');
    expect(persistence.content).not.toMatch(/\{\{[<%]\s*\/?(relref|ref|warning|figure|tab)\b|\{\{< \/note/);
    expect(persistence.metadata).toMatchObject({
      aliases: ['/topics/persistence', '/docs/manual/persistence'],
    });
  });

  it('links a ref from the content root of a site the folder is one section of to its page on the site', async () => {
    const section = join(__dirname, 'testing/dialects/hugo-section');
    const { documents } = await loadPaths([section], {
      baseUrl: 'https://kiln.example/docs/v2/manage/kiln/',
      dialect: 'hugo',
    });
    const byId = Object.fromEntries(documents.map((d) => [d.id, d.content]));
    expect(byId['_index.md']).toContain(
      '[how backups work](https://kiln.example/docs/v2/manage/kiln/backups/schedule/)',
    );
    expect(byId['_index.md']).toContain(
      '[cloud service](https://kiln.example/docs/v2/manage/cloud/overview/#limits)',
    );
    // `/develop/` is no folder of the base URL's path: the site's root is where the references to
    // the folder's own pages put it.
    expect(byId['_index.md']).toContain('[the client guides](https://kiln.example/docs/v2/develop/clients/)');
    expect(byId['backups/schedule.md']).toContain(
      '[the server overview](https://kiln.example/docs/v2/manage/kiln/) or the\n' +
        '[upgrade notes](https://kiln.example/docs/v2/manage/kiln/upgrade-2.1/)',
    );
    expect(byId['backups/schedule.md']).toContain('```\nbackup-at 02:00\n```');
  });

  it('loads a Docusaurus site: number prefixes dropped, id and slug front matter, links to the pages', async () => {
    const site = join(__dirname, 'testing/dialects/docusaurus');
    const { documents } = await loadPaths([site], { baseUrl: 'https://acme.example/' });
    expect(documents.map((d) => [d.id, d.url])).toEqual([
      ['docs/01-guides/02-install.mdx', 'https://acme.example/docs/guides/installation'],
      ['docs/01-guides/03-usage.md', 'https://acme.example/use-it'],
    ]);
    expect(documents[1]!.content).toContain(
      'see [installation](https://acme.example/docs/guides/installation).',
    );
  });

  it('loads AsciiDoc and reStructuredText files with their titles, their markup kept for ingestion', async () => {
    const dir = join(__dirname, 'testing/dialects');
    const { documents } = await loadPaths([join(dir, 'guide.adoc'), join(dir, 'install.rst')], {
      baseUrl: 'https://d.example/',
    });
    expect(documents.map((d) => [d.id, d.title, d.content_type, d.url])).toEqual([
      ['guide.adoc', 'Install Guide', 'text/asciidoc', 'https://d.example/guide'],
      ['install.rst', 'Install guide', 'text/x-rst', 'https://d.example/install.html'],
    ]);
  });

  it("loads a Sphinx folder's pages as .html, without its templates and theme as pages", async () => {
    const site = mkdtempSync(join(tmpdir(), 'docqa-sphinx-'));
    mkdirSync(join(site, '_templates'));
    mkdirSync(join(site, '_themes/acme'), { recursive: true });
    mkdirSync(join(site, 'usage'));
    writeFileSync(join(site, 'index.rst'), 'Home\n====\n\nSee :doc:`usage/quickstart`.\n');
    writeFileSync(join(site, 'usage/quickstart.rst'), 'Quickstart\n==========\n\nRun it.\n');
    writeFileSync(
      join(site, '_templates/contents.html'),
      '{% extends "layout.html" %}\n{% block body %}{% endblock %}',
    );
    writeFileSync(join(site, '_themes/acme/layout.html'), '{%- extends "basic/layout.html" %}');
    const { documents, skipped } = await loadPaths([site], { baseUrl: 'https://d.example/en/master/' });
    expect(documents.map((d) => [d.id, d.url])).toEqual([
      ['index.rst', 'https://d.example/en/master/'],
      ['usage/quickstart.rst', 'https://d.example/en/master/usage/quickstart.html'],
    ]);
    expect(skipped.map((s) => s.source.slice(site.length + 1)).sort()).toEqual([
      '_templates/contents.html',
      '_themes/acme/layout.html',
    ]);
    expect(skipped[0]?.reason).toMatch(/^a template or theme file/);
  });

  it('loads a Sphinx folder built with dirhtml as folders, and links between its files the same way', async () => {
    const site = mkdtempSync(join(tmpdir(), 'docqa-dirhtml-'));
    mkdirSync(join(site, 'usage'));
    writeFileSync(join(site, 'index.rst'), 'Home\n====\n\nSee :doc:`usage/quickstart`.\n');
    writeFileSync(join(site, 'usage/quickstart.rst'), 'Quickstart\n==========\n\nRun it.\n');
    const { documents } = await loadPaths([site], { baseUrl: 'https://d.example/en/', pageUrls: 'folder' });
    expect(documents.map((d) => [d.id, d.url])).toEqual([
      ['index.rst', 'https://d.example/en/'],
      ['usage/quickstart.rst', 'https://d.example/en/usage/quickstart/'],
    ]);
  });

  it('publishes an MkDocs folder as its mkdocs.yml says (use_directory_urls: false), links between files too', async () => {
    const project = mkdtempSync(join(tmpdir(), 'docqa-mkdocs-urls-'));
    mkdirSync(join(project, 'docs/guide'), { recursive: true });
    writeFileSync(
      join(project, 'mkdocs.yml'),
      'site_name: Acme\nuse_directory_urls: false\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n',
    );
    writeFileSync(
      join(project, 'docs/index.md'),
      '# Acme\n\n!!! note\n    Read [the setup](guide/setup.md#first-run).\n',
    );
    writeFileSync(join(project, 'docs/guide/setup.md'), '# Setup\n\n## First run\n\nRun it.\n');
    const base = 'https://acme.example/';
    const told = await loadPaths([join(project, 'docs')], { baseUrl: base });
    expect(told.documents.map((d) => [d.id, d.url])).toEqual([
      ['guide/setup.md', `${base}guide/setup.html`],
      ['index.md', base],
    ]);
    expect(told.documents[1]!.content).toContain(`(${base}guide/setup.html#first-run)`);
    // Named on the command line, the style wins over the configuration.
    const named = await loadPaths([join(project, 'docs')], { baseUrl: base, pageUrls: 'folder' });
    expect(named.documents[0]!.url).toBe(`${base}guide/setup/`);
  });

  it('reads UTF-16 files and lists a file that is not UTF-8 as failed, not garbled', async () => {
    const texts = mkdtempSync(join(tmpdir(), 'docqa-encodings-'));
    writeFileSync(join(texts, 'latin1.md'), Buffer.from('# Caf\xe9\n\nna\xefve\n', 'latin1'));
    writeFileSync(
      join(texts, 'unicode.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Saved by Notepad.', 'utf16le')]),
    );
    const result = await loadPaths([texts]);
    expect(result.documents.map((d) => [d.id, d.content])).toEqual([['unicode.txt', 'Saved by Notepad.']]);
    expect(result.failed).toEqual([
      { source: join(texts, 'latin1.md'), reason: expect.stringMatching(/^not UTF-8 text \(line 1\); save/) },
    ]);
  });

  it('names a path that does not exist', async () => {
    await expect(loadPaths([join(dir, 'missing')])).rejects.toThrow(/missing: no such file or folder/);
  });
});

describe('loadFileData', () => {
  const limits = { ...DEFAULT_PARSE_LIMITS, textChars: 10_000, htmlDepth: 100 };

  it('refuses HTML nested past the limit up front, saying so, instead of overflowing the stack later', async () => {
    const nested = (n: number) => Buffer.from(`<html><body>${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}`);
    await expect(loadFileData('deep.html', nested(200_000))).rejects.toThrow(
      'the HTML nests elements more than 500 levels deep',
    );
    // <html>, <body> and 98 <div>: 100 levels.
    await expect(loadFileData('deep.html', nested(98), {}, limits)).resolves.toMatchObject({
      content_type: 'text/html',
    });
  });

  it('refuses Markdown, text and HTML longer than the limit and takes them at the limit', async () => {
    for (const name of ['long.md', 'long.txt', 'long.html']) {
      await expect(loadFileData(name, Buffer.from('x'.repeat(10_001)), {}, limits)).rejects.toThrow(
        'the text runs past 10,000 characters',
      );
      await expect(loadFileData(name, Buffer.from('x'.repeat(10_000)), {}, limits)).resolves.not.toBeNull();
    }
  });

  it('refuses a file of more bytes than the longest text could take, without decoding it', async () => {
    const huge = Buffer.alloc(40_001, 0xff);
    await expect(loadFileData('huge.txt', huge, {}, limits)).rejects.toThrow('the text runs past 10,000');
  });
});
