import { absoluteLinks, inlineReferenceLinks, linksToPages, rewriteLinks } from './markdown-links';

describe('rewriteLinks', () => {
  it("rewrites a link after a list item's block whose closing fence is indented one column more", () => {
    const markdown = [
      '1. Check:',
      '',
      '   ```bash',
      '   kubectl get pods',
      '    ```',
      '',
      'See [the mixin](mixins).',
    ];
    expect(rewriteLinks(markdown.join('\n'), (t) => `X/${t}`)).toContain('See [the mixin](X/mixins).');
  });

  it('rewrites inline links, images and reference definitions, not code', () => {
    const markdown = [
      'See [install](install.md "Install") and ![shot](img/a.png), [<b c.md>](<b c.md>).',
      '[ref]: ref.md',
      'Not `[code](code.md)` here.',
      '```md',
      '[fenced](fenced.md)',
      '```',
      '~~~',
      '```',
      '[tilde](tilde.md)',
      '~~~',
      '[after](after.md)',
    ].join('\n');
    expect(rewriteLinks(markdown, (t) => `X/${t}`)).toBe(
      [
        'See [install](X/install.md "Install") and ![shot](X/img/a.png), [<b c.md>](<X/b c.md>).',
        '[ref]: X/ref.md',
        'Not `[code](code.md)` here.',
        '```md',
        '[fenced](fenced.md)',
        '```',
        '~~~',
        '```',
        '[tilde](tilde.md)',
        '~~~',
        '[after](X/after.md)',
      ].join('\n'),
    );
  });

  it('leaves footnotes alone', () => {
    expect(rewriteLinks('Text.[^1]\n\n[^1]: See below.', (t) => `X/${t}`)).toBe(
      'Text.[^1]\n\n[^1]: See below.',
    );
  });

  it('keeps a target its function answers null for', () => {
    expect(rewriteLinks('[a](a.md) [b](b.md)', (t) => (t === 'a.md' ? 'A' : null))).toBe('[a](A) [b](b.md)');
  });
});

describe('absoluteLinks', () => {
  it('resolves relative targets against the page, and leaves absolute ones and other schemes', () => {
    const url = 'https://docs.example/guide/install#linux';
    expect(
      absoluteLinks(
        '[a](../api.md#auth) [b](#proxy) [c](/start) [d](https://x.example/) [e](mailto:a@b.c) [f](//cdn.example/x)',
        url,
      ),
    ).toBe(
      '[a](https://docs.example/api.md#auth) [b](https://docs.example/guide/install#proxy) ' +
        '[c](https://docs.example/start) [d](https://x.example/) [e](mailto:a@b.c) [f](//cdn.example/x)',
    );
  });
});

describe('linksToPages', () => {
  const publish = (path: string) => `https://docs.example/${path.replace(/\.md$/, '')}`;
  it('links the folder’s files to their pages, with their anchors', () => {
    expect(
      linksToPages('[a](../api.md#auth) [b](setup.md) [c](./img/x.png?v=2)', 'guide/install.md', publish),
    ).toBe(
      '[a](https://docs.example/api#auth) [b](https://docs.example/guide/setup) ' +
        '[c](https://docs.example/guide/img/x.png?v=2)',
    );
  });
  it('links a Markdown file named from the root to its page, as VitePress and Docusaurus read it', () => {
    expect(linksToPages('[host](/config/server-options.md#server-host)', 'guide/cli.md', publish)).toBe(
      '[host](https://docs.example/config/server-options#server-host)',
    );
  });
  it('leaves anchors, root paths, other sites and links out of the folder', () => {
    const markdown = '[a](#top) [b](/x) [c](https://x.example/a.md) [d](../../out.md)';
    expect(linksToPages(markdown, 'guide/install.md', publish)).toBe(markdown);
  });

  it('with markdownOnly, leaves a link naming no Markdown file to the browser (Jekyll’s `../ubuntu/`)', () => {
    const markdown = '[a](../ubuntu/) [b](setup.md#run) [c](/_posts/2024-01-01-hi.markdown)';
    expect(linksToPages(markdown, 'guide/install.md', publish, '', true)).toBe(
      '[a](../ubuntu/) [b](https://docs.example/guide/setup#run) [c](https://docs.example/_posts/2024-01-01-hi.markdown)',
    );
  });

  it('keeps a path whose percent sign escapes nothing as written', () => {
    expect(linksToPages('[a](50%-off.md)', 'guide/x.md', publish)).toBe(
      '[a](https://docs.example/guide/50%-off)',
    );
  });

  it('leaves a link out of the folder the generator reads its pages from to the page it is on', () => {
    const markdown = '[codegen](../../rustc/codegen-options/index.html#lto) [profiles](profiles.md#lto)';
    expect(linksToPages(markdown, 'src/reference/build.md', (p) => `https://acme.test/${p}`, 'src/')).toBe(
      '[codegen](../../rustc/codegen-options/index.html#lto) [profiles](https://acme.test/src/reference/profiles.md#lto)',
    );
  });
});

describe('inlineReferenceLinks', () => {
  it('writes reference links and images inline with their definitions, which it drops', () => {
    const markdown = [
      'Publish it on [crates.io]! Run the [`cargo login`] command, [visit the home page][crates.io],',
      'see the [Cargo Book][book] or [the Book][] and ![logo][Logo  Image], the [Rust',
      'repository] but not [a',
      '',
      'paragraph].',
      'Unknown [labels] and [footnotes][^1] stay; so does `[crates.io]` in code, [inline](x.md) and \\[escaped].',
      '- [ ] a task',
      '```md',
      '[crates.io]',
      '```',
      '',
      '[crates.io]: https://crates.io/',
      '[`cargo login`]: ../commands/cargo-login.md',
      '[book]: <https://doc.rust-lang.org/cargo/> "The Cargo Book"',
      '[the book]: https://doc.rust-lang.org/book/',
      '[logo  image]: img/logo.png',
      '[rust repository]: https://github.com/rust-lang/rust/',
      '[a paragraph]: https://example.com/',
      '[crates.io]: https://second.example/',
    ].join('\n');
    expect(inlineReferenceLinks(markdown)).toBe(
      [
        'Publish it on [crates.io](https://crates.io/)! Run the [`cargo login`](../commands/cargo-login.md) command, [visit the home page](https://crates.io/),',
        'see the [Cargo Book](<https://doc.rust-lang.org/cargo/> "The Cargo Book") or [the Book](https://doc.rust-lang.org/book/) and ![logo](img/logo.png), the [Rust',
        'repository](https://github.com/rust-lang/rust/) but not [a',
        '',
        'paragraph].',
        'Unknown [labels] and [footnotes][^1] stay; so does `[crates.io]` in code, [inline](x.md) and \\[escaped].',
        '- [ ] a task',
        '```md',
        '[crates.io]',
        '```',
        '',
      ].join('\n'),
    );
    expect(inlineReferenceLinks('No [definitions] here.')).toBe('No [definitions] here.');
  });
});
