import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rstTitle, rstToMarkdown } from './rst-markdown';

const install = readFileSync(join(__dirname, 'testing/dialects/install.rst'), 'utf8');

describe('rstToMarkdown', () => {
  const markdown = rstToMarkdown(install);

  it('turns section titles into headings by their adornment, with the anchors Sphinx gives them', () => {
    expect(rstTitle(install)).toBe('Install guide');
    expect(markdown.split('\n').filter((l) => l.startsWith('#'))).toEqual([
      '# Install guide {#install-guide}',
      '## Overview {#overview}',
      '### Details {#details}',
    ]);
  });

  it('gives a title that holds a role the id of its text, as docutils does', () => {
    const page = [
      '.. _ext-intersphinx:',
      '',
      ":mod:`sphinx.ext.intersphinx` -- Link to other projects' documentation",
      '======================================================================',
      '',
      'Text.',
      '',
      'The :doc:`usage <usage>` and ``code``',
      '-------------------------------------',
    ].join('\n');
    expect(
      rstToMarkdown(page)
        .split('\n')
        .filter((l) => l.startsWith('#')),
    ).toEqual([
      "# sphinx.ext.intersphinx -- Link to other projects' documentation {#sphinx-ext-intersphinx-link-to-other-projects-documentation}",
      '## The [usage](usage) and `code` {#the-usage-and-code}',
    ]);
  });

  it('turns :: literal blocks and code-block directives into fenced code with their language', () => {
    expect(markdown).toContain('Run this:\n\n```\npip install example\nexample --init\n```');
    expect(markdown).toContain('```python\nimport example\nexample.run()\n```');
    expect(markdown).toContain('```\nliteral only\n```');
    expect(markdown).toContain('  ```bash\n  echo nested\n  ```');
  });

  it('turns admonitions into labelled quotes and drops directives without text for a reader', () => {
    expect(markdown).toContain('> **Note:** Needs Python 3.\n>\n> Second paragraph.');
    expect(markdown).toContain('> **Warning:** Do not run as root.');
    expect(markdown).not.toMatch(/toctree|maxdepth|image::|pic\.png|include|\.\. _install/);
  });

  it('keeps inline literals and links, :doc: as a link to the page and :ref: as its text', () => {
    expect(markdown).toContain(
      'Install with `pip` and read [the docs](https://example.com/docs) or [usage](usage).\nSee configuring and config section.',
    );
  });

  it('keeps grid, simple and list tables readable as Markdown tables', () => {
    expect(markdown).toContain('| Name | Value |\n| --- | --- |\n| a | b more |');
    expect(markdown).toContain('| Name | Value |\n| --- | --- |\n| x | 1 |\n| y | 2 |');
    expect(markdown).toContain('| Option | Meaning |\n| --- | --- |\n| `-v` | verbose |');
  });

  it('keeps lists and definitions', () => {
    expect(markdown).toContain('- first item\n  continues here');
    expect(markdown).toContain('1. numbered');
    expect(markdown).toContain('**term**\n\nDefinition of term.');
  });

  it('ends a block quote at the first line that is not indented, converting the text after it', () => {
    expect(rstToMarkdown('Text.\n\n    A quoted line.\n\nMore text after it.\n')).toBe(
      'Text.\n\nA quoted line.\n\nMore text after it.',
    );
  });

  it("shows a :doc: of another project (intersphinx) or one named from the docs' root as its text", () => {
    const text = rstToMarkdown(
      [
        'Use :doc:`pip:index` to install, and drop into :doc:`pdb <python:library/pdb>` on failures.',
        'For examples of how to customize your test discovery :doc:`/example/pythoncollection`.',
      ].join('\n'),
    );
    expect(text).toBe(
      'Use pip to install, and drop into pdb on failures.\n' +
        'For examples of how to customize your test discovery pythoncollection.',
    );
  });

  it("shows a field list as items led by each field's name and drops the page's metadata fields", () => {
    const text = rstToMarkdown(
      [
        ':orphan:',
        ':tocdepth: 3',
        '',
        'Exit codes',
        '==========',
        '',
        ':Exit code 0: All tests passed',
        ':Exit code 5: No tests were collected,',
        '    see the :ref:`collection <collect>` options',
        '',
        'See :ref:`usage` for more.',
      ].join('\n'),
    );
    expect(text).toBe(
      [
        '# Exit codes {#exit-codes}',
        '',
        '- **Exit code 0:** All tests passed',
        '',
        '- **Exit code 5:** No tests were collected,',
        '  see the collection options',
        '',
        'See usage for more.',
      ].join('\n'),
    );
  });

  it('keeps the text of a directive body that opens with a role, dropping only its options', () => {
    const text = rstToMarkdown(
      [
        '.. note::',
        '',
        '    :func:`pytest.skip` and :func:`pytest.xfail` behave differently',
        '    in doctests.',
        '',
        '.. code-block:: python',
        '    :caption: conftest.py',
        '',
        '    import pytest',
      ].join('\n'),
    );
    expect(text).toBe(
      [
        '> **Note:** pytest.skip and pytest.xfail behave differently',
        '> in doctests.',
        '',
        '```python',
        'import pytest',
        '```',
      ].join('\n'),
    );
  });

  it("shows a seealso's argument as its text and a version directive's as its label", () => {
    const text = rstToMarkdown(
      [
        '.. seealso:: :ref:`Fixtures reference <reference-fixtures>`',
        '',
        '.. versionadded:: 5.2',
        '',
        '    Dynamic scope.',
      ].join('\n'),
    );
    expect(text).toBe(
      ['> **See also:** Fixtures reference', '', '> **New in version 5.2:** Dynamic scope.'].join('\n'),
    );
  });

  it('shows a substitution as its definition, not in code, and keeps an undefined one', () => {
    const page = [
      'Colours',
      '=======',
      '',
      '**|notebdcolors|** The colour of the border. Made by |acme| |logo| for |version|.',
      '',
      '``|notebdcolors|`` stays in code::',
      '',
      '    echo |notebdcolors|',
      '',
      '| a | b |',
      '',
      '.. |notebdcolors| replace:: ``noteBorderColor``, ``hintBorderColor``,',
      '   ``importantBorderColor``',
      '.. |acme| unicode:: U+00A9 Acme',
      '.. |logo| image:: logo.png',
    ].join('\n');
    const text = rstToMarkdown(page);
    expect(text).toContain(
      '**`noteBorderColor`, `hintBorderColor`, `importantBorderColor`** The colour of the border. Made by ©Acme  for |version|.',
    );
    expect(text).toContain('`|notebdcolors|` stays in code:\n\n```\necho |notebdcolors|\n```');
    expect(text).toContain('| a | b |');
    expect(text).not.toContain('replace::');
  });
});
