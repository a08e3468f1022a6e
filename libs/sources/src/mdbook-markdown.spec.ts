import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from './file-loader';
import { detectDialect, normaliseMarkdown, repositoryDialect } from './markdown-dialect';
import { mdbookSourceFolder, summaryChapters } from './mdbook-book';
import { mdbookSlug } from './mdbook-markdown';

/** Shaped like the Rust book's and Cargo's pages: hidden lines, attributes, an admonish block. */
const GUESSING_GAME = [
  '# Programming a Guessing Game',
  '',
  '## Processing a Guess',
  '',
  '```rust,ignore',
  '# use std::io;',
  '#',
  '# fn main() {',
  '    let mut guess = String::new();',
  '    ## not hidden: an escaped line',
  '    #[allow(unused)]',
  '    io::stdin().read_line(&mut guess);',
  '# }',
  '```',
  '',
  '```console',
  '# run it',
  '$ cargo run',
  '```',
  '',
  '```python,hidelines=~',
  '~import os',
  'print(os.getcwd())',
  '```',
  '',
  '```admonish warning title="Data loss"',
  'Back up `target/` first:',
  '',
  '    cp -r target backup',
  '```',
  '',
  '{{#title The Guessing Game}}',
  '',
  'Write \\{{#include file.rs}} to put a file in.',
].join('\n');

describe('the mdBook dialect', () => {
  it('keeps of a code block what its reader sees: not rustdoc’s hidden lines, nor the fence’s attributes', () => {
    const read = normaliseMarkdown(GUESSING_GAME, 'mdbook');
    expect(read).toContain(
      [
        '```rust',
        '    let mut guess = String::new();',
        '    # not hidden: an escaped line',
        '    #[allow(unused)]',
        '    io::stdin().read_line(&mut guess);',
        '```',
      ].join('\n'),
    );
    // Only Rust's blocks hide `# ` lines; another language's prefix is its block's own.
    expect(read).toContain('```console\n# run it\n$ cargo run\n```');
    expect(read).toContain('```python\nprint(os.getcwd())\n```');
    expect(read).toContain(
      '> **Data loss:** Back up `target/` first:\n>\n> ```\n> cp -r target backup\n> ```',
    );
    expect(read).not.toContain('{{#title');
    expect(read).toContain('Write {{#include file.rs}} to put a file in.');
  });

  it('gives headings mdBook’s ids, repeats numbered and a custom one kept', () => {
    expect(mdbookSlug('`--jobs`: parallel jobs')).toBe('--jobs-parallel-jobs');
    expect(mdbookSlug('Publishing on crates.io')).toBe('publishing-on-cratesio');
    expect(mdbookSlug('The `[patch]` section')).toBe('the-patch-section');
    expect(mdbookSlug('::')).toBe('section');
    const read = normaliseMarkdown('# Tests\n\n## Example\n\n## Example\n\n## Custom {#mine}', 'mdbook');
    expect(read).toContain('## Example {#example}\n\n## Example {#example-1}\n\n## Custom {#mine}');
  });

  it('is told from its helpers and from a repository’s book.toml', () => {
    expect(detectDialect('```rust\n{{#include ../listings/main.rs:all}}\n```')).toBe('mdbook');
    expect(detectDialect('{{#title Hello}}\n\n# Hello')).toBe('mdbook');
    expect(detectDialect('Hugo: {{< relref "x" >}}')).toBe('hugo');
    // A page about mdBook's helpers names them in its sentences, or escapes them.
    expect(
      detectDialect('Put a file in with `{{#include file.rs}}`.\n\n```hbs\n\\{{#include file.rs}}\n```'),
    ).toBe('markdown');
    expect(repositoryDialect(['README.md', 'doc/user-guide/book.toml', 'doc/user-guide/src/index.md'])).toBe(
      'mdbook',
    );
  });

  it('reads its source folder from book.toml and its chapters from SUMMARY.md', () => {
    expect(mdbookSourceFolder('[book]\ntitle = "The rustup book"\n')).toBe('src/');
    expect(mdbookSourceFolder('[book]\nsrc = "./pages/"\n')).toBe('pages/');
    const summary = [
      '# Summary',
      '',
      '[Introduction](index.md)',
      '- [Installation](installation/index.md)',
      '    - [Windows](./installation/windows.md#msvc)',
      '- [Draft]()',
      '- [Spaces](my%20page.md)',
      '- [Elsewhere](https://example.com/x.md)',
    ].join('\n');
    expect([...summaryChapters(summary)]).toEqual([
      'index.md',
      'installation/index.md',
      'installation/windows.md',
      'my page.md',
    ]);
  });
});

describe('loading an mdBook folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docqa-mdbook-'));
  const write = (path: string, content: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  beforeAll(() => {
    write('book/book.toml', '[book]\ntitle = "Acme"\n');
    write('book/README.md', '# How to build this book\n');
    write('book/src/SUMMARY.md', '# Summary\n\n[Intro](README.md)\n- [Guide](guide/install.md)\n');
    write('book/src/README.md', '# Acme\n\nRead [the install guide](guide/install.md#with-cargo).\n');
    write(
      'book/src/guide/install.md',
      [
        '# Install',
        '',
        '## With Cargo',
        '',
        'Install it from [crates.io]; see [rustc](../../rustc/index.md#lto):',
        '',
        '```rust',
        '{{#rustdoc_include ../listings/main.rs:install}}',
        '```',
        '',
        '{{#playground ../listings/hello.rs editable}}',
        '',
        '[crates.io]: https://crates.io/',
      ].join('\n'),
    );
    write(
      'book/src/listings/main.rs',
      'fn main() {\n    // ANCHOR: install\n    acme::install();\n    // ANCHOR_END: install\n}\n',
    );
    write('book/src/listings/hello.rs', 'fn main() {}\n');
    write('book/src/listings/notes.md', '# Notes the summary does not list\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes the chapters its summary lists as page.html, from its source folder, with its helpers put in', async () => {
    const result = await loadPaths([join(dir, 'book')], { baseUrl: 'https://acme.test/book/' });
    const byId = new Map(result.documents.map((d) => [d.id, d]));
    expect([...byId.keys()].sort()).toEqual(['src/README.md', 'src/guide/install.md']);
    expect(result.skipped.map((s) => s.source.slice(dir.length)).sort()).toEqual([
      '/book/README.md',
      '/book/src/SUMMARY.md',
      '/book/src/listings/notes.md',
    ]);
    expect(byId.get('src/README.md')!.url).toBe('https://acme.test/book/');
    expect(byId.get('src/README.md')!.content).toContain(
      '[the install guide](https://acme.test/book/guide/install.html#with-cargo)',
    );
    const install = byId.get('src/guide/install.md')!;
    expect(install.url).toBe('https://acme.test/book/guide/install.html');
    expect(install.content).toContain('## With Cargo {#with-cargo}');
    // Another book of the site, whose Markdown file mdBook links as its page.
    expect(install.content).toContain(
      'Install it from [crates.io](https://crates.io/); see [rustc](../../rustc/index.html#lto):',
    );
    expect(install.content).toContain('```rust\n    acme::install();\n```');
    expect(install.content).toContain('```rust\nfn main() {}\n```');
    expect(install.content).not.toContain('[crates.io]: ');

    // The source folder loaded by itself: the same pages at the same URLs.
    const src = await loadPaths([join(dir, 'book/src')], { baseUrl: 'https://acme.test/book/' });
    expect(src.documents.map((d) => d.url).sort()).toEqual([
      'https://acme.test/book/',
      'https://acme.test/book/guide/install.html',
    ]);
  });
});
