import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { asciidocHtml } from './asciidoc-html';
import { loadFileData, loadPaths } from './file-loader';
import { referenceWords } from './reference-words';
import { rstInline } from './rst-inline';
import { rstLabels } from './rst-markdown';

let root: string;

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'docqa-xref-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The text of a document's HTML, tags dropped, on one line. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('cross-references without text, in an Antora component of two modules', () => {
  const COMPONENT = {
    'docs/antora.yml': 'name: acme\nversion: "2.1"\n',
    'docs/modules/ROOT/pages/index.adoc': [
      '= Acme Documentation',
      '',
      'To move from the old tool, follow xref:migrate:from-legacy.adoc[].',
      'Its last part is xref:migrate:from-legacy.adoc#_check_the_result[].',
      'Each option is in xref:migrate:from-legacy.adoc#options[], and <<migrate:from-legacy.adoc#options>>.',
      'See xref:migrate:index.adoc[] and xref:other-component:ROOT:index.adoc[].',
      'The CLI has its xref:cli:index.adoc[own pages].',
      '',
      '----',
      'xref:migrate:from-legacy.adoc[]',
      '----',
      '',
      'Written `+xref:migrate:from-legacy.adoc[]+` in a page.',
    ].join('\n'),
    'other/antora.yml': 'name: other-component\nversion: ~\n',
    'other/modules/ROOT/pages/index.adoc':
      '= Other Component Home\n\nBack to xref:acme:migrate:index.adoc[].\n',
    'docs/modules/migrate/pages/index.adoc': '= Migration Guides\n\nSee xref:from-legacy.adoc[].\n',
    'docs/modules/migrate/pages/from-legacy.adoc': [
      '= Migrate from Legacy Acme',
      '',
      '[#options]',
      '== Options that changed',
      '',
      'Text.',
      '',
      '== Check the result',
      '',
      'Text.',
    ].join('\n'),
  };

  it("gives each the target page's title, or the section's an id names, in the folder's documents", async () => {
    write(COMPONENT);
    const { documents } = await loadPaths([join(root, 'docs/modules')], {
      baseUrl: 'https://docs.example.org/acme/2.1/',
    });
    const index = documents.find((d) => d.id === 'ROOT/pages/index.adoc')!;
    const shown = text(await asciidocHtml(index.content));
    expect(shown).toContain('follow Migrate from Legacy Acme.');
    expect(shown).toContain('Its last part is Check the result.');
    expect(shown).toContain('Each option is in Options that changed, and Options that changed.');
    expect(shown).toContain('See Migration Guides and other component.');
    expect(shown).toContain('its own pages.');
    // Code shows the markup as written.
    expect(index.content).toContain('----\nxref:migrate:from-legacy.adoc[]\n----');
    expect(shown).toContain('Written xref:migrate:from-legacy.adoc[] in a page.');
    // A page of the same module, named from the module's pages folder.
    const guides = documents.find((d) => d.id === 'migrate/pages/index.adoc')!;
    expect(text(await asciidocHtml(guides.content))).toContain('See Migrate from Legacy Acme.');
    // The link still leads to the target's page.
    expect(await asciidocHtml(index.content)).toContain('href="migrate:from-legacy.html"');
  });

  it("finds another component's page by its name when both are loaded", async () => {
    write(COMPONENT);
    const { documents } = await loadPaths([root]);
    const index = documents.find((d) => d.id === 'docs/modules/ROOT/pages/index.adoc')!;
    expect(text(await asciidocHtml(index.content))).toContain(
      'See Migration Guides and Other Component Home.',
    );
    const other = documents.find((d) => d.id === 'other/modules/ROOT/pages/index.adoc')!;
    expect(text(await asciidocHtml(other.content))).toContain('Back to Migration Guides.');
  });

  it('shows the words of the target, never its path, for a page loaded alone', async () => {
    write(COMPONENT);
    const { documents } = await loadPaths([join(root, 'docs/modules/ROOT/pages/index.adoc')]);
    const shown = text(await asciidocHtml(documents[0]!.content));
    expect(shown).toContain('follow from legacy.');
    expect(shown).toContain('Its last part is check the result.');
    expect(shown).toContain('See migrate and other component.');
    expect(shown.replaceAll('xref:migrate:from-legacy.adoc[]', '')).not.toMatch(/\.html|\.adoc/);
  });
});

