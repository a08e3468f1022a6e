import { withMdbookIncludes } from './mdbook-includes';

/** A book's files in memory, by absolute path. */
const FILES: Record<string, string> = {
  '/book/src/listings/main.rs': [
    'use std::io;',
    '',
    '// ANCHOR: read',
    'fn main() {',
    '    // ANCHOR: line',
    '    io::stdin().read_line(&mut guess);',
    '    // ANCHOR_END: line',
    '}',
    '// ANCHOR_END: read',
    '',
  ].join('\n'),
  '/book/src/parts/intro.md': 'An included part, which includes {{#include ../listings/main.rs:1}} too.\n',
};
const read = async (path: string) => FILES[path];
const include = (page: string) => withMdbookIncludes(page, '/book/src/guide/page.md', '/book', read);

describe('withMdbookIncludes', () => {
  it('puts in a file, its lines by number or an anchor’s lines, as mdBook’s links preprocessor does', async () => {
    expect(await include('{{#include ../listings/main.rs:2:4}}')).toBe('\n// ANCHOR: read\nfn main() {');
    expect(await include('{{#include ../listings/main.rs::1}}|{{#include ../listings/main.rs:8:}}')).toBe(
      'use std::io;|}\n// ANCHOR_END: read',
    );
    // An anchor's lines, without the anchors inside it; rustdoc_include's as a reader sees them.
    expect(await include('```rust\n{{#rustdoc_include ../listings/main.rs:read}}\n```')).toBe(
      '```rust\nfn main() {\n    io::stdin().read_line(&mut guess);\n}\n```',
    );
    expect(await include('{{#playground ../listings/main.rs:line editable, no_run}}')).toBe(
      '```rust,editable,no_run\n    io::stdin().read_line(&mut guess);\n```',
    );
    expect(await include('{{#include ../parts/intro.md}}')).toBe(
      'An included part, which includes use std::io; too.',
    );
  });

  it('leaves an escaped helper, a missing file or anchor, and a file outside the book as written', async () => {
    const page = [
      '\\{{#include ../listings/main.rs}}',
      '{{#include ../listings/gone.rs}}',
      '{{#include ../listings/main.rs:nowhere}}',
      '{{#include ../../../etc/passwd}}',
    ].join('\n');
    expect(await include(page)).toBe(page);
  });
});
