import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { jekyllPagePath, jekyllSettings, jekyllUnpublished } from './jekyll-site';
import { jekyllConfigPath, repositoryDialect } from './markdown-dialect';
import { DIALECT_FIXTURES } from './testing';

const SITE = join(DIALECT_FIXTURES, 'jekyll');

describe("a Jekyll site's configuration", () => {
  it('reads collections, the permalink style, exclude (with Jekyll’s own) and include, after a --- marker', () => {
    const site = jekyllSettings(
      [
        '---',
        'baseurl: /acme/',
        'permalink: pretty',
        'collections:',
        '  docs: { output: true, permalink: "/:collection/:path/" }',
        '  staff: { people: true }',
        'exclude: [README.md, "*.gemspec", scripts/]',
        'include: [_redirects]',
      ].join('\n'),
    );
    expect(site.baseurl).toBe('/acme');
    expect(site.permalink).toBe('pretty');
    expect(Object.fromEntries(site.collections)).toEqual({
      posts: { output: true, permalink: undefined },
      docs: { output: true, permalink: '/:collection/:path/' },
      staff: { output: false, permalink: undefined },
    });
    expect(
      ['README.md', 'acme.gemspec', 'scripts/build.md', 'Gemfile', 'node_modules/x/a.md'].map(site.excluded),
    ).toEqual([true, true, true, true, true]);
    expect(site.excluded('guide/README.md')).toBe(false);
    expect(site.included('_redirects')).toBe(true);
  });

  it('takes Jekyll’s defaults for a configuration it cannot read as settings', () => {
    const site = jekyllSettings('- just\n- a list');
    expect(site.permalink).toBe('date');
    expect([...site.collections.keys()]).toEqual(['posts']);
  });

  it('publishes pages, published collections and posts; not layouts, includes, data, drafts or excluded files', () => {
    const site = jekyllSettings(
      'collections:\n  docs:\n    output: true\n  archive:\n    output: false\nexclude: [README.md]',
    );
    const reasons = Object.fromEntries(
      [
        'guide.md',
        '_docs/install.md',
        '_posts/2024-01-01-hello.md',
        '_archive/old.md',
        '_drafts/wip.md',
        '_includes/note.html',
        '_data/team.yml',
        '.github/CONTRIBUTING.md',
        'README.md',
      ].map((rel) => [rel, jekyllUnpublished(rel, site)?.split(' ')[0]]),
    );
    expect(reasons).toEqual({
      'guide.md': undefined,
      '_docs/install.md': undefined,
      '_posts/2024-01-01-hello.md': undefined,
      '_archive/old.md': 'a',
      '_drafts/wip.md': 'a',
      '_includes/note.html': 'a',
      '_data/team.yml': 'a',
      '.github/CONTRIBUTING.md': 'a',
      'README.md': 'left',
    });
  });
});

describe('the URL of a Jekyll page', () => {
  const path = (config: string, rel: string, front = {}) =>
    jekyllPagePath(rel, front, jekyllSettings(config));

  it('ends a page as the site’s permalink style says: .html by default, / when pretty, bare for :title', () => {
    expect(path('', 'guide/install.md')).toBe('guide/install.html');
    expect(path('permalink: pretty', 'guide/install.md')).toBe('guide/install/');
    expect(path('permalink: /:categories/:title/', 'guide/install.md')).toBe('guide/install/');
    // Homebrew's docs: `permalink: :title`, pages at docs.brew.sh/Installation.
    expect(path('permalink: :title', 'Installation.md')).toBe('Installation');
    expect(path('permalink: :title', 'guide/index.md')).toBe('guide/');
    expect(path('', 'index.md')).toBe('');
  });

  it('takes a page’s own permalink, placeholders filled', () => {
    expect(path('', 'pages/resources.md', { permalink: '/resources/' })).toBe('resources/');
    expect(path('', 'guide/a.md', { permalink: '/:path/:basename:output_ext' })).toBe('guide/a.html');
  });

  it('places a collection’s documents by its template, Jekyll’s default without one', () => {
    const config =
      'collections:\n  docs:\n    output: true\n    permalink: /:collection/:path/\n  recipes:\n    output: true';
    expect(path(config, '_docs/installation/ubuntu.md')).toBe('docs/installation/ubuntu/');
    expect(path(config, '_recipes/soup.md')).toBe('recipes/soup.html');
  });

  it('dates posts from their file names, in the site’s style or the posts collection’s template', () => {
    const front = { categories: ['release'] };
    expect(path('', '_posts/2024-06-23-acme-3-released.markdown', front)).toBe(
      'release/2024/06/23/acme-3-released.html',
    );
    expect(path('permalink: pretty', '_posts/2024-06-23-acme-3-released.md')).toBe(
      '2024/06/23/acme-3-released/',
    );
    const news = 'collections:\n  posts:\n    permalink: /news/:year/:month/:day/:title/';
    expect(path(news, '_posts/2024-06-23-acme-3-released.md', front)).toBe(
      'news/2024/06/23/acme-3-released/',
    );
  });

  it('leaves a file Jekyll copies as it is to the other rules', () => {
    expect(path('', 'assets/logo.svg')).toBeUndefined();
  });
});

