import { pagePath, publishedUrl } from './published-url';

describe('pagePath', () => {
  it('maps files to pages as Hugo does: sections and bundles as folders, lower case, slug and url', () => {
    expect(pagePath('operate/persistence/_index.md', { dialect: 'hugo' })).toBe('operate/persistence/');
    expect(pagePath('operate/Backup.md', { dialect: 'hugo' })).toBe('operate/backup/');
    expect(pagePath('blog/post/index.md', { dialect: 'hugo' })).toBe('blog/post/');
    expect(pagePath('operate/backup.md', { dialect: 'hugo', front: { slug: 'backups' } })).toBe(
      'operate/backups/',
    );
    expect(pagePath('operate/_index.md', { dialect: 'hugo', front: { slug: 'ignored' } })).toBe('operate/');
    expect(pagePath('a/b.md', { dialect: 'hugo', front: { url: '/docs/b-page/' } })).toBe('docs/b-page/');
  });

  it('maps files to pages as Docusaurus does: number prefixes dropped, id and slug', () => {
    expect(pagePath('docs/01-guides/02-install.mdx', { dialect: 'docusaurus' })).toBe('docs/guides/install');
    expect(pagePath('docs/guides/install.md', { dialect: 'docusaurus', front: { id: 'setup' } })).toBe(
      'docs/guides/setup',
    );
    expect(pagePath('docs/guides/install.md', { dialect: 'docusaurus', front: { slug: '/start' } })).toBe(
      'start',
    );
    expect(pagePath('docs/guides/index.md', { dialect: 'docusaurus' })).toBe('docs/guides/');
    expect(pagePath('index.md', { dialect: 'docusaurus', front: { id: 'index' } })).toBe('');
    expect(pagePath('guides/README.md', { dialect: 'docusaurus', front: { id: 'intro' } })).toBe('guides/');
  });

  it("leaves an MDX site's folders in parentheses out (Fumadocs' groups), not a Hugo site's", () => {
    expect(pagePath('(framework)/guides/rss.mdx', { dialect: 'docusaurus' })).toBe('guides/rss');
    expect(pagePath('(framework)/index.mdx')).toBe('');
    expect(pagePath('mdx/(integrations)/loader/bun.mdx', { dialect: 'mintlify' })).toBe('mdx/loader/bun');
    expect(pagePath('notes/(draft)/x.md', { dialect: 'hugo' })).toBe('notes/(draft)/x/');
  });

  it('maps files to pages as MkDocs and plain sites do', () => {
    expect(pagePath('user-guide/writing.md', { dialect: 'mkdocs' })).toBe('user-guide/writing/');
    expect(pagePath('user-guide/README.md', { dialect: 'mkdocs' })).toBe('user-guide/');
    expect(pagePath('guide/install.md')).toBe('guide/install');
    expect(pagePath('guide/install.adoc')).toBe('guide/install');
    expect(pagePath('guide/install.rst')).toBe('guide/install.html');
    expect(pagePath('guide/index.rst')).toBe('guide/');
    expect(pagePath('guide/manual.pdf')).toBe('guide/manual.pdf');
  });

  it('leaves out the folder a generator reads pages from when paths start at the repository root', () => {
    expect(pagePath('content/operate/_index.md', { dialect: 'hugo', fromRepositoryRoot: true })).toBe(
      'operate/',
    );
    expect(pagePath('docs/user-guide/index.md', { dialect: 'mkdocs', fromRepositoryRoot: true })).toBe(
      'user-guide/',
    );
    expect(pagePath('docs/intro.md', { dialect: 'docusaurus', fromRepositoryRoot: true })).toBe('docs/intro');
  });
});

describe('pagePath in a URL style', () => {
  const each = (path: string, options: Parameters<typeof pagePath>[1]) => [
    pagePath(path, options),
    pagePath(path, { ...options, pageUrls: 'html' }),
    pagePath(path, { ...options, pageUrls: 'folder' }),
  ];

  it('publishes Sphinx pages as html by default, as folders for dirhtml', () => {
    expect(each('how-to/fixtures.rst', {})).toEqual([
      'how-to/fixtures.html',
      'how-to/fixtures.html',
      'how-to/fixtures/',
    ]);
    expect(each('how-to/index.rst', {})).toEqual(['how-to/', 'how-to/', 'how-to/']);
  });

  it('publishes MkDocs and Hugo pages as folders by default, as html with use_directory_urls: false or uglyURLs', () => {
    expect(each('user-guide/writing.md', { dialect: 'mkdocs' })).toEqual([
      'user-guide/writing/',
      'user-guide/writing.html',
      'user-guide/writing/',
    ]);
    expect(each('user-guide/index.md', { dialect: 'mkdocs' })).toEqual([
      'user-guide/',
      'user-guide/',
      'user-guide/',
    ]);
    expect(each('operate/Backup.md', { dialect: 'hugo' })).toEqual([
      'operate/backup/',
      'operate/backup.html',
      'operate/backup/',
    ]);
    expect(each('operate/_index.md', { dialect: 'hugo' })).toEqual(['operate/', 'operate/', 'operate/']);
  });

  it('publishes Docusaurus and plain pages without an extension by default, in the style named', () => {
    expect(each('docs/01-guides/install.md', { dialect: 'docusaurus' })).toEqual([
      'docs/guides/install',
      'docs/guides/install.html',
      'docs/guides/install/',
    ]);
    expect(each('guide/setup.md', {})).toEqual(['guide/setup', 'guide/setup.html', 'guide/setup/']);
    expect(each('README.md', {})).toEqual(['', '', '']);
  });

  it('publishes VitePress pages as html by default, without an extension with cleanUrls; its index.md only is a folder', () => {
    const vitepress = (rel: string, pageUrls?: 'clean') => pagePath(rel, { dialect: 'vitepress', pageUrls });
    expect(vitepress('guide/features.md')).toBe('guide/features.html');
    expect(vitepress('guide/features.md', 'clean')).toBe('guide/features');
    expect(vitepress('guide/index.md', 'clean')).toBe('guide/');
    expect(vitepress('guide/README.md')).toBe('guide/README.html');
    expect(
      pagePath('docs/guide/index.md', {
        dialect: 'vitepress',
        fromRepositoryRoot: true,
        contentFolder: 'docs/',
      }),
    ).toBe('guide/');
  });

  it("keeps a file the generator copies as it is, and a page's own url, in any style", () => {
    expect(each('notes.txt', {})).toEqual(['notes.txt', 'notes.txt', 'notes.txt/']);
    expect(each('a/b.md', { dialect: 'hugo', front: { url: '/docs/b-page/' } })).toEqual([
      'docs/b-page/',
      'docs/b-page/',
      'docs/b-page/',
    ]);
  });
});

describe('publishedUrl', () => {
  it('joins the page to the base URL, encoded; a full url in front matter wins', () => {
    expect(publishedUrl('https://d.example/docs', 'a b/é.md')).toBe('https://d.example/docs/a%20b/%C3%A9');
    expect(publishedUrl('https://d.example/', 'x.md', { front: { url: 'https://e.example/x' } })).toBe(
      'https://e.example/x',
    );
  });
});
