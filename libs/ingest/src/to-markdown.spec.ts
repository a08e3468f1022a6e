import { toMarkdown } from './to-markdown';

describe('toMarkdown', () => {
  it('keeps escaped markup of an HTML document escaped, so it never turns into live HTML', () => {
    const html =
      '<html><body><h1>XSS</h1><p>Write &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;.</p>' +
      '<pre>&lt;div class="a"&gt;</pre></body></html>';
    const markdown = toMarkdown(html, 'text/html');
    expect(markdown).not.toMatch(/<script|<img|<div/);
    expect(markdown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdown).toContain('&lt;div class="a"&gt;');
    expect(markdown).toContain('# XSS');
  });

  it('decodes other entities to text', () => {
    expect(toMarkdown('<p>AT&amp;T &eacute;t&eacute; &quot;quoted&quot;</p>', 'text/html')).toBe(
      'AT&T été "quoted"',
    );
  });
});