describe('a Jekyll site found in a repository', () => {
  it('is told by its _config.yml at the root or one folder down, unless a scaffolds/ folder makes it Hexo’s', () => {
    expect(repositoryDialect(['docs/_config.yml', 'docs/index.md'])).toBe('jekyll');
    expect(jekyllConfigPath(['docs/_config.yml', 'docs/index.md'])).toBe('docs/');
    expect(jekyllConfigPath(['_config.yml', 'index.md'])).toBe('');
    expect(repositoryDialect(['_config.yml', 'scaffolds/post.md', 'source/_posts/a.md'])).toBeUndefined();
    expect(repositoryDialect(['a/b/_config.yml'])).toBeUndefined();
  });
});

describe('loading a Jekyll site', () => {
  it('publishes its pages at their permalinks, skips what Jekyll builds no page from, and links pages by file', async () => {
    const { documents, skipped, failed } = await loadPaths([SITE], { baseUrl: 'https://acme.test/' });
    expect(failed).toEqual([]);
    expect(Object.fromEntries(documents.map((d) => [d.id, d.url]))).toEqual({
      '_docs/guides/serving.md': 'https://acme.test/docs/guides/serving/',
      '_docs/installation.md': 'https://acme.test/docs/installation/',
      '_posts/2024-06-01-acme-2-0-released.md': 'https://acme.test/release/2024/06/01/acme-2-0-released/',
      'faq.md': 'https://acme.test/faq/',
      'index.md': 'https://acme.test/',
    });
    expect(skipped.map((s) => s.source.split('/jekyll/')[1]).sort()).toEqual([
      'README.md',
      '_archive/old.md',
      '_drafts/roadmap.md',
      '_includes/version_badge.html',
      '_layouts/default.html',
      'news.html',
    ]);
    const faq = documents.find((d) => d.id === 'faq.md')!;
    // jekyll-relative-links: a link to a Markdown file leads to its page; a URL-relative one is the browser's.
    expect(faq.content).toContain('[installation guide](https://acme.test/docs/installation/)');
    const serving = documents.find((d) => d.id === '_docs/guides/serving.md')!;
    expect(serving.content).toContain('[installation](../../installation/)');
  });

  it('renders each page’s Liquid: data files, includes, links to files, URL filters; keeps raw examples', async () => {
    const { documents } = await loadPaths([SITE], { baseUrl: 'https://acme.test/' });
    const install = documents.find((d) => d.id === '_docs/installation.md')!.content;
    expect(install).toContain('Acme needs Ruby **3.1.0** or newer');
    expect(install).toContain('[Ruby primer](/docs/ruby/#gems)');
    expect(install).toContain('[serve your site](https://acme.test/docs/guides/serving/)');
    expect(install).toContain('```shell\ngem install acme\n```');
    expect(install).toContain('## Install Acme {#install}');
    expect(install).toContain('> **Warning:** Never install gems as root');
    expect(install).not.toMatch(/\{%|\{\{|\{:|TOC/);
    const serving = documents.find((d) => d.id === '_docs/guides/serving.md')!.content;
    expect(serving).toContain('<td><code>-P, --port PORT</code></td>');
    expect(serving).toContain('## Serve command options 2.0\n');
    expect(serving).toContain('```liquid\n{% include footer.html %}\n```');
    expect(serving).toContain('> **Warning:** **Ports below 1024**');
    expect(serving).toContain('> **Info:** Run the server in the background with `--detach`.');
  });
});