describe('asciidocHtml', () => {
  it('shows an id the document does not hold as its words, a known one as its section title', async () => {
    const html = await asciidocHtml('= T\n\n== Install it\n\nSee <<_install_it>> and <<no-such-id>>.\n');
    expect(text(html)).toContain('See Install it and no such id.');
  });

  it('keeps link text an author wrote, and a link shown as its address', async () => {
    const html = await asciidocHtml('= T\n\nOpen xref:out.adoc[the output] or link:out.html[].\n');
    expect(text(html)).toContain('Open the output or out.html.');
  });
});

describe('cross-references without text, in a Sphinx folder', () => {
  const SPHINX = {
    'index.rst': [
      'Acme',
      '====',
      '',
      'Start with :doc:`how-to/install`, then read :ref:`fixture-scopes` and',
      ':ref:`the marks <mark>`; :doc:`/reference/api` lists the calls.',
      'The debugger is :doc:`python:library/pdb`; ``:doc:`how-to/install` `` is the markup.',
      '',
      'Written in a page::',
      '',
      '    See :ref:`fixture-scopes`.',
      '',
      '.. code-block:: rst',
      '',
      '    :doc:`how-to/install`',
      '',
      '.. note::',
      '',
      '    Read :doc:`how-to/install` first.',
    ].join('\n'),
    'how-to/install.rst': 'How to install ``acme``\n=======================\n\nText.\n',
    'how-to/fixtures.rst': [
      'Fixtures',
      '========',
      '',
      '.. _`fixture-scopes`:',
      '',
      'Scopes of fixtures',
      '------------------',
      '',
      'Text, and :doc:`install`.',
    ].join('\n'),
    'reference/api.rst': 'API Reference\n=============\n',
  };

  it("gives a :doc: the page's title and a :ref: its label's section title", async () => {
    write(SPHINX);
    const { documents } = await loadPaths([root]);
    const index = documents.find((d) => d.id === 'index.rst')!;
    expect(index.content).toContain(':doc:`How to install acme <how-to/install>`');
    expect(index.content).toContain(':ref:`Scopes of fixtures <fixture-scopes>`');
    expect(index.content).toContain(':ref:`the marks <mark>`');
    expect(index.content).toContain(':doc:`API Reference </reference/api>`');
    expect(index.content).toContain(':doc:`python:library/pdb`');
    expect(index.content).toContain('``:doc:`how-to/install` ``');
    // Literal blocks show the markup; an admonition's body is text.
    expect(index.content).toContain('    See :ref:`fixture-scopes`.');
    expect(index.content).toContain('    :doc:`how-to/install`\n');
    expect(index.content).toContain('    Read :doc:`How to install acme <how-to/install>` first.');
    // From the file's own folder.
    const fixtures = documents.find((d) => d.id === 'how-to/fixtures.rst')!;
    expect(fixtures.content).toContain(':doc:`How to install acme <install>`');
    expect(rstInline(':doc:`How to install acme <how-to/install>`')).toBe(
      '[How to install acme](how-to/install)',
    );
  });

  it('shows the words of the path for a document uploaded alone', async () => {
    const doc = await loadFileData('index.rst', Buffer.from(SPHINX['index.rst']));
    expect(doc!.content).toContain(':doc:`how-to/install`');
    expect(rstInline(':doc:`how-to/install`')).toBe('[install](how-to/install)');
    expect(rstInline(':ref:`fixture-scopes`')).toBe('fixture scopes');
  });

  it('shows a code role by its text, not its explicit target', () => {
    expect(rstInline('New :option:`--nf, --new-first <--nf>` option')).toBe('New `--nf, --new-first` option');
    expect(rstInline(':option:`--lf`')).toBe('`--lf`');
  });

  it('reads the labels that stand above a section title, not those above other text', () => {
    const labels = rstLabels(
      '.. _a:\n.. _`B c`:\n\nTitle\n-----\n\n.. _para:\n\nA paragraph.\n\n.. _over:\n\n=====\nOver\n=====\n',
    );
    expect([...labels]).toEqual([
      ['a', 'Title'],
      ['b c', 'Title'],
      ['over', 'Over'],
    ]);
  });
});

describe('referenceWords', () => {
  it("reads a target's id, else its page's name, else its folder's for an index page", () => {
    expect(referenceWords('migrate:asciidoc-py.adoc')).toBe('asciidoc py');
    expect(referenceWords('cli:index.html')).toBe('cli');
    expect(referenceWords('page.html#_tab_size')).toBe('tab size');
    expect(referenceWords('#ex-my-doc')).toBe('ex my doc');
    expect(referenceWords('acme:ROOT:index.adoc')).toBe('acme');
    expect(referenceWords('index.adoc')).toBe('index');
  });
});
