import { ValidationError } from '@docqa/errors';
import { markdownBlocks } from '@docqa/chunking';
import { toMarkdown } from './to-markdown';

describe('toMarkdown', () => {
  it('refuses HTML nested deeper than html-to-text walks, naming the limit, rather than overflowing the stack', async () => {
    const nested = (n: number) => `${'<div>'.repeat(n)}deep${'</div>'.repeat(n)}`;
    await expect(toMarkdown(nested(200_000), 'text/html')).rejects.toThrow(
      new ValidationError('the HTML nests elements more than 1,000 levels deep'),
    );
    expect(await toMarkdown(nested(1000), 'text/html')).toBe('deep');
    const lists = (n: number) => `${'<ul><li>'.repeat(n)}deep${'</li></ul>'.repeat(n)}`;
    expect(await toMarkdown(lists(500), 'text/html')).toContain('deep');
  });

  it('keeps escaped markup of an HTML document escaped outside code, so it never turns into live HTML', async () => {
    const html =
      '<html><body><h1>XSS</h1><p>Write &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;.</p>' +
      '<pre>&lt;div class="a"&gt;</pre></body></html>';
    const markdown = await toMarkdown(html, 'text/html');
    expect(markdown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdown).toContain('# XSS');
    // Inside a code fence Markdown shows `<` as text: only there is it written as is.
    const blocks = markdownBlocks(markdown);
    expect(blocks.filter((b) => b.text.includes('<')).map((b) => b.kind)).toEqual(['code']);
    expect(blocks.find((b) => b.kind === 'code')!.text).toBe('```\n<div class="a">\n```');
  });

  it('keeps a page’s main text and code, without its navigation and scripts', async () => {
    const page =
      '<!doctype html><html><head><title>Install</title><script>track()</script></head><body>' +
      '<nav><a href="/">Home</a> <a href="/guide">Guide</a></nav><main><h1>Install</h1>' +
      '<p>Run the installer.</p><pre><code>npm ci</code></pre></main></body></html>';
    const markdown = await toMarkdown(page, 'text/html');
    expect(markdown).toContain('# Install');
    expect(markdown).toContain('npm ci');
    expect(markdown).not.toMatch(/Home|track\(\)/);
  });

  it('decodes other entities to text', async () => {
    expect(await toMarkdown('<p>AT&amp;T &eacute;t&eacute; &quot;quoted&quot;</p>', 'text/html')).toBe(
      'AT&T été "quoted"',
    );
  });

  it('turns <pre> into fenced code blocks with the language its class names, the code as written', async () => {
    const html =
      '<main><p>Create one:</p><pre><code class="hljs language-bash">docqa tokens create --tenant acme\n' +
      'echo "&lt;b&gt; &amp; done"\n</code></pre><pre class="lang-js">const a = 1;\n\n  b();</pre>' +
      '<pre>has ``` inside</pre></main>';
    const blocks = markdownBlocks(await toMarkdown(html, 'text/html'));
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['paragraph', 'Create one:'],
      ['code', '```bash\ndocqa tokens create --tenant acme\necho "<b> & done"\n```'],
      ['code', '```js\nconst a = 1;\n\n  b();\n```'],
      ['code', '````\nhas ``` inside\n````'],
    ]);
  });

  it('keeps inline <code> as code spans', async () => {
    expect(
      await toMarkdown('<p>Run <code>docqa ingest &lt;path&gt;</code> or <code>a`b</code>.</p>', 'text/html'),
    ).toBe('Run `docqa ingest <path>` or ``a`b``.');
  });

  it('turns tables into Markdown tables and lists into Markdown lists, as a Markdown document has them', async () => {
    const html =
      '<table><thead><tr><th>Variable</th><th>Default</th></tr></thead><tbody>' +
      '<tr><td><code>PORT</code></td><td>3000</td></tr><tr><td>A|B</td><td>&lt;x&gt;</td></tr></tbody></table>' +
      '<ul><li>One <code>x</code></li><li>Two</li></ul>';
    const blocks = markdownBlocks(await toMarkdown(html, 'text/html'));
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['table', '| Variable | Default |\n| --- | --- |\n| `PORT` | 3000 |\n| A\\|B | &lt;x&gt; |'],
      ['item', '- One `x`'],
      ['item', '- Two'],
    ]);
  });

  it('turns AsciiDoc into Markdown: sections with their ids, source blocks with their language, admonitions, tables; includes not followed', async () => {
    const adoc = [
      '= Install Guide',
      ':toc:',
      '',
      '== Install on Linux',
      '',
      'NOTE: You need root.',
      '',
      '[source,bash]',
      '----',
      'sudo apt install acme-server',
      '----',
      '',
      'include::/etc/passwd[]',
      '',
      '|===',
      '|Port |Use',
      '',
      '|8080',
      '|HTTP',
      '|===',
    ].join('\n');
    expect(await toMarkdown(adoc, 'text/asciidoc')).toBe(
      [
        '# Install Guide',
        '',
        '## Install on Linux {#_install_on_linux}',
        '',
        '> **Note:** You need root.',
        '',
        '```bash',
        'sudo apt install acme-server',
        '```',
        '',
        '| Port | Use |',
        '| --- | --- |',
        '| 8080 | HTTP |',
      ].join('\n'),
    );
  });

  it('turns an AsciiDoc description list into items led by their terms, an attached command nested in its item', async () => {
    const adoc = [
      'rouge-style::',
      'Controls the color theme.',
      'Default: `github`.',
      '',
      '`-S`, `--safe-mode=SAFE_MODE`::',
      'Sets the safe mode.',
      '',
      'Install using gem::',
      '+',
      ' $ gem install rouge',
      '',
      'load::',
      'read::',
      'Both parse.',
      '',
      'Why is it slow?::',
      'Rouge.',
      '',
      '[horizontal]',
      'file:: the file',
    ].join('\n');
    expect((await toMarkdown(adoc, 'text/asciidoc')).replace(/[ \t]+$/gm, '')).toBe(
      [
        '- **rouge-style:** Controls the color theme. Default: `github`.',
        '- `-S`, `--safe-mode=SAFE_MODE`: Sets the safe mode.',
        '- **Install using gem:**',
        '',
        '  ```',
        '  $ gem install rouge',
        '  ```',
        '',
        '- **load, read:** Both parse.',
        '- **Why is it slow?** Rouge.',
        '',
        '| file | the file |',
        '| --- | --- |',
      ].join('\n'),
    );
  });

  it('leaves out an AsciiDoc listing emptied by an include it does not read, with its caption', async () => {
    const adoc = [
      'Copy:',
      '',
      '.my-document.adoc',
      '[,asciidoc]',
      '----',
      'include::example$doc.adoc[]',
      '----',
    ];
    expect(
      await toMarkdown(
        [...adoc, '', '....', ' ', '....', '', '----', 'ls', '----'].join('\n'),
        'text/asciidoc',
      ),
    ).toBe('Copy:\n\n```\nls\n```');
  });

  it("leaves AsciiDoc's callout numbers out of code, with the comment that only held one", async () => {
    const adoc = [
      '[source,shell]',
      '----',
      '$ gem install asciidoctor <1>',
      "puts 'hi' # <2> <3>",
      '// <4>',
      'end',
      '----',
      '<1> Installs it.',
    ].join('\n');
    expect(await toMarkdown(adoc, 'text/asciidoc')).toMatch(
      /^```shell\n\$ gem install asciidoctor\nputs 'hi'\n\nend\n```\n\n *1\. Installs it\.$/,
    );
  });

  it('turns reStructuredText into Markdown', async () => {
    expect(await toMarkdown('Setup\n=====\n\nRun::\n\n    make\n\n.. note:: Twice.', 'text/x-rst')).toBe(
      '# Setup {#setup}\n\nRun:\n\n```\nmake\n```\n\n> **Note:** Twice.',
    );
  });

  it('fences indented code and turns a docs generator’s markup left in Markdown into what readers see', async () => {
    expect(
      await toMarkdown('Run:\n\n    save 60 1000\n\n{{< note >}}\nHi\n{{< /note >}}', 'text/markdown'),
    ).toBe('Run:\n\n```\nsave 60 1000\n```\n\n> **Note:** Hi\n\n');
  });

  it("turns an HTML description list in Markdown (Cargo's options) into items led by their terms, code left alone", async () => {
    const markdown = [
      '### Compilation Options',
      '',
      '<dl>',
      '',
      '<dt class="option-term" id="option-cargo-build--r"><a class="option-anchor" href="#option-cargo-build--r"></a><code>-r</code></dt>',
      '<dt class="option-term" id="option-cargo-build---release"><a class="option-anchor" href="#option-cargo-build---release"></a><code>--release</code></dt>',
      '<dd class="option-desc"><p>Build optimized artifacts with the <code>release</code> profile.</p>',
      '</dd>',
      '',
      '</dl>',
      '',
      '```html',
      '<dl><dt>kept</dt></dl>',
      '```',
    ].join('\n');
    expect(await toMarkdown(markdown, 'text/markdown')).toBe(
      [
        '### Compilation Options',
        '',
        '- `-r`, `--release`: Build optimized artifacts with the `release` profile.',
        '',
        '```html',
        '<dl><dt>kept</dt></dl>',
        '```',
      ].join('\n'),
    );
  });

  it('turns an HTML table in Markdown (a Jekyll page draws its options from data) into a Markdown table', async () => {
    const markdown = [
      'Options:',
      '',
      '<table> <tr><th>Setting</th><th>Flag</th></tr> <tr><td><strong>Port</strong> Listen here.</td><td><code>--port</code></td></tr> </table>',
      '',
      '```html',
      '<table><tr><td>kept</td></tr></table>',
      '```',
    ].join('\n');
    expect(await toMarkdown(markdown, 'text/markdown')).toBe(
      [
        'Options:',
        '',
        '| Setting | Flag |',
        '| --- | --- |',
        '| Port Listen here. | `--port` |',
        '',
        '```html',
        '<table><tr><td>kept</td></tr></table>',
        '```',
      ].join('\n'),
    );
  });
});
