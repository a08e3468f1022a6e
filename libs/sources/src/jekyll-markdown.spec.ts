import { jekyllHtmlPage, withJekyllLiquid } from './jekyll-liquid';
import { detectDialect, normaliseMarkdown } from './markdown-dialect';

/** A site's files, read as the loaders read included files (undefined for a file not there). */
const files = (tree: Record<string, string>) => async (path: string) => tree[path];

describe("the Jekyll dialect's kramdown", () => {
  it('reads a callout class above a paragraph (just-the-docs) or below it (Jekyll’s docs) as a labelled quote', () => {
    const text = normaliseMarkdown(
      [
        '{: .warning }',
        'Never run as root.',
        '',
        'Serve in the background',
        'with `--detach`.',
        '{: .note .info}',
        '',
        'A plain paragraph.',
        '{: .fs-6 .fw-300 }',
      ].join('\n'),
      'jekyll',
    );
    expect(text).toContain('> **Warning:** Never run as root.');
    expect(text).toContain('> **Info:** Serve in the background\n> with `--detach`.');
    expect(text).toContain('A plain paragraph.');
    expect(text).not.toContain('{:');
  });

  it('reads a callout over a block quote (just-the-docs) without its >, a -title callout led by its title', () => {
    const text = normaliseMarkdown(
      [
        '{: .important }',
        '> A paragraph',
        '>',
        '> Another paragraph',
        '',
        '{: .note-title }',
        '> Pinned versions',
        '>',
        '> Run `bundle update` to move them.',
      ].join('\n'),
      'jekyll',
    );
    expect(text).toContain('> **Important:** A paragraph\n>\n> Another paragraph');
    expect(text).toContain('> **Pinned versions:** Run `bundle update` to move them.');
    expect(text).not.toMatch(/> >|\{:/);
  });

  it('gives a heading the id of its attribute list, and drops span lists, tables of contents and comments', () => {
    const text = normaliseMarkdown(
      [
        '## Install Acme',
        '{: #install .no_toc }',
        '',
        '* TOC',
        '{:toc}',
        '',
        '1. TOC',
        '{:toc}',
        '',
        '[Get started](#install){: .btn } [Docs](/docs){:target="_blank"}',
        '',
        '{::comment}',
        'Not shown.',
        '{:/comment}',
        '',
        '```',
        '{: .kept-in-code }',
        '```',
      ].join('\n'),
      'jekyll',
    );
    expect(text).toContain('## Install Acme {#install}');
    expect(text).toContain('[Get started](#install) [Docs](/docs)');
    expect(text).not.toMatch(/TOC|toc\}|Not shown/);
    expect(text).toContain('```\n{: .kept-in-code }\n```');
  });

  it('reads an HTML block to its closing tag: indented rows are no code, a note is a labelled quote', () => {
    const text = normaliseMarkdown(
      [
        '<div class="scroller">',
        '<table>',
        '  <tbody>',
        '',
        '      <tr><td><code>-P, --port PORT</code></td></tr>',
        '',
        '  </tbody>',
        '</table>',
        '</div>',
        '',
        '<div class="note warning">',
        '  <h5>Ports below',
        '  1024</h5>',
        '',
        '  <p>Use <code>sudo</code> for <code>&lt;port&gt;</code>.</p>',
        '</div>',
      ].join('\n'),
      'jekyll',
    );
    expect(text).toContain(
      '<table> <tbody> <tr><td><code>-P, --port PORT</code></td></tr> </tbody> </table>',
    );
    expect(text).not.toContain('```');
    expect(text).toContain('> **Warning:** **Ports below 1024**\n>\n> Use `sudo` for `<port>`.');
  });

  it('reads Minimal Mistakes’ notices, by attribute list or as a div of Markdown, as labelled quotes', () => {
    const text = normaliseMarkdown(
      [
        'Back up first.',
        '{: .notice--danger}',
        '',
        '<div class="notice--info" markdown="1">',
        '**Heads up:** the config is read once.',
        '',
        '```yaml',
        'theme: minimal-mistakes-jekyll',
        '```',
        '</div>',
        '',
        '<div markdown="1">',
        'Plain *Markdown*.',
        '</div>',
        '',
        '<div class="highlight result" markdown="1">',
        'A rendered result.',
        '</div>',
      ].join('\n'),
      'jekyll',
    );
    expect(text).toContain('> **Danger:** Back up first.');
    expect(text).toContain(
      '> **Info:** **Heads up:** the config is read once.\n>\n> ```yaml\n> theme: minimal-mistakes-jekyll\n> ```',
    );
    expect(text).toContain('Plain *Markdown*.');
    expect(text).toContain('\nA rendered result.');
    expect(text).not.toMatch(/<\/?div|\{:|Highlight/);
  });

  it('reads Liquid a page loaded on its own still holds as Jekyll would render it', () => {
    const text = normaliseMarkdown(
      [
        'See [the guide]({{ "/docs/guide/" | relative_url }}) and [home]({{ site.baseurl }}/).',
        '',
        '{% highlight ruby %}',
        'puts "hi"',
        '{% endhighlight %}',
        '',
        '{% raw %}`{{ page.title }}`{% endraw %} {% comment %}draft{% endcomment %}{% seo %}',
        '{% raw %}`{% include footer.html %}`{% endraw %}',
      ].join('\n'),
      'jekyll',
    );
    expect(text).toContain('See [the guide](/docs/guide/) and [home](/).');
    expect(text).toContain('```ruby\nputs "hi"\n```');
    expect(text).toContain('`{{ page.title }}`');
    expect(text).toContain('`{% include footer.html %}`');
    expect(text).not.toMatch(/\{% (raw|seo|comment)|draft/);
  });

  it('leaves the Liquid a rendered page shows as an example', () => {
    const text = normaliseMarkdown('```liquid\n{% include footer.html %}\n```', 'jekyll');
    expect(text).toBe('```liquid\n{% include footer.html %}\n```');
  });

  it('is told by Liquid in prose or an attribute list on a line of its own', () => {
    expect(detectDialect('{% raw %}\n```\n{{ x }}\n```\n{% endraw %}')).toBe('jekyll');
    expect(detectDialect('[Guide]({{ "/guide/" | relative_url }})')).toBe('jekyll');
    expect(detectDialect('Text.\n{: .note }')).toBe('jekyll');
    expect(detectDialect('```liquid\n{% raw %}\n```')).toBe('markdown');
    expect(detectDialect('{% hint style="info" %}\nx\n{% endhint %}')).toBe('gitbook');
  });
});

describe("a Jekyll page's Liquid", () => {
  const site = {
    '/site/_config.yml': '---\nbaseurl: /acme\nurl: https://x.test\n',
    '/site/_data/ruby.yml': 'min_version: 3.1.0\n',
    '/site/_data/options/serve.yml': '- flag: --port\n- flag: --livereload\n',
    '/site/_includes/note.html': '> **Note:** {{ include.content }}',
    '/site/_docs/shared.md': 'Shared text for {{ page.title }}.',
  };

  it('renders the site’s data, includes with parameters, relative includes, file links and URL filters', async () => {
    const page = [
      '---',
      'title: Install',
      '---',
      'Ruby {{ site.data.ruby.min_version }}.',
      '{% for o in site.data.options.serve %}`{{ o.flag }}` {% endfor %}',
      '{% include note.html content="Use a version manager." %}',
      '{% include_relative shared.md %}',
      '[Usage]({% link _docs/usage.md %}) [Ruby]({{ "/docs/ruby/" | relative_url }}) [Abs]({{ "/a/" | absolute_url }})',
      '{% seo %}{% tabs x %}Kept{% endtabs %}',
    ].join('\n');
    const rendered = await withJekyllLiquid(page, '/site/_docs/install.md', '/site', files(site));
    expect(rendered).toBe(
      [
        '---',
        'title: Install',
        '---',
        'Ruby 3.1.0.',
        '`--port` `--livereload` ',
        '> **Note:** Use a version manager.',
        'Shared text for Install.',
        '[Usage](/_docs/usage.md) [Ruby](/acme/docs/ruby/) [Abs](https://x.test/acme/a/)',
        'Kept',
      ].join('\n'),
    );
  });

  it('makes a highlight block a fenced code block and keeps raw text as written', async () => {
    const page =
      '{% highlight sh %}\njekyll serve --port {{ 4000 | plus: 1 }}\n{% endhighlight %}\n{% raw %}{{ kept }}{% endraw %}';
    const rendered = await withJekyllLiquid(page, '/site/guide.md', '/site', files(site));
    expect(rendered).toBe('\n```sh\njekyll serve --port 4001\n```\n\n{{ kept }}');
  });

  it('leaves a page of no Jekyll site as written; reads one whose Liquid does not render without the site', async () => {
    const page = 'Hello {{ name }}';
    expect(await withJekyllLiquid(page, '/other/guide.md', '/other', files(site))).toBe(page);
    const broken = '---\ntitle: x\n---\nUnclosed {% if x %} tag, {% raw %}{{ kept }}{% endraw %}';
    expect(await withJekyllLiquid(broken, '/site/guide.md', '/site', files(site))).toBe(
      '---\ntitle: x\n---\nUnclosed  tag, {{ kept }}',
    );
  });

  it('renders an include of the theme’s, which the site does not hold, as nothing', async () => {
    const page = '{% include toc.html %}Ruby {{ site.data.ruby.min_version }}.';
    expect(await withJekyllLiquid(page, '/site/guide.md', '/site', files(site))).toBe('Ruby 3.1.0.');
  });

  it('renders an HTML page with front matter without it; copies one without front matter as it is', async () => {
    const page = '---\ntitle: Home\n---\n<h1>Ruby {{ site.data.ruby.min_version }}</h1>\n';
    expect(await jekyllHtmlPage(page, '/site/index.html', '/site', files(site))).toBe(
      '<h1>Ruby 3.1.0</h1>\n',
    );
    const plain = '<h1>{{ not liquid }}</h1>';
    expect(await jekyllHtmlPage(plain, '/site/plain.html', '/site', files(site))).toBe(plain);
  });
});
